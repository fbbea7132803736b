import {
  type BoardFileForValidation,
  type BoardSettings,
  type BoardSettingsField,
  type BoardSettingsOptions,
  convertBoardSettingsUnits,
  convertLength,
  isLengthUnit,
  isOfferedNumber,
  type LengthUnit,
  toFieldMessages,
  validateBoardSettingsToSave,
} from '@circuits/domain';

// The board settings form works on a draft of the settings: the saved ones, or for a board whose
// settings were never saved the defaults with the size and layer count the Gerber analysis
// proposes. Its checks are the domain's, the same the server applies.

/** What the Gerber analysis of the board files proposes (the product page's boardAnalysis). */
export type BoardProposal = {
  widthMm: number | null;
  lengthMm: number | null;
  copperLayers: number;
};

/** Fields a draft took from the analysis, so the form can say they are proposed. */
export type ProposedField = 'boardWidth' | 'boardLength' | 'numberLayers';

export type SettingsDraft = { settings: BoardSettings; proposed: ProposedField[] };

/** Decimal places a proposed length is shown with: a micrometre, or a tenth of a thou. */
const PROPOSAL_DECIMALS = { mm: 3, in: 4 } as const;

/**
 * The settings the form starts from. Saved settings are taken as they are. Otherwise the defaults,
 * with width, length and layer count filled from the analysis where it measured them (the layer
 * count only when it is one the options offer).
 */
export function initialDraft(
  saved: BoardSettings | null,
  defaults: BoardSettings,
  analysis: BoardProposal | null,
  options: Pick<BoardSettingsOptions, 'numberLayers'>,
): SettingsDraft {
  if (saved) return { settings: saved, proposed: [] };
  const settings = { ...defaults };
  const proposed: ProposedField[] = [];
  if (!analysis) return { settings, proposed };
  const unit = isLengthUnit(settings.unitsIn) ? settings.unitsIn : 'mm';
  if (!isLengthUnit(settings.unitsIn)) settings.unitsIn = unit;
  const lengths = [
    ['boardWidth', analysis.widthMm],
    ['boardLength', analysis.lengthMm],
  ] as const;
  for (const [field, lengthMm] of lengths) {
    if (lengthMm === null || lengthMm <= 0) continue;
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

/**
 * What saving would refuse, by field: the SPEC §5 board settings rules, the copper weights the
 * board files need and the colours offered (the server's own check). Several messages on one
 * field are joined by a line break.
 */
export function settingsErrors(
  settings: BoardSettings,
  boardFiles: readonly BoardFileForValidation[],
  options: BoardSettingsOptions,
): Partial<Record<BoardSettingsField, string>> {
  return toFieldMessages(validateBoardSettingsToSave(settings, boardFiles, options).errors);
}

/** Whether two drafts hold the same settings (the form is then not changed). */
export function sameSettings(a: BoardSettings, b: BoardSettings): boolean {
  return (Object.keys(a) as BoardSettingsField[]).every((field) => a[field] === b[field]);
}

/** A unit switch the form made: the settings before it and after it. */
export type UnitSwitch = { before: BoardSettings; after: BoardSettings };

/**
 * The settings in another unit. Converting rounds (1.1024 in is 28.001 mm, which is
 * 1.1024016 in), so switching straight back, with nothing changed in between, restores the values
 * as they were rather than converting the rounded ones again.
 */
export function switchUnits(
  settings: BoardSettings,
  to: LengthUnit,
  last: UnitSwitch | null,
): UnitSwitch {
  const back = last !== null && last.before.unitsIn === to && sameSettings(settings, last.after);
  return { before: settings, after: back ? last.before : convertBoardSettingsUnits(settings, to) };
}
