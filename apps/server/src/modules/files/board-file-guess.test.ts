import type { LayerIdentity } from '@circuits/gerber';
import { describe, expect, it } from 'vitest';
import { boardFileFromIdentity } from './board-file-guess.ts';

const identity = (changes: Partial<LayerIdentity>): LayerIdentity => ({
  filename: 'f.gbr',
  type: null,
  side: null,
  cad: null,
  filetype: 'gerber',
  source: 'name',
  confidence: 'high',
  reason: 'test',
  ...changes,
});

describe('boardFileFromIdentity', () => {
  it('keeps the layer number of inner layers only, and the evidence', () => {
    const inner = boardFileFromIdentity(
      identity({ type: 'copper', side: 'inner', layerNumber: 3, cad: 'kicad' }),
    );
    expect(inner).toEqual({
      fileType: 'internalLayer',
      layerNumber: 3,
      guess: {
        file_type: 'internalLayer',
        layer_number: 3,
        layer: 'copper',
        side: 'inner',
        cad: 'kicad',
        confidence: 'high',
        reason: 'test',
      },
    });
    const top = boardFileFromIdentity(identity({ type: 'copper', side: 'top', layerNumber: 1 }));
    expect(top.layerNumber).toBeNull();
    expect(top.guess.layer_number).toBe(1);
  });
});
