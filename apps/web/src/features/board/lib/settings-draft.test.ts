import {
  BOARD_FILES_MESSAGES,
  BOARD_SETTINGS_MESSAGES,
  DEFAULT_BOARD_SETTINGS,
  DEFAULT_BOARD_SETTINGS_OPTIONS,
} from '@circuits/domain';
import { describe, expect, it } from 'vitest';
import { initialDraft, sameSettings, settingsErrors, switchUnits } from './settings-draft.ts';

const options = DEFAULT_BOARD_SETTINGS_OPTIONS;
const analysis = { widthMm: 80, lengthMm: 55.88, copperLayers: 4 };

describe('initialDraft', () => {
  it('takes saved settings as they are, proposing nothing', () => {
    const saved = { ...DEFAULT_BOARD_SETTINGS, boardWidth: 2, boardLength: 3, numberLayers: 2 };
    expect(initialDraft(saved, DEFAULT_BOARD_SETTINGS, analysis, options)).toEqual({
      settings: saved,
      proposed: [],
    });
  });

  it('fills size and layers from the analysis in the default unit', () => {
    const { settings, proposed } = initialDraft(null, DEFAULT_BOARD_SETTINGS, analysis, options);
    expect(settings.unitsIn).toBe('in');
    // 80 mm to 0.001 in.
    expect(settings.boardWidth).toBe(3.15);
    expect(settings.boardLength).toBe(2.2);
    expect(settings.numberLayers).toBe(4);
    expect(proposed).toEqual(['boardWidth', 'boardLength', 'numberLayers']);
  });

  it('marks settings taken from the files where they still hold what the files give', () => {
    const taken = {
      ...DEFAULT_BOARD_SETTINGS,
      boardWidth: 3.15,
      boardLength: 1,
      numberLayers: 4,
    };
    expect(initialDraft(taken, DEFAULT_BOARD_SETTINGS, analysis, options, true)).toEqual({
      settings: taken,
      proposed: ['boardWidth', 'numberLayers'],
    });
  });

  it('proposes in millimetres when the defaults are metric', () => {
    const metric = { ...DEFAULT_BOARD_SETTINGS, unitsIn: 'mm' };
    const { settings } = initialDraft(null, metric, analysis, options);
    expect(settings.boardWidth).toBe(80);
    expect(settings.boardLength).toBe(55.88);
  });

  it('leaves out what the analysis could not measure or the options do not offer', () => {
    const { settings, proposed } = initialDraft(
      null,
      DEFAULT_BOARD_SETTINGS,
      { widthMm: null, lengthMm: 0, copperLayers: 3 },
      options,
    );
    expect(settings.boardWidth).toBeNull();
    expect(settings.boardLength).toBeNull();
    expect(settings.numberLayers).toBeNull();
    expect(proposed).toEqual([]);
  });
});

describe('settingsErrors', () => {
  const valid = { ...DEFAULT_BOARD_SETTINGS, boardWidth: 2, boardLength: 3, numberLayers: 4 };

  it('has no errors for valid settings', () => {
    expect(settingsErrors(valid, [], options, null)).toEqual({});
  });

  it('puts the SPEC messages on their fields', () => {
    const errors = settingsErrors(
      { ...valid, panelization: true, panelization_x: 0, boardLength: 0, outerCooper: null },
      [],
      options,
      null,
    );
    expect(errors.boardLength).toBe(BOARD_SETTINGS_MESSAGES.boardSizes);
    expect(errors.panelization_x).toBe(BOARD_SETTINGS_MESSAGES.panelizationSizes);
    expect(errors.outerCooper).toBe(BOARD_FILES_MESSAGES.outerCopper);
  });

  it('asks for the inner copper weight only when the board has internal layers', () => {
    const noInner = { ...valid, innerCooper: null };
    expect(settingsErrors(noInner, [{ file_type: 'topCopper' }], options, null).innerCooper).toBe(
      undefined,
    );
    expect(
      settingsErrors(noInner, [{ file_type: 'internalLayer', layer_number: 1 }], options, null)
        .innerCooper,
    ).toBe(BOARD_FILES_MESSAGES.innerCopper);
  });

  it('refuses a size or layer count below what the board files measure', () => {
    const measured = { widthMm: 50.8, lengthMm: 76.2, copperLayers: 6 };
    expect(settingsErrors({ ...valid, unitsIn: 'in' }, [], options, measured)).toEqual({
      numberLayers: '4 layers are fewer than the 6 copper layers in the board files',
    });
    expect(
      settingsErrors(
        { ...valid, unitsIn: 'in', numberLayers: 6, boardWidth: 1 },
        [],
        options,
        measured,
      ),
    ).toEqual({ boardWidth: 'Width 1 in is less than the 2 in the board files measure' });
  });
});

it('compares settings field by field', () => {
  expect(sameSettings(DEFAULT_BOARD_SETTINGS, { ...DEFAULT_BOARD_SETTINGS })).toBe(true);
  expect(sameSettings(DEFAULT_BOARD_SETTINGS, { ...DEFAULT_BOARD_SETTINGS, unitsIn: 'mm' })).toBe(
    false,
  );
});

describe('switchUnits', () => {
  const inches = {
    ...DEFAULT_BOARD_SETTINGS,
    unitsIn: 'in',
    boardWidth: 1.1024,
    boardLength: 3.1496,
  };

  it('converts the lengths into the other unit, sizes to 0.01 mm', () => {
    const { after } = switchUnits(inches, 'mm', null);
    expect(after).toMatchObject({ unitsIn: 'mm', boardWidth: 28, boardLength: 80 });
    const { after: back } = switchUnits(after, 'in', null);
    // To 0.001 in, not 1.1023622.
    expect(back).toMatchObject({ unitsIn: 'in', boardWidth: 1.102, boardLength: 3.15 });
  });

  it('restores the values as they were when switched straight back', () => {
    const toMm = switchUnits(inches, 'mm', null);
    const back = switchUnits(toMm.after, 'in', toMm);
    expect(back.after).toEqual(inches);
  });

  it('converts anew once a value changed in between', () => {
    const toMm = switchUnits(inches, 'mm', null);
    const edited = { ...toMm.after, boardWidth: 50.8 };
    const back = switchUnits(edited, 'in', toMm);
    // The untouched length is converted from its rounded millimetres again.
    expect(back.after).toMatchObject({ unitsIn: 'in', boardWidth: 2, boardLength: 3.15 });
  });
});
