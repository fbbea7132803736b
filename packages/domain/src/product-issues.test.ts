import { describe, expect, it } from 'vitest';
import { twoLayerBoardFiles, validBoardSettings } from './board.test-support.ts';
import type { BoardFileType } from './board-file-types.ts';
import { DEFAULT_BOARD_SETTINGS_OPTIONS } from './board-settings-options.ts';
import type { BomRowForConfirmation } from './bom-confirmation.ts';
import {
  checkProductIssues,
  formatRefDesignList,
  type PlacementForIssues,
  type ProductIssuesInput,
} from './product-issues.ts';

function bomRow(
  refs: string[],
  change: Partial<BomRowForConfirmation> = {},
): BomRowForConfirmation {
  return {
    part_id: 1,
    confirmed_by: null,
    custWillSupply: false,
    substitutions_rows: null,
    refDesign: refs.map((refDesign) => ({ refDesign, doNotPopulate: false })),
    ...change,
  };
}

function placement(
  refDesign: string,
  change: Partial<PlacementForIssues> = {},
): PlacementForIssues {
  return { refDesign, confirmed: true, dnp: false, ...change };
}

function boardFiles(...types: BoardFileType[]) {
  return types.map((file_type) => ({ file_type }));
}

/** A product with nothing to report. */
function completeProduct(change: Partial<ProductIssuesInput> = {}): ProductIssuesInput {
  return {
    product: { name: 'Motor controller', partNumber: 'MC-100' },
    files: [{ type_id: 2 }, { type_id: 4 }, { type_id: 5 }],
    boardFiles: twoLayerBoardFiles(),
    settings: validBoardSettings(),
    options: DEFAULT_BOARD_SETTINGS_OPTIONS,
    bom: [bomRow(['R1', 'R2']), bomRow(['C1'])],
    placements: [placement('R1'), placement('R2'), placement('C1')],
    ...change,
  };
}

function texts(change: Partial<ProductIssuesInput>, tab?: string) {
  return checkProductIssues(completeProduct(change))
    .filter((issue) => tab === undefined || issue.tab === tab)
    .map((issue) => issue.text);
}

describe('checkProductIssues (SPEC §4, §5 issue checks)', () => {
  it('finds nothing on a complete product', () => {
    expect(checkProductIssues(completeProduct())).toEqual([]);
  });

  describe('Product tab', () => {
    it.each([
      ['', ['Product name is not set']],
      ['  ', ['Product name is not set']],
      [null, ['Product name is not set']],
    ])('reports the name %j', (name, expected) => {
      expect(texts({ product: { name, partNumber: 'MC-100' } })).toEqual(expected);
    });

    it.each([
      ['', 'Product part number is empty'],
      [null, 'Product part number is empty'],
      ['   ', 'Product part number is empty'],
      ['A', 'Product part number is too short'],
      ['AB', 'Product part number is too short'],
      [' AB ', 'Product part number is too short'],
    ])('reports the part number %j', (partNumber, expected) => {
      expect(checkProductIssues(completeProduct({ product: { name: 'X', partNumber } }))).toEqual([
        { tab: 'Product', number: 1, text: expected },
      ]);
    });

    it('accepts a part number of 3 characters', () => {
      expect(texts({ product: { name: 'X', partNumber: 'ABC' } })).toEqual([]);
    });
  });

  describe('Files tab', () => {
    it('reports a product without files, once', () => {
      expect(texts({ files: [] }, 'Files')).toEqual(['No files uploaded']);
    });

    it('reports missing BOM and Pick & Place files', () => {
      expect(texts({ files: [{ type_id: 2 }] }, 'Files')).toEqual([
        'No BOM files',
        'No Pick & Place files',
      ]);
      expect(texts({ files: [{ type_id: 4 }] }, 'Files')).toEqual(['No Pick & Place files']);
      expect(texts({ files: [{ type_id: 5 }] }, 'Files')).toEqual(['No BOM files']);
    });

    it('reports files without a type', () => {
      expect(texts({ files: [{ type_id: 4 }, { type_id: 5 }, { type_id: 1 }] }, 'Files')).toEqual([
        '1 file has no file type selected',
      ]);
      expect(
        texts({ files: [{ type_id: 1 }, { type_id: 4 }, { type_id: 5 }, { type_id: 1 }] }, 'Files'),
      ).toEqual(['2 files have no file type selected']);
    });
  });

  describe('Board tab', () => {
    it('reports a board without files once, with the board files message', () => {
      expect(texts({ boardFiles: [] }, 'Board')).toEqual([
        'There are no files attached to the board',
      ]);
    });

    it('reports missing top side, bottom side and outline files', () => {
      expect(texts({ boardFiles: boardFiles('bottomCopper', 'platedDrill', 'outline') })).toEqual([
        'No top-side board files',
      ]);
      expect(texts({ boardFiles: boardFiles('topSilk', 'platedDrill', 'outline') })).toEqual([
        'No bottom-side board files',
      ]);
      expect(texts({ boardFiles: boardFiles('topPaste', 'bottomPaste', 'platedDrill') })).toEqual([
        'No outline board file',
      ]);
      expect(texts({ boardFiles: boardFiles('platedDrill', 'routing') })).toEqual([
        'No top-side board files',
        'No bottom-side board files',
        'No outline board file',
      ]);
    });

    it('needs only one side on a single-layer board', () => {
      const singleLayer = validBoardSettings({ numberLayers: 1 });
      expect(
        texts({
          settings: singleLayer,
          boardFiles: boardFiles('bottomCopper', 'platedDrill', 'outline'),
        }),
      ).toEqual([]);
      expect(
        texts({
          settings: singleLayer,
          boardFiles: boardFiles('topCopper', 'platedDrill', 'outline'),
        }),
      ).toEqual([]);
      expect(
        texts({ settings: singleLayer, boardFiles: boardFiles('platedDrill', 'outline') }),
      ).toEqual(['No top-side board files', 'No bottom-side board files']);
    });

    it('lists board files errors, missing layers, then board settings errors', () => {
      const issues = checkProductIssues(
        completeProduct({
          boardFiles: [
            { file_type: 'initialType' },
            { file_type: 'topCopper' },
            { file_type: 'internalLayer', layer_number: null },
          ],
          settings: validBoardSettings({ innerCooper: null, boardWidth: 0, via_process: null }),
        }),
      );
      expect(issues).toEqual([
        { tab: 'Board', number: 1, text: 'Files types should be selected' },
        { tab: 'Board', number: 2, text: 'Drills should be selected' },
        { tab: 'Board', number: 3, text: 'Inner copper weight should be selected' },
        { tab: 'Board', number: 4, text: 'Layers order should be selected' },
        { tab: 'Board', number: 5, text: 'No bottom-side board files' },
        { tab: 'Board', number: 6, text: 'No outline board file' },
        { tab: 'Board', number: 7, text: 'Board sizes should be selected' },
        { tab: 'Board', number: 8, text: 'Via process should be selected' },
      ]);
    });

    it('checks the settings against the options given', () => {
      const options = { ...DEFAULT_BOARD_SETTINGS_OPTIONS, materials: ['Rogers'] };
      expect(texts({ options }, 'Board')).toEqual(['Board material should be selected']);
    });
  });

  describe('BOM tab', () => {
    it('reports a product without BOM rows, once', () => {
      expect(texts({ bom: [] }, 'BOM')).toEqual(['No BOM information']);
    });

    it('counts the unconfirmed parts', () => {
      const unconfirmed = { part_id: null };
      expect(texts({ bom: [bomRow(['R1', 'R2'], unconfirmed), bomRow(['C1'])] })).toEqual([
        '1 part is not confirmed',
      ]);
      expect(
        texts({ bom: [bomRow(['R1', 'R2'], unconfirmed), bomRow(['C1'], unconfirmed)] }),
      ).toEqual(['2 parts are not confirmed']);
    });

    it('lists BOM references without placement, ignoring spaces, case and do-not-populate refs', () => {
      const bom = [
        bomRow(['r 1', 'R2', 'R3']),
        {
          ...bomRow([]),
          refDesign: [
            { refDesign: 'C1', doNotPopulate: false },
            { refDesign: 'C9', doNotPopulate: true },
          ],
        },
        bomRow(['U1']),
      ];
      expect(texts({ bom, placements: [placement('R1'), placement('c1')] }, 'BOM')).toEqual([
        'BOM references without placement: R2, R3, U1',
        'References differing only in case: r1 (BOM) and R1 (placements), C1 (BOM) and c1 (placements)',
      ]);
    });

    it('does not match BOM against placements while there are none', () => {
      expect(texts({ placements: [] }, 'BOM')).toEqual([]);
    });

    it('lists duplicate BOM references across and within rows', () => {
      expect(texts({ bom: [bomRow(['R1', 'R2']), bomRow(['C1', 'r 1'])] }, 'BOM')).toEqual([
        'Duplicate BOM references: R1',
      ]);
      expect(texts({ bom: [bomRow(['R1', 'R2', 'R2']), bomRow(['C1'])] }, 'BOM')).toEqual([
        'Duplicate BOM references: R2',
      ]);
    });
  });

  describe('Placement tab', () => {
    it('reports a product without placements, once', () => {
      expect(texts({ placements: [] }, 'Placement')).toEqual(['No placement information']);
    });

    it('counts the unconfirmed placements, leaving do-not-populate ones out', () => {
      const placements = [
        placement('R1', { confirmed: false }),
        placement('R2'),
        placement('C1', { confirmed: false, dnp: true }),
      ];
      expect(texts({ placements }, 'Placement')).toEqual(['1 placement is not confirmed']);
      expect(
        texts(
          {
            placements: [
              placement('R1', { confirmed: false }),
              placement('R2', { confirmed: false }),
              placement('C1'),
            ],
          },
          'Placement',
        ),
      ).toEqual(['2 placements are not confirmed']);
    });

    it('lists placements without BOM, ignoring spaces, case and do-not-populate placements', () => {
      const placements = [
        placement('r1'),
        placement('R2'),
        placement('C 1'),
        placement('J1'),
        placement('TP1', { dnp: true }),
      ];
      expect(texts({ placements }, 'Placement')).toEqual(['Placements without BOM: J1']);
    });

    it('matches a placement against do-not-populate BOM references too, and names the part placed though not populated', () => {
      const bom = [
        bomRow(['R1', 'R2', 'C1']),
        { ...bomRow([]), refDesign: [{ refDesign: 'R9', doNotPopulate: true }] },
      ];
      expect(
        texts({ bom, placements: [...completeProduct().placements, placement('R9')] }),
      ).toEqual(['Do-not-populate parts with a placement: R9']);
      expect(
        texts({
          bom,
          placements: [...completeProduct().placements, placement('R9', { dnp: true })],
        }),
      ).toEqual([]);
    });

    it('names BOM quantities that differ from the designator count', () => {
      const bom = [
        { ...bomRow(['R1', 'R2']), quantity: 3 },
        { ...bomRow(['C1']), quantity: 1 },
        { ...bomRow(['U1']), quantity: null },
      ];
      expect(texts({ bom, placements: [] }, 'BOM')).toEqual([
        'BOM quantity differs from its designators: R1, R2 (quantity 3, 2 designators)',
      ]);
    });

    it('does not match placements against the BOM while it is empty', () => {
      expect(texts({ bom: [] }, 'Placement')).toEqual([]);
    });

    it('lists duplicate placement references', () => {
      const placements = [...completeProduct().placements, placement('r 2'), placement('C1')];
      expect(texts({ placements }, 'Placement')).toEqual([
        'Duplicate placement references: R2, C1',
      ]);
    });
  });

  it('numbers problems from 1 within each tab, tabs in the view order', () => {
    const issues = checkProductIssues({
      product: { name: '', partNumber: '' },
      files: [],
      boardFiles: [],
      settings: validBoardSettings({ boardLength: null }),
      options: DEFAULT_BOARD_SETTINGS_OPTIONS,
      bom: [bomRow(['R1'], { part_id: null }), bomRow(['R1'])],
      placements: [],
    });
    expect(issues).toEqual([
      { tab: 'Product', number: 1, text: 'Product name is not set' },
      { tab: 'Product', number: 2, text: 'Product part number is empty' },
      { tab: 'Files', number: 1, text: 'No files uploaded' },
      { tab: 'Board', number: 1, text: 'There are no files attached to the board' },
      { tab: 'Board', number: 2, text: 'Board sizes should be selected' },
      { tab: 'BOM', number: 1, text: '1 part is not confirmed' },
      { tab: 'BOM', number: 2, text: 'Duplicate BOM references: R1' },
      { tab: 'Placement', number: 1, text: 'No placement information' },
    ]);
  });
});

describe('formatRefDesignList', () => {
  it('lists up to ten designators and counts the rest', () => {
    const refs = Array.from({ length: 12 }, (_, index) => `R${index + 1}`);
    expect(formatRefDesignList(refs.slice(0, 10))).toBe('R1, R2, R3, R4, R5, R6, R7, R8, R9, R10');
    expect(formatRefDesignList(refs.slice(0, 11))).toBe(
      'R1, R2, R3, R4, R5, R6, R7, R8, R9, R10 and 1 more',
    );
    expect(formatRefDesignList(refs)).toBe('R1, R2, R3, R4, R5, R6, R7, R8, R9, R10 and 2 more');
    expect(formatRefDesignList(['U1'])).toBe('U1');
  });
});
