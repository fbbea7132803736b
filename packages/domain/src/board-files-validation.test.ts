import { describe, expect, it } from 'vitest';
import { twoLayerBoardFiles } from './board.test-support.ts';
import type { BoardFileType } from './board-file-types.ts';
import { type BoardFileForValidation, validateBoardFiles } from './board-files-validation.ts';
import type { BoardSettings } from './board-settings.ts';
import { DEFAULT_BOARD_SETTINGS_OPTIONS } from './board-settings-options.ts';

const COPPER: Pick<BoardSettings, 'outerCooper' | 'innerCooper'> = {
  outerCooper: 1,
  innerCooper: 0.5,
};
const OPTIONS = DEFAULT_BOARD_SETTINGS_OPTIONS;

function files(...types: BoardFileType[]): BoardFileForValidation[] {
  return types.map((file_type) => ({ file_type }));
}

const TWO_LAYER = twoLayerBoardFiles();

function messages(boardFiles: BoardFileForValidation[], copper: Partial<typeof COPPER> = {}) {
  return validateBoardFiles(boardFiles, { ...COPPER, ...copper }, OPTIONS).errors.map(
    (error) => error.message,
  );
}

describe('validateBoardFiles (SPEC §5 board files tab errors)', () => {
  it('accepts a complete two-layer board', () => {
    expect(validateBoardFiles(TWO_LAYER, COPPER, OPTIONS)).toEqual({ valid: true, errors: [] });
  });

  it('reports a board without files, and only that with the copper chosen', () => {
    expect(validateBoardFiles([], COPPER, OPTIONS).errors).toEqual([
      { field: 'boardFiles', message: 'There are no files attached to the board' },
    ]);
    expect(messages([], { outerCooper: null })).toEqual([
      'There are no files attached to the board',
      'Outer copper weight should be selected',
    ]);
  });

  it('reports files whose type is not chosen, pointing at the first', () => {
    expect(
      validateBoardFiles(
        files(...(['topCopper', 'initialType', 'platedDrill', 'initialType'] as const)),
        COPPER,
        OPTIONS,
      ).errors,
    ).toEqual([{ field: 'boardFiles.1.file_type', message: 'Files types should be selected' }]);
  });

  it('needs a plated or a non-plated drill', () => {
    expect(
      validateBoardFiles(files('topCopper', 'outline', 'routing'), COPPER, OPTIONS).errors,
    ).toEqual([{ field: 'boardFiles', message: 'Drills should be selected' }]);
    expect(messages(files('topCopper', 'platedDrill'))).toEqual([]);
    expect(messages(files('topCopper', 'nonPlatedDrill'))).toEqual([]);
  });

  it('counts an untyped file as no drill', () => {
    expect(messages(files('initialType'))).toEqual([
      'Files types should be selected',
      'Drills should be selected',
    ]);
  });

  describe('internal layers', () => {
    const fourLayer: BoardFileForValidation[] = [
      ...TWO_LAYER,
      { file_type: 'internalLayer', layer_number: 2 },
      { file_type: 'internalLayer', layer_number: 3 },
    ];

    it('accepts ordered internal layers with an inner copper weight', () => {
      expect(messages(fourLayer)).toEqual([]);
    });

    it.each([null, 0.75, Number.NaN])('need an offered inner copper weight (%j)', (innerCooper) => {
      expect(validateBoardFiles(fourLayer, { ...COPPER, innerCooper }, OPTIONS).errors).toEqual([
        { field: 'innerCooper', message: 'Inner copper weight should be selected' },
      ]);
    });

    it('do not ask for an inner copper weight when there are none', () => {
      expect(messages(TWO_LAYER, { innerCooper: null })).toEqual([]);
    });

    it.each([
      ['missing', undefined],
      ['null', null],
      ['zero', 0],
      ['negative', -1],
      ['fractional', 2.5],
      ['the same as another', 2],
    ])('need a layer number: %s', (_case, layerNumber) => {
      const boardFiles: BoardFileForValidation[] = [
        ...TWO_LAYER,
        { file_type: 'internalLayer', layer_number: 2 },
        { file_type: 'internalLayer', layer_number: layerNumber },
      ];
      expect(validateBoardFiles(boardFiles, COPPER, OPTIONS).errors).toEqual([
        { field: 'boardFiles.7.layer_number', message: 'Layers order should be selected' },
      ]);
    });

    it('ignore layer numbers of other files', () => {
      expect(messages([...TWO_LAYER, { file_type: 'topSilk', layer_number: null }])).toEqual([]);
    });
  });

  it.each([null, 0, 1.5, 4])('needs an offered outer copper weight (%j)', (outerCooper) => {
    expect(validateBoardFiles(TWO_LAYER, { ...COPPER, outerCooper }, OPTIONS).errors).toEqual([
      { field: 'outerCooper', message: 'Outer copper weight should be selected' },
    ]);
  });

  it('accepts every offered copper weight', () => {
    const internal: BoardFileForValidation = { file_type: 'internalLayer', layer_number: 2 };
    for (const outerCooper of OPTIONS.outerCopperWeightsOz) {
      for (const innerCooper of OPTIONS.innerCopperWeightsOz) {
        expect(messages([...TWO_LAYER, internal], { outerCooper, innerCooper })).toEqual([]);
      }
    }
  });

  it('reports every broken rule once, in the SPEC order', () => {
    const boardFiles: BoardFileForValidation[] = [
      { file_type: 'initialType' },
      { file_type: 'internalLayer', layer_number: null },
      { file_type: 'internalLayer', layer_number: null },
    ];
    expect(messages(boardFiles, { innerCooper: null, outerCooper: null })).toEqual([
      'Files types should be selected',
      'Drills should be selected',
      'Inner copper weight should be selected',
      'Layers order should be selected',
      'Outer copper weight should be selected',
    ]);
  });
});
