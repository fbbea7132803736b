import type { LayerIdentity } from '@circuits/gerber';
import { describe, expect, it } from 'vitest';
import { boardFileTypeOf, guessedBoardFileType } from './board-file-of-identity.ts';

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

describe('boardFileTypeOf', () => {
  it('maps layers and sides to the SPEC board file types', () => {
    expect(boardFileTypeOf(identity({ type: 'copper', side: 'top' }))).toBe('topCopper');
    expect(boardFileTypeOf(identity({ type: 'copper', side: 'inner' }))).toBe('internalLayer');
    expect(boardFileTypeOf(identity({ type: 'soldermask', side: 'bottom' }))).toBe('bottomMask');
    expect(boardFileTypeOf(identity({ type: 'silkscreen', side: 'top' }))).toBe('topSilk');
    expect(boardFileTypeOf(identity({ type: 'solderpaste', side: 'bottom' }))).toBe('bottomPaste');
    expect(boardFileTypeOf(identity({ type: 'outline', side: 'all' }))).toBe('outline');
  });

  it('drills plated unless the file holds non-plated holes only; rout programs route', () => {
    const drill = { type: 'drill' as const, side: 'all' as const, filetype: 'drill' as const };
    expect(boardFileTypeOf(identity({ ...drill, plating: 'plated' }))).toBe('platedDrill');
    expect(boardFileTypeOf(identity({ ...drill, plating: 'mixed' }))).toBe('platedDrill');
    expect(boardFileTypeOf(identity(drill))).toBe('platedDrill');
    expect(boardFileTypeOf(identity({ ...drill, plating: 'non-plated' }))).toBe('nonPlatedDrill');
    expect(boardFileTypeOf(identity({ type: 'outline', side: 'all', rout: true }))).toBe('routing');
  });

  it('attaches recognised drawings and leaves the rest to the user', () => {
    expect(boardFileTypeOf(identity({ type: 'drawing' }))).toBe('otherAttachment');
    expect(boardFileTypeOf(identity({ type: 'drawing', confidence: 'low' }))).toBe('initialType');
    expect(boardFileTypeOf(identity({ type: null, confidence: 'none' }))).toBe('initialType');
  });

  it('leaves a guess untyped, and answers the type it is drawn as', () => {
    const guess = identity({
      type: 'soldermask',
      side: 'top',
      guessed: true,
      confidence: 'medium',
    });
    expect(boardFileTypeOf(guess)).toBe('initialType');
    expect(guessedBoardFileType(guess)).toBe('topMask');
    expect(
      guessedBoardFileType(identity({ type: 'drawing', guessed: true, confidence: 'low' })),
    ).toBe('otherAttachment');
    expect(guessedBoardFileType(identity({ type: 'copper', side: 'top' }))).toBeNull();
  });
});
