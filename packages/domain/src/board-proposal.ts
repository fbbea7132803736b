import type { BoardSettings } from './board-settings.ts';
import type { BoardSettingsOptions } from './board-settings-options.ts';
import { isOfferedNumber } from './offered-options.ts';
import { BOARD_SIZE_DECIMALS, convertLength, isLengthUnit } from './units.ts';

// What the Gerber analysis of a board's files proposes for its settings: the board's size and
// its number of copper layers. The server saves the proposal as the settings while a user has
// saved none; the settings form shows it the same way.

/** What the analysis measured (the product page's boardAnalysis). */
export type BoardProposal = {
  widthMm: number | null;
  lengthMm: number | null;
  copperLayers: number;
};

/** The settings fields a proposal fills. */
export const PROPOSED_FIELDS = ['boardWidth', 'boardLength', 'numberLayers'] as const;
export type ProposedField = (typeof PROPOSED_FIELDS)[number];

/** Decimal places a proposed length is given with: a hundredth of a millimetre, or a thou. */
const PROPOSAL_DECIMALS = BOARD_SIZE_DECIMALS;

/**
 * `base` with width, length and layer count taken from the analysis where it measured them, in
 * the settings' unit (millimetres when it is not set): lengths only when above zero, the layer
 * count only when the options offer it. `proposed` lists the fields filled.
 */
export function proposeBoardSettings(
  base: BoardSettings,
  analysis: BoardProposal,
  options: Pick<BoardSettingsOptions, 'numberLayers'>,
): { settings: BoardSettings; proposed: ProposedField[] } {
  const settings = { ...base };
  const proposed: ProposedField[] = [];
  const unit = isLengthUnit(settings.unitsIn) ? settings.unitsIn : 'mm';
  settings.unitsIn = unit;
  const lengths = [
    ['boardWidth', analysis.widthMm],
    ['boardLength', analysis.lengthMm],
  ] as const;
  for (const [field, lengthMm] of lengths) {
    if (lengthMm === null || !(lengthMm > 0)) continue;
    const converted = convertLength(lengthMm, 'mm', unit);
    settings[field] = Number(converted.toFixed(PROPOSAL_DECIMALS[unit]));
    proposed.push(field);
  }
  if (isOfferedNumber(options.numberLayers, analysis.copperLayers)) {
    settings.numberLayers = analysis.copperLayers;
    proposed.push('numberLayers');
  }
  return { settings, proposed };
}

/** Whether a proposal gives all it can: the board's size and its layer count. */
export function isCompleteProposal(proposed: readonly ProposedField[]): boolean {
  return PROPOSED_FIELDS.every((field) => proposed.includes(field));
}
