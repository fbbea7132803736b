import { describe, expect, it } from 'vitest';
import { validBoardSettings } from './board.test-support.ts';
import {
  checkDeclaredAgainstMeasured,
  MEASURED_SIZE_TOLERANCE_MM,
  pricedDimensions,
} from './measured-board.ts';

const FACTS = { widthMm: 100, lengthMm: 80, copperLayers: 4 };
const mm = (widthMm: number, lengthMm: number, numberLayers = 4) =>
  validBoardSettings({ unitsIn: 'mm', boardWidth: widthMm, boardLength: lengthMm, numberLayers });

describe('checkDeclaredAgainstMeasured', () => {
  it('tells only about the side shortened, as the files give the board', () => {
    expect(checkDeclaredAgainstMeasured(mm(10, 80), FACTS)).toEqual([
      {
        field: 'boardWidth',
        message: 'Width 10 mm is less than the 100 mm the board files measure',
      },
    ]);
  });

  it('takes the measured size, a larger one, or the board turned a quarter', () => {
    expect(checkDeclaredAgainstMeasured(mm(100, 80), FACTS)).toEqual([]);
    expect(checkDeclaredAgainstMeasured(mm(80, 100), FACTS)).toEqual([]);
    expect(checkDeclaredAgainstMeasured(mm(150, 120, 6), FACTS)).toEqual([]);
  });

  it(`allows ${MEASURED_SIZE_TOLERANCE_MM} mm of measurement noise per side, no more`, () => {
    expect(checkDeclaredAgainstMeasured(mm(99.5, 79.5), FACTS)).toEqual([]);
    expect(checkDeclaredAgainstMeasured(mm(99.4, 80), FACTS)).toEqual([
      {
        field: 'boardWidth',
        message: 'Width 99.4 mm is less than the 100 mm the board files measure',
      },
    ]);
  });

  it('names both values, in the unit of the settings', () => {
    expect(checkDeclaredAgainstMeasured(mm(0.01, 0.01, 2), FACTS)).toEqual([
      {
        field: 'boardWidth',
        message: 'Width 0.01 mm is less than the 100 mm the board files measure',
      },
      {
        field: 'boardLength',
        message: 'Length 0.01 mm is less than the 80 mm the board files measure',
      },
      {
        field: 'numberLayers',
        message: '2 layers are fewer than the 4 copper layers in the board files',
      },
    ]);
    const inches = validBoardSettings({
      unitsIn: 'in',
      boardWidth: 3.9,
      boardLength: 3.15,
      numberLayers: 4,
    });
    expect(checkDeclaredAgainstMeasured(inches, FACTS)).toEqual([
      {
        field: 'boardWidth',
        message: 'Width 3.9 in is less than the 3.937 in the board files measure',
      },
    ]);
  });

  it('checks nothing the files did not measure', () => {
    expect(checkDeclaredAgainstMeasured(mm(1, 1, 1), null)).toEqual([]);
    expect(
      checkDeclaredAgainstMeasured(mm(1, 1, 1), { widthMm: null, lengthMm: null, copperLayers: 0 }),
    ).toEqual([]);
  });
});

describe('pricedDimensions', () => {
  it('is the larger of declared and measured, turned the way the board was declared', () => {
    expect(pricedDimensions(mm(79.8, 99.8, 2), FACTS)).toMatchObject({
      widthMm: 80,
      lengthMm: 100,
      layers: 4,
      sizeFromFiles: true,
      layersFromFiles: true,
    });
    // Not the measured board turned: held to the measure as the files give it, side by side.
    expect(pricedDimensions(mm(10, 90), FACTS)).toMatchObject({
      widthMm: 100,
      lengthMm: 90,
      sizeFromFiles: true,
    });
    expect(pricedDimensions(mm(100, 80), FACTS)).toMatchObject({
      widthMm: 100,
      lengthMm: 80,
      sizeFromFiles: false,
      layersFromFiles: false,
    });
  });

  it('counts a saved proposal, rounded, as the declared size, priced at the files’ own number', () => {
    const measured = { widthMm: 100.0004, lengthMm: 79.9996, copperLayers: 2 };
    expect(pricedDimensions(mm(100, 80, 2), measured)).toMatchObject({
      widthMm: 100.0004,
      lengthMm: 79.9996,
      sizeFromFiles: false,
    });
    // 80 mm proposed as 3.15 in is 80.01 mm: still the 80 mm board the files hold.
    const inches = validBoardSettings({ unitsIn: 'in', boardWidth: 3.937, boardLength: 3.15 });
    expect(pricedDimensions(inches, { widthMm: 100, lengthMm: 80, copperLayers: 2 })).toMatchObject(
      { widthMm: 100, lengthMm: 80, sizeFromFiles: false },
    );
  });

  it('takes what was not declared from the files, as they measure it', () => {
    const undeclared = validBoardSettings({
      boardWidth: null,
      boardLength: null,
      numberLayers: null,
    });
    expect(pricedDimensions(undeclared, FACTS)).toMatchObject({
      widthMm: 100,
      lengthMm: 80,
      layers: 4,
      sizeFromFiles: false,
      layersFromFiles: false,
    });
  });
});
