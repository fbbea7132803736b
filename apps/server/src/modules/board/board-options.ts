import { BoardSettingsOptions } from '@circuits/contracts';
import {
  type BoardSettings,
  DEFAULT_BOARD_SETTINGS,
  DEFAULT_BOARD_SETTINGS_OPTIONS,
  isOfferedNumber,
  isOfferedText,
  MIN_EDGE_RAIL_WIDTH,
} from '@circuits/domain';

/**
 * The options in force from the stored lists. A list that is missing or malformed (the rows are
 * edited by hand) falls back to the domain default, so the form always has something to offer.
 */
export function optionsFromLists(lists: ReadonlyMap<string, unknown>): BoardSettingsOptions {
  const shape = BoardSettingsOptions.shape;
  const options = { ...DEFAULT_BOARD_SETTINGS_OPTIONS } as Record<string, unknown>;
  for (const name of Object.keys(shape) as (keyof typeof shape)[]) {
    const parsed = shape[name].safeParse(lists.get(name));
    if (parsed.success && parsed.data.length > 0) options[name] = parsed.data;
  }
  return options as BoardSettingsOptions;
}

/** `preferred` when it is offered, else the first offered value. */
function offeredOr<T extends string | number>(
  offered: readonly T[],
  preferred: T | null,
): T | null {
  const isOffered =
    typeof preferred === 'number'
      ? isOfferedNumber(offered as readonly number[], preferred)
      : isOfferedText(offered as readonly string[], preferred);
  return isOffered ? preferred : (offered[0] ?? null);
}

/**
 * A new board's settings: the SPEC §3 defaults (domain DEFAULT_BOARD_SETTINGS), each choice
 * replaced by the first offered one when an administrator no longer offers the default.
 */
export function defaultSettings(options: BoardSettingsOptions): BoardSettings {
  const base = DEFAULT_BOARD_SETTINGS;
  const unit = offeredOr(options.units, base.unitsIn as 'in' | 'mm');
  return {
    ...base,
    // The default rail is the narrowest of its unit (0.15 in or 4 mm), not 0.15 mm.
    edge_rail_width: unit ? MIN_EDGE_RAIL_WIDTH[unit] : base.edge_rail_width,
    boardMaterial: offeredOr(options.materials, base.boardMaterial),
    finishing: offeredOr(options.finishings, base.finishing),
    boardThickness: offeredOr(options.boardThicknessesMm, base.boardThickness),
    unitsIn: unit,
    via_process: offeredOr(options.viaProcesses, base.via_process),
    edge_rail: offeredOr(options.edgeRails, base.edge_rail as 'None'),
    panel_cutting: offeredOr(options.panelCuttings, base.panel_cutting as 'V-Scoring'),
    maskColor: offeredOr(
      options.maskColors.map((color) => color.name),
      base.maskColor,
    ),
    silkColor: offeredOr(
      options.silkColors.map((color) => color.name),
      base.silkColor,
    ),
    outerCooper: offeredOr(options.outerCopperWeightsOz, base.outerCooper),
    innerCooper: offeredOr(options.innerCopperWeightsOz, base.innerCooper),
  };
}
