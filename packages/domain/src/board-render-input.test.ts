import { describe, expect, it } from 'vitest';
import { BOARD_FILE_TYPES } from './board-file-types.ts';
import { boardFileLayer, boardRenderColors } from './board-render-input.ts';
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
