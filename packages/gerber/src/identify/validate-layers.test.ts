import { describe, expect, it } from 'vitest';
import { LayerListError, validateLayers } from './validate-layers.ts';

const GERBER = '%FSLAX24Y24*%\n%MOIN*%\nM02*\n';

function messageOf(layers: unknown): string {
  try {
    validateLayers(layers);
  } catch (error) {
    if (error instanceof LayerListError) return error.message;
    throw error;
  }
  throw new Error('expected the layer list to be rejected');
}

describe('validateLayers', () => {
  it.each([
    ['undefined', undefined],
    ['null', null],
    ['an object', { filename: 'a.gtl', gerber: GERBER }],
    ['a string', 'a.gtl'],
  ])('rejects %s: the list must be an array', (_, layers) => {
    expect(messageOf(layers)).toBe('layers must be an array');
  });

  it('accepts an empty list and layers named by file name or by side/type', () => {
    const layers = [
      { filename: 'a.gtl', gerber: GERBER },
      { side: 'bottom', type: 'copper', gerber: new Uint8Array([71, 48, 52, 42]) },
      { type: 'drawing', converter: { layer: [] } },
      { filename: 'a.gko', side: 'all', type: 'outline', gerber: '' },
      { filename: 'a.txt', side: null, type: null, gerber: 'M48\n' },
    ];
    expect(validateLayers([])).toEqual([]);
    expect(validateLayers(layers)).toBe(layers);
  });

  it('needs a Gerber source or a cached converter', () => {
    expect(messageOf([{ filename: 'a.gtl' }])).toBe(
      'layer 0 (a.gtl) is missing gerber source or cached converter',
    );
    expect(messageOf([{ side: 'top', type: 'copper', gerber: 42, converter: null }])).toBe(
      'layer 0 is missing gerber source or cached converter',
    );
    expect(messageOf([{ filename: 'a.gtl', gerber: GERBER }, null])).toBe(
      'layer 1 is missing gerber source or cached converter',
    );
  });

  it('needs a file name or a side/type', () => {
    expect(messageOf([{ gerber: GERBER }])).toBe('layer 0 is missing filename or side/type');
    expect(messageOf([{ filename: '  ', side: 'top', gerber: GERBER }])).toBe(
      'layer 0 is missing filename or side/type',
    );
  });

  it('needs a side/type pair that names a real layer', () => {
    expect(messageOf([{ side: 'top', type: 'drill', gerber: GERBER }])).toBe(
      'layer 0 has invalid side/type (top/drill)',
    );
    expect(messageOf([{ filename: 'a.gtl', side: 'left', type: 'copper', gerber: GERBER }])).toBe(
      'layer 0 (a.gtl) has invalid side/type (left/copper)',
    );
    expect(messageOf([{ filename: 'a.gtl', type: 'copper', gerber: GERBER }])).toBe(
      'layer 0 (a.gtl) has invalid side/type (null/copper)',
    );
    expect(messageOf([{ side: 'inner', type: 'soldermask', gerber: GERBER }])).toBe(
      'layer 0 has invalid side/type (inner/soldermask)',
    );
  });

  it('names every bad layer at once and lists them for callers', () => {
    const layers = [
      { filename: 'ok.gtl', gerber: GERBER },
      { filename: 'b.gbl' },
      { gerber: GERBER },
      { filename: 'c.gto', side: 'all', type: 'silkscreen', gerber: GERBER },
    ];
    let error: unknown;
    try {
      validateLayers(layers);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(LayerListError);
    expect(error).toMatchObject({
      code: 'INVALID_LAYER_LIST',
      message:
        'layer 1 (b.gbl) is missing gerber source or cached converter; ' +
        'layer 2 is missing filename or side/type; ' +
        'layer 3 (c.gto) has invalid side/type (all/silkscreen)',
      problems: [
        { index: 1, filename: 'b.gbl', problem: 'is missing gerber source or cached converter' },
        { index: 2, problem: 'is missing filename or side/type' },
        { index: 3, filename: 'c.gto', problem: 'has invalid side/type (all/silkscreen)' },
      ],
    });
  });
});
