import {
  BOARD_BOUND_MESSAGES,
  isAtLeast,
  isAtMost,
  isWithin,
  MAX_BOARD_SIDE,
  MAX_EDGE_RAIL_WIDTH,
  MAX_PANEL_BOARDS,
  MIN_EDGE_RAIL_WIDTH,
  MIN_V_SCORING_PANEL_SIDE,
  ROUT_WIDTH_RANGE,
} from './board-limits.ts';
import type { BoardSettings, BoardSettingsField } from './board-settings.ts';
import type { BoardSettingsOptions, EdgeRail, PanelCutting } from './board-settings-options.ts';
import {
  checkCapabilities,
  DEFAULT_MANUFACTURING_CAPABILITIES,
  type ManufacturingCapabilities,
  type SidesMm,
} from './manufacturing-capabilities.ts';
import { isOfferedNumber, isOfferedText, offeredOption } from './offered-options.ts';
import { type LengthUnit, MM_PER_INCH } from './units.ts';
import { type FieldError, type ValidationResult, validationResult } from './validation-result.ts';

/** SPEC §5 "Board settings errors", word for word. */
export const BOARD_SETTINGS_MESSAGES = {
  edgeRails: 'Edge rails should be selected',
  boardSizes: 'Board sizes should be selected',
  panelizationSizes: 'Panelization sizes should be selected',
  panelCutting: 'Panel cutting should be selected',
  routWidth: 'Rout width should be selected',
  boardMaterial: 'Board material should be selected',
  numberLayers: 'Number of layers should be selected',
  boardThickness: 'Board thickness should be selected',
  finishing: 'Finishing should be selected',
  units: 'Units should be selected',
  viaProcess: 'Via process should be selected',
} as const;

/** SPEC §5 "Edge rail width should be greater than {n} in/mm": "… 0.15 in" or "… 4 mm". */
export function edgeRailWidthMessage(unit: LengthUnit): string {
  return `Edge rail width should be greater than ${MIN_EDGE_RAIL_WIDTH[unit]} ${unit}`;
}

/** SPEC §5 "Panel sizes should be greater than {n}in/mm for V-Scoring": "… 3in …" or "… 75mm …". */
export function vScoringPanelSizeMessage(unit: LengthUnit): string {
  return `Panel sizes should be greater than ${MIN_V_SCORING_PANEL_SIDE[unit]}${unit} for V-Scoring`;
}

/** Tab-routing with a rout width out of bounds (the SPEC gives the bounds but no message). */
export function routWidthRangeMessage(unit: LengthUnit): string {
  const { min, max } = ROUT_WIDTH_RANGE[unit];
  return `Rout width should be between ${min} and ${max} ${unit} for Tab-routing`;
}

type SettingsError = FieldError<BoardSettingsField>;

/** The panel geometry the cutting rules need, known only when its inputs are valid. */
type Panel = {
  unit: LengthUnit;
  edgeRail: EdgeRail;
  /** Boards per panel; 1 × 1 without panelization. */
  countX: number;
  countY: number;
};

/**
 * Checks settings against SPEC §5 and the options in force. Every broken rule gives one error,
 * in the SPEC's order. Rules that measure something in `unitsIn` are skipped while the unit
 * itself is not a valid choice ("Units should be selected" is reported instead), and each
 * cutting rule is skipped while the inputs it is computed from are themselves reported.
 */
export function validateBoardSettings(
  settings: BoardSettings,
  options: BoardSettingsOptions,
  capabilities: ManufacturingCapabilities = DEFAULT_MANUFACTURING_CAPABILITIES,
): ValidationResult<BoardSettingsField> {
  const unit = offeredOption(options.units, settings.unitsIn);
  const edgeRail = offeredOption(options.edgeRails, settings.edge_rail);
  const panelCutting = offeredOption(options.panelCuttings, settings.panel_cutting);
  const boardSizesError = checkBoardSizes(settings, unit);
  const panelizationError = settings.panelization ? checkPanelizationSizes(settings) : null;
  // The panel is measured only once the lengths and counts it is made of are valid.
  const panel: Panel | null =
    unit === null || edgeRail === null || boardSizesError || panelizationError
      ? null
      : {
          unit,
          edgeRail,
          countX: settings.panelization ? settings.panelization_x! : 1,
          countY: settings.panelization ? settings.panelization_y! : 1,
        };
  const errors = [
    edgeRail === null ? error('edge_rail', BOARD_SETTINGS_MESSAGES.edgeRails) : null,
    boardSizesError,
    panelizationError,
    checkEdgeRailWidth(settings, unit),
    panel && isPanel(settings, edgeRail) ? checkPanelSize(settings, panel) : null,
    panelCutting === null ? error('panel_cutting', BOARD_SETTINGS_MESSAGES.panelCutting) : null,
    ...(unit !== null && panelCutting !== null && isPanel(settings, edgeRail)
      ? checkPanelCutting(panelCutting, settings, unit, panel)
      : []),
    ...checkOfferedChoices(settings, options, unit !== null),
  ].filter((found) => found !== null);
  const made = checkMade(settings, options, capabilities, unit, panel, edgeRail).filter(
    (found) => !errors.some((known) => known.field === found.field),
  );
  return validationResult([...errors, ...made]);
}

/**
 * What the fab does not build (manufacturing-capabilities.ts), checked on the choices that are
 * themselves valid: a choice not offered already says "should be selected".
 */
function checkMade(
  settings: BoardSettings,
  options: BoardSettingsOptions,
  capabilities: ManufacturingCapabilities,
  unit: LengthUnit | null,
  panel: Panel | null,
  edgeRail: EdgeRail | null,
): SettingsError[] {
  const offered: BoardSettings = {
    ...settings,
    boardMaterial: isOfferedText(options.materials, settings.boardMaterial)
      ? settings.boardMaterial
      : null,
    boardThickness: isOfferedNumber(options.boardThicknessesMm, settings.boardThickness)
      ? settings.boardThickness
      : null,
    finishing: isOfferedText(options.finishings, settings.finishing) ? settings.finishing : null,
    outerCooper: isOfferedNumber(options.outerCopperWeightsOz, settings.outerCooper)
      ? settings.outerCooper
      : null,
    innerCooper: isOfferedNumber(options.innerCopperWeightsOz, settings.innerCooper)
      ? settings.innerCooper
      : null,
  };
  const layers = isOfferedNumber(options.numberLayers, settings.numberLayers)
    ? settings.numberLayers
    : null;
  const sides: SidesMm[] = [];
  if (unit !== null && panel !== null) {
    const factor = unit === 'in' ? MM_PER_INCH : 1;
    sides.push({
      widthMm: settings.boardWidth! * factor,
      lengthMm: settings.boardLength! * factor,
      panel: false,
    });
    if (isPanel(settings, edgeRail)) {
      const { width, length } = panelSides(settings, panel);
      sides.push({ widthMm: width * factor, lengthMm: length * factor, panel: true });
    }
  }
  return checkCapabilities(offered, capabilities, { layers, sides });
}

/** SPEC §5: material, layers, thickness, finishing, units and via process are offered options. */
function checkOfferedChoices(
  settings: BoardSettings,
  options: BoardSettingsOptions,
  unitOffered: boolean,
): SettingsError[] {
  const choices: [offered: boolean, field: BoardSettingsField, message: string][] = [
    [
      isOfferedText(options.materials, settings.boardMaterial),
      'boardMaterial',
      BOARD_SETTINGS_MESSAGES.boardMaterial,
    ],
    [
      isOfferedNumber(options.numberLayers, settings.numberLayers),
      'numberLayers',
      BOARD_SETTINGS_MESSAGES.numberLayers,
    ],
    [
      isOfferedNumber(options.boardThicknessesMm, settings.boardThickness),
      'boardThickness',
      BOARD_SETTINGS_MESSAGES.boardThickness,
    ],
    [
      isOfferedText(options.finishings, settings.finishing),
      'finishing',
      BOARD_SETTINGS_MESSAGES.finishing,
    ],
    [unitOffered, 'unitsIn', BOARD_SETTINGS_MESSAGES.units],
    [
      isOfferedText(options.viaProcesses, settings.via_process),
      'via_process',
      BOARD_SETTINGS_MESSAGES.viaProcess,
    ],
  ];
  return choices.flatMap(([offered, field, message]) => (offered ? [] : [error(field, message)]));
}

/** The rules of the chosen cutting method (SPEC §5). */
function checkPanelCutting(
  cutting: PanelCutting,
  settings: BoardSettings,
  unit: LengthUnit,
  panel: Panel | null,
): SettingsError[] {
  switch (cutting) {
    case 'V-Scoring':
      return panel === null || isVScorable(settings, panel)
        ? []
        : [error('panel_cutting', vScoringPanelSizeMessage(unit))];
    case 'Tab-routing':
      return checkTabRoutingWidths(settings, unit);
    case 'V-Scoring+Tab-routing':
      return checkSingleRoutWidth(settings, unit);
  }
}

/**
 * Board sizes are positive lengths no longer than a board can be (in the unit chosen; while no
 * unit is, the larger number of the two units' limits). One error for the pair, on the first bad
 * field.
 */
function checkBoardSizes(settings: BoardSettings, unit: LengthUnit | null): SettingsError | null {
  const sizes = ['boardWidth', 'boardLength'] as const;
  const unset = sizes.find((name) => !isPositive(settings[name]));
  if (unset) return error(unset, BOARD_SETTINGS_MESSAGES.boardSizes);
  const longest = MAX_BOARD_SIDE[unit ?? 'mm'];
  const tooLong = sizes.find((name) => !isAtMost(settings[name]!, longest));
  return tooLong ? error(tooLong, BOARD_BOUND_MESSAGES.boardSize) : null;
}

/** Panel counts are whole numbers of at least one board, and at most MAX_PANEL_BOARDS. */
function checkPanelizationSizes(settings: BoardSettings): SettingsError | null {
  const fields = ['panelization_x', 'panelization_y'] as const;
  const unset = fields.find((name) => {
    const count = settings[name];
    return count === null || !Number.isInteger(count) || count <= 0;
  });
  if (unset) return error(unset, BOARD_SETTINGS_MESSAGES.panelizationSizes);
  const tooMany = fields.find((name) => settings[name]! > MAX_PANEL_BOARDS);
  return tooMany ? error(tooMany, BOARD_BOUND_MESSAGES.panelizationSize) : null;
}

/** A panel (boards and rails) is no longer a side than a board may be. */
function checkPanelSize(settings: BoardSettings, panel: Panel): SettingsError | null {
  const { width, length } = panelSides(settings, panel);
  const longest = MAX_BOARD_SIDE[panel.unit];
  if (isAtMost(width, longest) && isAtMost(length, longest)) return null;
  const field = settings.panelization
    ? !isAtMost(width, longest)
      ? 'panelization_x'
      : 'panelization_y'
    : 'edge_rail_width';
  return error(field, BOARD_BOUND_MESSAGES.panelSize);
}

/** SPEC §5: the width rule applies unless the rail is None or empty. */
function hasRails(edgeRail: string | null): boolean {
  return edgeRail !== null && edgeRail !== '' && edgeRail !== 'None';
}

/**
 * The narrowest rail made, in mm: SPEC §9 gives 0.15 in or 4 mm, the fab's round numbers in
 * each unit, so a rail of 0.15 in (3.81 mm) is made whichever unit it is typed in. The message
 * keeps the SPEC's figure for the unit shown.
 */
export const EDGE_RAIL_WIDTH_ACCEPTED_MM = Math.min(
  MIN_EDGE_RAIL_WIDTH.mm,
  MIN_EDGE_RAIL_WIDTH.in * MM_PER_INCH,
);

function toMm(value: number, unit: LengthUnit): number {
  return unit === 'in' ? value * MM_PER_INCH : value;
}

/** SPEC §5: a rail is at least the minimum width; not measured while the unit is not chosen. */
function checkEdgeRailWidth(
  settings: BoardSettings,
  unit: LengthUnit | null,
): SettingsError | null {
  if (unit === null || !hasRails(settings.edge_rail)) return null;
  const width = settings.edge_rail_width;
  if (!isFiniteNumber(width) || !isAtLeast(toMm(width, unit), EDGE_RAIL_WIDTH_ACCEPTED_MM)) {
    return error('edge_rail_width', edgeRailWidthMessage(unit));
  }
  return !isAtMost(width, MAX_EDGE_RAIL_WIDTH[unit])
    ? error('edge_rail_width', BOARD_BOUND_MESSAGES.edgeRailWidth)
    : null;
}

/**
 * Whether there is anything to cut apart: a panel of boards, or a board with rails. A single
 * board without rails is delivered as it is, so no cutting rule applies to it.
 */
function isPanel(settings: BoardSettings, edgeRail: EdgeRail | null): boolean {
  return settings.panelization || hasRails(edgeRail);
}

/**
 * SPEC §5 V-Scoring: the panel's width and length, each the board size times the boards across
 * plus the two rails on that axis, must reach the minimum. Top and Bottom rails lengthen the
 * panel, Left and Right rails widen it, Round (rails all around) does both.
 */
function isVScorable(settings: BoardSettings, panel: Panel): boolean {
  const { width, length } = panelSides(settings, panel);
  const minimum = MIN_V_SCORING_PANEL_SIDE[panel.unit];
  return isAtLeast(width, minimum) && isAtLeast(length, minimum);
}

/** The panel's sides: the board size times the boards across plus the rails on that axis. */
function panelSides(settings: BoardSettings, panel: Panel): { width: number; length: number } {
  const railWidth = hasRails(panel.edgeRail) ? (settings.edge_rail_width ?? 0) : 0;
  const railsAcross = railsOnSides(panel.edgeRail);
  return {
    width: settings.boardWidth! * panel.countX + (railsAcross.leftRight ? 2 * railWidth : 0),
    length: settings.boardLength! * panel.countY + (railsAcross.topBottom ? 2 * railWidth : 0),
  };
}

function railsOnSides(edgeRail: EdgeRail): { topBottom: boolean; leftRight: boolean } {
  return {
    topBottom: edgeRail === 'Round' || edgeRail === 'Top and Bottom Side',
    leftRight: edgeRail === 'Round' || edgeRail === 'Left and Right Side',
  };
}

const ROUT_WIDTH_FIELDS = ['rout_width_horizontal', 'rout_width_vertical'] as const;

/** A rout width is set when it holds a non-zero number (0 is how an empty input is stored). */
function isRoutWidthSet(width: number | null): width is number {
  return isFiniteNumber(width) && width !== 0;
}

/** SPEC §5 Tab-routing: both rout widths set and within the bounds. */
function checkTabRoutingWidths(settings: BoardSettings, unit: LengthUnit): SettingsError[] {
  const errors: SettingsError[] = [];
  const missing = ROUT_WIDTH_FIELDS.find((field) => !isRoutWidthSet(settings[field]));
  if (missing) errors.push(error(missing, BOARD_SETTINGS_MESSAGES.routWidth));
  const outOfRange = ROUT_WIDTH_FIELDS.find((field) => {
    const width = settings[field];
    return isRoutWidthSet(width) && !isWithin(width, ROUT_WIDTH_RANGE[unit]);
  });
  if (outOfRange) errors.push(error(outOfRange, routWidthRangeMessage(unit)));
  return errors;
}

/**
 * SPEC §5 V-Scoring+Tab-routing: one axis is V-scored and the other routed, so exactly one rout
 * width is given, and it is within the bounds.
 */
function checkSingleRoutWidth(settings: BoardSettings, unit: LengthUnit): SettingsError[] {
  const given = ROUT_WIDTH_FIELDS.filter((field) => isRoutWidthSet(settings[field]));
  const [only] = given;
  if (given.length === 1 && only && isWithin(settings[only]!, ROUT_WIDTH_RANGE[unit])) return [];
  const field = given.length === 1 && only ? only : 'rout_width_horizontal';
  return [error(field, BOARD_SETTINGS_MESSAGES.routWidth)];
}

function error(field: BoardSettingsField, message: string): SettingsError {
  return { field, message };
}

function isFiniteNumber(value: number | null): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

function isPositive(value: number | null): value is number {
  return isFiniteNumber(value) && value > 0;
}
