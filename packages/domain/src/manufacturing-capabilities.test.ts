import { describe, expect, it } from 'vitest';
import { validBoardSettings } from './board.test-support.ts';
import type { BoardSettings } from './board-settings.ts';
import { DEFAULT_BOARD_SETTINGS_OPTIONS } from './board-settings-options.ts';
import { validateBoardSettings } from './board-settings-validation.ts';
import {
  DEFAULT_MANUFACTURING_CAPABILITIES,
  maxLayersAtThickness,
  minThicknessForLayers,
} from './manufacturing-capabilities.ts';
import { DEFAULT_PRICE_BOOK } from './price-book.ts';
import { priceBoard } from './pricing.ts';

const CAPS = DEFAULT_MANUFACTURING_CAPABILITIES;

function errors(overrides: Partial<BoardSettings>) {
  return validateBoardSettings(validBoardSettings(overrides), DEFAULT_BOARD_SETTINGS_OPTIONS)
    .errors;
}

function price(overrides: Partial<BoardSettings>) {
  return priceBoard({
    settings: validBoardSettings({ unitsIn: 'mm', boardWidth: 100, boardLength: 60, ...overrides }),
    facts: null,
    quantity: 10,
    book: DEFAULT_PRICE_BOOK,
  });
}

describe('the manufacturing capabilities table', () => {
  it('builds more layers only on thicker boards', () => {
    expect(maxLayersAtThickness(CAPS, 0.4)).toBe(2);
    expect(maxLayersAtThickness(CAPS, 0.6)).toBe(4);
    expect(maxLayersAtThickness(CAPS, 1.6)).toBe(16);
    expect(minThicknessForLayers(CAPS, 6)).toBe(0.8);
    expect(minThicknessForLayers(CAPS, 12)).toBe(1.2);
    expect(minThicknessForLayers(CAPS, 40)).toBeNull();
  });

  it('refuses 6 layers at 0.4 mm, naming the limit and what would do', () => {
    expect(errors({ numberLayers: 6, boardThickness: 0.4 })).toEqual([
      {
        field: 'boardThickness',
        message: 'A 0.4 mm board has at most 2 layers: 6 layers need at least 0.8 mm',
      },
    ]);
    expect(price({ numberLayers: 6, boardThickness: 0.4 })).toEqual({
      type: 'unpriceable',
      message: 'A 0.4 mm board has at most 2 layers: 6 layers need at least 0.8 mm',
    });
  });

  it('prices what the files hold: 2 layers declared at 0.4 mm, 6 in the files, is not made', () => {
    const result = priceBoard({
      settings: validBoardSettings({
        unitsIn: 'mm',
        boardWidth: 100,
        boardLength: 60,
        boardThickness: 0.4,
      }),
      facts: { widthMm: 100, lengthMm: 60, copperLayers: 6 },
      quantity: 10,
      book: DEFAULT_PRICE_BOOK,
    });
    expect(result).toEqual({
      type: 'unpriceable',
      message: 'A 0.4 mm board has at most 2 layers: 6 layers need at least 0.8 mm',
    });
  });

  it('refuses 12 layers at 0.6 mm and accepts them at 1.6 mm', () => {
    expect(errors({ numberLayers: 12, boardThickness: 0.6 })).toEqual([
      {
        field: 'boardThickness',
        message: 'A 0.6 mm board has at most 4 layers: 12 layers need at least 1.2 mm',
      },
    ]);
    expect(errors({ numberLayers: 12, boardThickness: 1.6, innerCooper: 1 })).toEqual([]);
  });

  it('refuses 2-layer aluminium, which is made single-sided only', () => {
    expect(errors({ boardMaterial: 'Aluminum', numberLayers: 2 })).toEqual([
      {
        field: 'boardMaterial',
        message: 'Aluminum boards are made with 1 layer only, not 2 layers',
      },
    ]);
    expect(errors({ boardMaterial: 'Aluminum', numberLayers: 1 })).toEqual([]);
  });

  it('offers each material only the finishes it takes', () => {
    expect(errors({ boardMaterial: 'Rogers', finishing: 'HASL Lead Free' })).toEqual([
      {
        field: 'finishing',
        message:
          'HASL Lead Free is not offered on Rogers: choose ENIG, ENEPIG, Immersion Silver, Immersion Tin, OSP, Bare Copper',
      },
    ]);
    expect(errors({ boardMaterial: 'Rogers', finishing: 'ENIG' })).toEqual([]);
  });

  it('holds copper weights to the layer count', () => {
    expect(errors({ numberLayers: 2, outerCooper: 3 })).toEqual([]);
    expect(errors({ numberLayers: 10, boardThickness: 1.6, outerCooper: 2 })).toEqual([
      {
        field: 'outerCooper',
        message: '2 oz outer copper is not made on 10 layers: at most 1 oz',
      },
    ]);
    expect(errors({ numberLayers: 4, innerCooper: 3 })).toEqual([
      { field: 'innerCooper', message: '3 oz inner copper is not made on 4 layers: at most 2 oz' },
    ]);
  });

  it('names the smallest and largest board in the unit typed', () => {
    expect(errors({ unitsIn: 'mm', boardWidth: 4, boardLength: 50 })).toEqual([
      { field: 'boardWidth', message: 'A board is at least 5 mm a side' },
    ]);
    expect(errors({ unitsIn: 'in', boardWidth: 0.1, boardLength: 2 })).toEqual([
      { field: 'boardWidth', message: 'A board is at least 5 mm (0.197 in) a side' },
    ]);
    expect(errors({ unitsIn: 'mm', boardWidth: 650, boardLength: 100 })).toEqual([
      { field: 'boardWidth', message: 'A board is at most 500 mm × 600 mm' },
    ]);
    expect(errors({ unitsIn: 'mm', boardWidth: 500, boardLength: 600 })).toEqual([]);
  });

  it('holds a panel with its rails to the largest size', () => {
    expect(
      errors({
        unitsIn: 'mm',
        boardWidth: 100,
        boardLength: 100,
        panelization: true,
        panelization_x: 7,
        panelization_y: 2,
      }),
    ).toEqual([{ field: 'panelization_x', message: 'A panel is at most 500 mm × 600 mm' }]);
  });

  it('leaves a choice that is not offered to its SPEC message alone', () => {
    expect(errors({ numberLayers: 3, boardThickness: 0.4 })).toEqual([
      { field: 'numberLayers', message: 'Number of layers should be selected' },
    ]);
  });
});

describe('edge rail width in both units', () => {
  const rails = { edge_rail: 'Round', panel_cutting: 'Tab-routing' } as const;
  const routed = { rout_width_horizontal: 3, rout_width_vertical: 3 };

  it('passes 0.15 in, and its 3.81 mm in millimetres', () => {
    expect(
      errors({
        ...rails,
        edge_rail_width: 0.15,
        rout_width_horizontal: 0.1,
        rout_width_vertical: 0.1,
      }),
    ).toEqual([]);
    expect(
      errors({
        ...rails,
        ...routed,
        unitsIn: 'mm',
        boardWidth: 50,
        boardLength: 50,
        edge_rail_width: 3.81,
      }),
    ).toEqual([]);
    expect(
      errors({
        ...rails,
        ...routed,
        unitsIn: 'mm',
        boardWidth: 50,
        boardLength: 50,
        edge_rail_width: 4,
      }),
    ).toEqual([]);
  });

  it('refuses a narrower rail with the SPEC message of the unit', () => {
    expect(
      errors({
        ...rails,
        ...routed,
        unitsIn: 'mm',
        boardWidth: 50,
        boardLength: 50,
        edge_rail_width: 0.15,
      }),
    ).toEqual([
      { field: 'edge_rail_width', message: 'Edge rail width should be greater than 4 mm' },
    ]);
    expect(
      errors({
        ...rails,
        edge_rail_width: 0.14,
        rout_width_horizontal: 0.1,
        rout_width_vertical: 0.1,
      }),
    ).toEqual([
      { field: 'edge_rail_width', message: 'Edge rail width should be greater than 0.15 in' },
    ]);
  });
});
