import {
  type BoardFacts,
  type BoardFileForValidation,
  type BoardProposal,
  type BoardSettings,
  type BoardSettingsField,
  type BoardSettingsOptions,
  convertBoardSettingsUnits,
  type LengthUnit,
  type ProposedField,
  proposeBoardSettings,
  toFieldMessages,
  validateBoardSettingsToSave,
} from '@circuits/domain';

// The board settings form works on a draft of the settings: the saved ones, or for a board whose
// settings were never saved the defaults with the size and layer count the Gerber analysis
// proposes. Its checks are the domain's, the same the server applies.

export type SettingsDraft = { settings: BoardSettings; proposed: ProposedField[] };

/**
 * The settings the form starts from. Settings a user saved are taken as they are; settings the
 * server took from the board files are too, with the proposed fields marked. Otherwise the
 * defaults, with width, length and layer count filled from the analysis where it measured them.
 */
export function initialDraft(
  saved: BoardSettings | null,
  defaults: BoardSettings,
  analysis: BoardProposal | null,
  options: Pick<BoardSettingsOptions, 'numberLayers'>,
  takenFromFiles = false,
): SettingsDraft {
  if (saved) {
    if (!takenFromFiles || !analysis) return { settings: saved, proposed: [] };
    // Marked only where the saved value is still what the files give.
    const { settings, proposed } = proposeBoardSettings(saved, analysis, options);
    return {
      settings: saved,
      proposed: proposed.filter((field) => settings[field] === saved[field]),
    };
  }
  if (!analysis) return { settings: { ...defaults }, proposed: [] };
  return proposeBoardSettings(defaults, analysis, options);
}

/**
 * What saving would refuse, by field: the SPEC §5 board settings rules, the copper weights the
 * board files need, the colours offered and a size or layer count below what the files measure
 * (the server's own check). Several messages on one field are joined by a line break.
 */
export function settingsErrors(
  settings: BoardSettings,
  boardFiles: readonly BoardFileForValidation[],
  options: BoardSettingsOptions,
  measured: BoardFacts | null,
): Partial<Record<BoardSettingsField, string>> {
  return toFieldMessages(
    validateBoardSettingsToSave(settings, boardFiles, options, measured).errors,
  );
}

/** Whether two drafts hold the same settings (the form is then not changed). */
export function sameSettings(a: BoardSettings, b: BoardSettings): boolean {
  return (Object.keys(a) as BoardSettingsField[]).every((field) => a[field] === b[field]);
}

/** A unit switch the form made: the settings before it and after it. */
export type UnitSwitch = { before: BoardSettings; after: BoardSettings };

/**
 * The settings in another unit. Converting rounds (sizes to 0.01 mm or 0.001 in: 1.102 in is 27.99 mm, which
 * is 1.102 in again, but 27.99 mm typed is 1.102 in, which is 27.99 mm), so switching straight back, with nothing changed in between, restores the values
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
