import type { BoardFile } from '@circuits/contracts';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LAYER_COLORS } from '../../../lib/board-layer-colors.ts';
import { boardFileProblems } from './board-file-problems.ts';
import { boardFileTypeOptions, inStackOrder } from './board-file-types.ts';

let nextId = 1;

function boardFile(
  name: string,
  fileType: BoardFile['file_type'],
  layerNumber: number | null = null,
): BoardFile {
  const id = nextId++;
  return {
    id,
    product_file_id: id,
    file_type: fileType,
    color: null,
    isVisible: true,
    layer_number: layerNumber,
    guess: null,
    file: { name, size: 10, link: `/storage/${name}`, downloadLink: `/storage/${name}?dl=1` },
  };
}

describe('boardFileProblems', () => {
  it('says the board has no files', () => {
    expect(boardFileProblems([])).toEqual(['There are no files attached to the board']);
  });

  it('asks for types, drills and the order of inner layers, in the SPEC words', () => {
    expect(
      boardFileProblems([
        boardFile('top.gtl', 'topCopper'),
        boardFile('mystery.gbr', 'initialType'),
        boardFile('in1.g2', 'internalLayer'),
      ]),
    ).toEqual([
      'Files types should be selected',
      'Drills should be selected',
      'Layers order should be selected',
    ]);
  });

  it('leaves the copper weights to the board settings', () => {
    expect(
      boardFileProblems([
        boardFile('top.gtl', 'topCopper'),
        boardFile('in1.g2', 'internalLayer', 2),
        boardFile('board.drl', 'platedDrill'),
      ]),
    ).toEqual([]);
  });
});

describe('board file lists', () => {
  it('lists layers top to bottom, inner layers by number, then what is not selected', () => {
    const ordered = inStackOrder([
      boardFile('mystery.gbr', 'initialType'),
      boardFile('board.drl', 'platedDrill'),
      boardFile('in2.g3', 'internalLayer', 3),
      boardFile('bottom.gbl', 'bottomCopper'),
      boardFile('in1.g2', 'internalLayer', 2),
      boardFile('silk.gto', 'topSilk'),
    ]);
    expect(ordered.map((file) => file.file.name)).toEqual([
      'silk.gto',
      'in1.g2',
      'in2.g3',
      'bottom.gbl',
      'board.drl',
      'mystery.gbr',
    ]);
  });

  it('offers "not selected" only while no type is chosen', () => {
    expect(boardFileTypeOptions('initialType')[0]).toEqual({
      value: 'initialType',
      label: 'Not selected',
    });
    const chosen = boardFileTypeOptions('topCopper');
    expect(chosen.map((option) => option.value)).not.toContain('initialType');
    expect(chosen[0]).toEqual({ value: 'topSilk', label: 'Top silkscreen' });
    expect(chosen).toHaveLength(14);
  });

  it('draws each layer in the SPEC default colour of its kind', () => {
    expect(DEFAULT_LAYER_COLORS.topCopper).toBe('#cccccc');
    expect(DEFAULT_LAYER_COLORS.bottomMask).toBe('#004200bf');
    expect(DEFAULT_LAYER_COLORS.topSilk).toBe('#ffffff');
    expect(DEFAULT_LAYER_COLORS.bottomPaste).toBe('#999999');
    expect(DEFAULT_LAYER_COLORS.outline).toBe('#000000');
  });
});
