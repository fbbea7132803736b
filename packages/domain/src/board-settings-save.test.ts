import { describe, expect, it } from 'vitest';
import { twoLayerBoardFiles, validBoardSettings } from './board.test-support.ts';
import { DEFAULT_BOARD_SETTINGS_OPTIONS } from './board-settings-options.ts';
import { validateBoardSettingsToSave } from './board-settings-save.ts';

const OPTIONS = DEFAULT_BOARD_SETTINGS_OPTIONS;

describe('validateBoardSettingsToSave', () => {
  it('accepts valid settings, with or without board files', () => {
    expect(validateBoardSettingsToSave(validBoardSettings(), [], OPTIONS).valid).toBe(true);
    expect(
      validateBoardSettingsToSave(validBoardSettings(), twoLayerBoardFiles(), OPTIONS).valid,
    ).toBe(true);
  });

  it('reports the settings rules, then copper weights, then colours', () => {
    const settings = validBoardSettings({
      boardWidth: 0,
      outerCooper: 7,
      innerCooper: null,
      maskColor: 'Pink',
      silkColor: 'Green',
    });
    const files = [
      ...twoLayerBoardFiles(),
      { file_type: 'internalLayer' as const, layer_number: 2 },
    ];
    expect(validateBoardSettingsToSave(settings, files, OPTIONS).errors).toEqual([
      { field: 'boardWidth', message: 'Board sizes should be selected' },
      { field: 'innerCooper', message: 'Inner copper weight should be selected' },
      { field: 'outerCooper', message: 'Outer copper weight should be selected' },
      { field: 'maskColor', message: 'Mask color should be selected' },
      { field: 'silkColor', message: 'Silk color should be selected' },
    ]);
  });

  it('does not refuse settings for problems of the files themselves', () => {
    const errors = validateBoardSettingsToSave(
      validBoardSettings(),
      [{ file_type: 'initialType' }],
      OPTIONS,
    ).errors;
    expect(errors).toEqual([]);
  });

  it('needs an inner copper weight only with internal layers', () => {
    const settings = validBoardSettings({ innerCooper: null });
    expect(validateBoardSettingsToSave(settings, twoLayerBoardFiles(), OPTIONS).valid).toBe(true);
  });

  it('takes unset colours as the defaults', () => {
    const settings = validBoardSettings({ maskColor: null, silkColor: null });
    expect(validateBoardSettingsToSave(settings, [], OPTIONS).valid).toBe(true);
  });

  it('refuses a minimum hole size of 0 or less, and one that is not a number', () => {
    for (const size of [-0.2, 0, Number.NaN]) {
      expect(
        validateBoardSettingsToSave(validBoardSettings({ min_hole_size: size }), [], OPTIONS)
          .errors,
      ).toEqual([{ field: 'min_hole_size', message: 'Min hole size should be greater than 0 mm' }]);
    }
    const fine = validBoardSettings({ min_hole_size: 0.15 });
    expect(validateBoardSettingsToSave(fine, [], OPTIONS).valid).toBe(true);
  });
});
