import { describe, expect, it } from 'vitest';
import {
  BOARD_FILE_TYPE_LABELS,
  BOARD_FILE_TYPES,
  boardFileSide,
  boardFileTypeRank,
  INITIAL_BOARD_FILE_TYPE,
  isBoardFileType,
  isChosenBoardFileType,
  isDrillFileType,
} from './board-file-types.ts';

describe('board file types (SPEC §3)', () => {
  it('lists the types in the SPEC order', () => {
    expect(BOARD_FILE_TYPES).toEqual([
      'topSilk',
      'topMask',
      'topCopper',
      'topPaste',
      'internalLayer',
      'bottomPaste',
      'bottomCopper',
      'bottomMask',
      'bottomSilk',
      'platedDrill',
      'nonPlatedDrill',
      'otherAttachment',
      'routing',
      'outline',
    ]);
    expect(INITIAL_BOARD_FILE_TYPE).toBe('initialType');
  });

  it('labels every type, including not chosen', () => {
    expect(Object.keys(BOARD_FILE_TYPE_LABELS).sort()).toEqual(
      [...BOARD_FILE_TYPES, 'initialType'].sort(),
    );
    expect(BOARD_FILE_TYPE_LABELS.initialType).toBe('Not selected');
  });

  it('recognises types', () => {
    expect(isBoardFileType('initialType')).toBe(true);
    expect(isBoardFileType('outline')).toBe(true);
    expect(isBoardFileType('Outline')).toBe(false);
    expect(isBoardFileType(3)).toBe(false);
    expect(isChosenBoardFileType('initialType')).toBe(false);
    expect(isChosenBoardFileType('routing')).toBe(true);
  });

  it('tells the outer side of each layer', () => {
    const sides = Object.fromEntries(BOARD_FILE_TYPES.map((type) => [type, boardFileSide(type)]));
    expect(sides).toEqual({
      topSilk: 'top',
      topMask: 'top',
      topCopper: 'top',
      topPaste: 'top',
      internalLayer: null,
      bottomPaste: 'bottom',
      bottomCopper: 'bottom',
      bottomMask: 'bottom',
      bottomSilk: 'bottom',
      platedDrill: null,
      nonPlatedDrill: null,
      otherAttachment: null,
      routing: null,
      outline: null,
    });
    expect(boardFileSide('initialType')).toBeNull();
  });

  it('knows the drills', () => {
    expect(BOARD_FILE_TYPES.filter(isDrillFileType)).toEqual(['platedDrill', 'nonPlatedDrill']);
  });

  it('ranks types in the SPEC order with not chosen last', () => {
    expect(boardFileTypeRank('topSilk')).toBe(0);
    expect(boardFileTypeRank('outline')).toBe(13);
    expect(boardFileTypeRank('initialType')).toBe(14);
    const shuffled = ['outline', 'initialType', 'topCopper', 'platedDrill'] as const;
    expect([...shuffled].sort((a, b) => boardFileTypeRank(a) - boardFileTypeRank(b))).toEqual([
      'topCopper',
      'platedDrill',
      'outline',
      'initialType',
    ]);
  });
});
