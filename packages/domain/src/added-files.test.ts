import { describe, expect, it } from 'vitest';
import {
  type AddedFileForSummary,
  addedFileKind,
  addsUsableFiles,
  describeAddedFile,
  summarizeAddedFiles,
} from './added-files.ts';

const file = (
  name: string,
  kind: AddedFileForSummary['kind'],
  layer: AddedFileForSummary['layer'] = null,
): AddedFileForSummary => ({ name, kind, layer });

describe('summarizeAddedFiles', () => {
  it('counts layers and drills and names what is of no use to the board', () => {
    expect(
      summarizeAddedFiles([
        file('top.gtl', 'gerber', 'topCopper'),
        file('bottom.gbl', 'gerber', 'bottomCopper'),
        file('top.gts', 'gerber', 'topMask'),
        file('bottom.gbs', 'gerber', 'bottomMask'),
        file('outline.gko', 'gerber', 'outline'),
        file('board.drl', 'drill', 'platedDrill'),
        file('notes.txt', 'unknown'),
      ]),
    ).toBe('7 files added: 5 Gerber layers, 1 drill file, 1 not recognised: notes.txt');
  });

  it('says one in the singular and lists at most three names', () => {
    expect(summarizeAddedFiles([file('a.gbr', 'gerber', 'initialType')])).toBe(
      '1 file added: 1 Gerber file without a layer: a.gbr',
    );
    expect(
      summarizeAddedFiles(
        ['a.pdf', 'b.png', 'c.step', 'd.jpg', 'e.md'].map((n) => file(n, 'other')),
      ),
    ).toBe('5 files added: 5 other files, not for the board: a.pdf, b.png, c.step and 2 more');
    expect(
      summarizeAddedFiles([
        file('bom.csv', 'bom'),
        file('pos.csv', 'placement'),
        file('cpl.csv', 'placement'),
      ]),
    ).toBe('3 files added: 1 BOM, 2 pick-and-place files');
    expect(summarizeAddedFiles([])).toBe('No files added');
  });

  it('tells an upload with a board file from one without', () => {
    expect(addsUsableFiles([file('x.png', 'other'), file('y', 'unknown')])).toBe(false);
    expect(addsUsableFiles([file('x.png', 'other'), file('b.drl', 'drill', 'platedDrill')])).toBe(
      true,
    );
  });
});

describe('addedFileKind and describeAddedFile', () => {
  it('makes drills and rout programs drill files and other Gerber files layers', () => {
    expect(addedFileKind({ typeId: 2, layer: 'nonPlatedDrill' })).toBe('drill');
    expect(addedFileKind({ typeId: 2, layer: 'routing' })).toBe('drill');
    expect(addedFileKind({ typeId: 2, layer: 'topSilk' })).toBe('gerber');
    expect(addedFileKind({ typeId: 4, layer: null })).toBe('bom');
    expect(addedFileKind({ typeId: 5, layer: null })).toBe('placement');
    expect(addedFileKind({ typeId: 3, layer: null })).toBe('other');
    expect(addedFileKind({ typeId: 1, layer: null })).toBe('unknown');
    expect(addedFileKind(null)).toBe('notDetected');
  });

  it('words each kind', () => {
    expect(describeAddedFile(file('t.gtl', 'gerber', 'topCopper'))).toBe('Gerber: Top copper');
    expect(describeAddedFile(file('n.drl', 'drill', 'nonPlatedDrill'))).toBe('Non-plated drill');
    expect(describeAddedFile(file('x', 'unknown'))).toBe('Not recognised: choose its type');
  });
});
