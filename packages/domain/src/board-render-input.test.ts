import { describe, expect, it } from 'vitest';
import { BOARD_FILE_TYPES } from './board-file-types.ts';
import {
  boardFileLayer,
  boardRenderColors,
  drawnFileType,
  guessConfirmation,
} from './board-render-input.ts';
import { DEFAULT_BOARD_SETTINGS_OPTIONS } from './board-settings-options.ts';

const OPTIONS = DEFAULT_BOARD_SETTINGS_OPTIONS;

describe('boardFileLayer', () => {
  it('draws every chosen type on a side and nothing for initialType', () => {
    for (const type of BOARD_FILE_TYPES) expect(boardFileLayer(type), type).not.toBeNull();
    expect(boardFileLayer('initialType')).toBeNull();
  });

  it('maps the outer layers to their side and type', () => {
    expect(boardFileLayer('topCopper')).toEqual({ side: 'top', type: 'copper' });
    expect(boardFileLayer('bottomMask')).toEqual({ side: 'bottom', type: 'soldermask' });
    expect(boardFileLayer('internalLayer')).toEqual({ side: 'inner', type: 'copper' });
    expect(boardFileLayer('nonPlatedDrill')).toEqual({ side: 'all', type: 'drill' });
    expect(boardFileLayer('outline')).toEqual({ side: 'all', type: 'outline' });
  });
});

describe('boardRenderColors', () => {
  it('follows the finishing, mask and silk of the settings (SPEC §9)', () => {
    const colors = boardRenderColors(
      { finishing: 'ENIG', maskColor: 'Red', silkColor: 'Black' },
      OPTIONS,
    );
    expect(colors).toMatchObject({
      copperFinish: '#d4af37',
      mask: '#b3121bbf',
      silk: '#000000',
      board: '#666666',
    });
  });

  it('gives the SPEC defaults for the default settings and unset colours', () => {
    expect(
      boardRenderColors({ finishing: 'HASL Lead Free', maskColor: null, silkColor: null }, OPTIONS),
    ).toEqual({
      board: '#666666',
      copper: '#cccccc',
      copperFinish: '#c0c0c0',
      mask: '#004200bf',
      silk: '#ffffff',
      paste: '#999999',
      outline: '#000000',
    });
  });
});

describe('drawnFileType and guessConfirmation', () => {
  const guess = { guessed: true, file_type: 'internalLayer', layer_number: 3 };

  it('draws a chosen type as itself, and an untyped file only when it is a guess', () => {
    expect(drawnFileType('topCopper', null)).toEqual({ fileType: 'topCopper', guessed: false });
    expect(drawnFileType('initialType', guess)).toEqual({
      fileType: 'internalLayer',
      guessed: true,
    });
    expect(drawnFileType('initialType', { ...guess, guessed: false })).toBeNull();
    expect(drawnFileType('initialType', null)).toBeNull();
    // A type chosen since is what is drawn, whatever was guessed.
    expect(drawnFileType('bottomCopper', guess)).toEqual({
      fileType: 'bottomCopper',
      guessed: false,
    });
  });

  it('confirms a guess in one change, with the layer number an inner layer needs', () => {
    expect(guessConfirmation({ id: 7, file_type: 'initialType', guess })).toEqual({
      id: 7,
      file_type: 'internalLayer',
      layer_number: 3,
    });
    expect(guessConfirmation({ id: 7, file_type: 'topCopper', guess })).toBeNull();
  });
});
