import { describe, expect, it } from 'vitest';
import { isCompleteProposal, proposeBoardSettings } from './board-proposal.ts';
import { DEFAULT_BOARD_SETTINGS } from './board-settings.ts';
import { DEFAULT_BOARD_SETTINGS_OPTIONS } from './board-settings-options.ts';

const options = DEFAULT_BOARD_SETTINGS_OPTIONS;

describe('proposeBoardSettings', () => {
  it('fills size (in the settings unit) and layer count, and says it is complete', () => {
    const { settings, proposed } = proposeBoardSettings(
      DEFAULT_BOARD_SETTINGS,
      { widthMm: 50.8, lengthMm: 25.4, copperLayers: 2 },
      options,
    );
    expect(settings).toEqual({
      ...DEFAULT_BOARD_SETTINGS,
      boardWidth: 2,
      boardLength: 1,
      numberLayers: 2,
    });
    expect(isCompleteProposal(proposed)).toBe(true);
  });

  it('is incomplete without a size or with a layer count not offered', () => {
    const noSize = proposeBoardSettings(
      DEFAULT_BOARD_SETTINGS,
      { widthMm: null, lengthMm: null, copperLayers: 2 },
      options,
    );
    expect(noSize.proposed).toEqual(['numberLayers']);
    expect(isCompleteProposal(noSize.proposed)).toBe(false);
    const odd = proposeBoardSettings(
      { ...DEFAULT_BOARD_SETTINGS, unitsIn: null },
      { widthMm: 30, lengthMm: 20, copperLayers: 3 },
      options,
    );
    expect(odd.settings).toMatchObject({ unitsIn: 'mm', boardWidth: 30, numberLayers: null });
    expect(isCompleteProposal(odd.proposed)).toBe(false);
  });
});
