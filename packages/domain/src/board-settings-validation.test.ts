import { describe, expect, it } from 'vitest';
import { ANY_BOARD_MADE, validBoardSettings } from './board.test-support.ts';
import type { BoardSettings } from './board-settings.ts';
import {
  type BoardSettingsOptions,
  DEFAULT_BOARD_SETTINGS_OPTIONS,
  EDGE_RAILS,
} from './board-settings-options.ts';
import { validateBoardSettings } from './board-settings-validation.ts';

const OPTIONS = DEFAULT_BOARD_SETTINGS_OPTIONS;

function messages(overrides: Partial<BoardSettings>, options: BoardSettingsOptions = OPTIONS) {
  // The SPEC §5 rules alone; what the fab makes is manufacturing-capabilities.test.ts.
  return validateBoardSettings(validBoardSettings(overrides), options, ANY_BOARD_MADE).errors.map(
    (error) => error.message,
  );
}

function errors(overrides: Partial<BoardSettings>, options: BoardSettingsOptions = OPTIONS) {
  return validateBoardSettings(validBoardSettings(overrides), options, ANY_BOARD_MADE).errors;
}

const RAILS = ['Round', 'Top and Bottom Side', 'Left and Right Side'] as const;

describe('validateBoardSettings (SPEC §5 board settings errors)', () => {
  it('accepts valid settings', () => {
    expect(validateBoardSettings(validBoardSettings(), OPTIONS)).toEqual({
      valid: true,
      errors: [],
    });
  });

  describe('edge rails', () => {
    it.each([null, '', 'Bogus', 'none'])('rejects %j', (edgeRail) => {
      expect(errors({ edge_rail: edgeRail })).toEqual([
        { field: 'edge_rail', message: 'Edge rails should be selected' },
      ]);
    });

    it('rejects a rail the options no longer offer', () => {
      const options = { ...OPTIONS, edgeRails: EDGE_RAILS.filter((rail) => rail !== 'Round') };
      expect(messages({ edge_rail: 'Round', boardWidth: 5, boardLength: 5 }, options)).toEqual([
        'Edge rails should be selected',
      ]);
    });

    it.each(EDGE_RAILS)('accepts %s', (edgeRail) => {
      expect(messages({ edge_rail: edgeRail, boardWidth: 5, boardLength: 5 })).toEqual([]);
    });
  });

  describe('board sizes', () => {
    it.each([
      ['width 0', { boardWidth: 0 }, 'boardWidth'],
      ['negative width', { boardWidth: -1 }, 'boardWidth'],
      ['no width', { boardWidth: null }, 'boardWidth'],
      ['width not a number', { boardWidth: Number.NaN }, 'boardWidth'],
      ['infinite width', { boardWidth: Number.POSITIVE_INFINITY }, 'boardWidth'],
      ['length 0', { boardLength: 0 }, 'boardLength'],
      ['no length', { boardLength: null }, 'boardLength'],
      ['both 0 (one error)', { boardWidth: 0, boardLength: 0 }, 'boardWidth'],
    ] as const)('rejects %s', (_case, overrides, field) => {
      expect(errors(overrides)).toEqual([{ field, message: 'Board sizes should be selected' }]);
    });

    it('accepts any positive size', () => {
      expect(messages({ boardWidth: 0.001, boardLength: 0.001 })).toEqual([]);
    });
  });

  describe('panelization sizes', () => {
    it.each([
      [{ panelization_x: 0 }, 'panelization_x'],
      [{ panelization_x: -2 }, 'panelization_x'],
      [{ panelization_x: null }, 'panelization_x'],
      [{ panelization_x: 1.5 }, 'panelization_x'],
      [{ panelization_y: 0 }, 'panelization_y'],
      [{ panelization_y: null }, 'panelization_y'],
      [{ panelization_x: 0, panelization_y: 0 }, 'panelization_x'],
    ] as const)('rejects %j with panelization', (overrides, field) => {
      expect(errors({ panelization: true, boardWidth: 5, boardLength: 5, ...overrides })).toEqual([
        { field, message: 'Panelization sizes should be selected' },
      ]);
    });

    it('measures a 1 × 1 panel and ignores the counts without panelization', () => {
      expect(messages({ panelization: true, panelization_x: 1, panelization_y: 1 })).toEqual([
        'Panel sizes should be greater than 3in for V-Scoring',
      ]);
      expect(
        messages({ panelization: true, panelization_x: 1, panelization_y: 1, boardWidth: 3 }),
      ).toEqual(['Panel sizes should be greater than 3in for V-Scoring']);
      expect(
        messages({
          panelization: true,
          panelization_x: 1,
          panelization_y: 1,
          boardLength: 3,
          boardWidth: 3,
        }),
      ).toEqual([]);
      expect(messages({ panelization: false, panelization_x: 0, panelization_y: null })).toEqual(
        [],
      );
    });
  });

  describe('edge rail width', () => {
    // Boards big enough that V-Scoring passes whatever the rails.
    const inches = { unitsIn: 'in', boardWidth: 5, boardLength: 5 } as const;
    const millimetres = { unitsIn: 'mm', boardWidth: 150, boardLength: 150 } as const;

    describe.each(RAILS)('with %s rails', (edgeRail) => {
      it('in inches: 0.15 passes, 0.1499 fails, 0.1501 passes', () => {
        expect(messages({ ...inches, edge_rail: edgeRail, edge_rail_width: 0.15 })).toEqual([]);
        expect(errors({ ...inches, edge_rail: edgeRail, edge_rail_width: 0.1499 })).toEqual([
          { field: 'edge_rail_width', message: 'Edge rail width should be greater than 0.15 in' },
        ]);
        expect(messages({ ...inches, edge_rail: edgeRail, edge_rail_width: 0.1501 })).toEqual([]);
      });

      it('in millimetres: 4 and 3.81 (0.15 in) pass, 3.8 fails with the SPEC 4 mm', () => {
        expect(messages({ ...millimetres, edge_rail: edgeRail, edge_rail_width: 4 })).toEqual([]);
        expect(messages({ ...millimetres, edge_rail: edgeRail, edge_rail_width: 3.81 })).toEqual(
          [],
        );
        expect(errors({ ...millimetres, edge_rail: edgeRail, edge_rail_width: 3.8 })).toEqual([
          { field: 'edge_rail_width', message: 'Edge rail width should be greater than 4 mm' },
        ]);
        expect(messages({ ...millimetres, edge_rail: edgeRail, edge_rail_width: 4.001 })).toEqual(
          [],
        );
      });

      it('treats a missing width as too narrow', () => {
        expect(messages({ ...inches, edge_rail: edgeRail, edge_rail_width: null })).toEqual([
          'Edge rail width should be greater than 0.15 in',
        ]);
      });
    });

    it('does not apply without rails (None or empty)', () => {
      expect(messages({ edge_rail: 'None', edge_rail_width: 0 })).toEqual([]);
      expect(messages({ edge_rail: '', edge_rail_width: 0 })).toEqual([
        'Edge rails should be selected',
      ]);
      expect(messages({ edge_rail: null, edge_rail_width: null })).toEqual([
        'Edge rails should be selected',
      ]);
    });

    it('applies to a rail that is not offered but named', () => {
      expect(messages({ ...inches, edge_rail: 'Bogus', edge_rail_width: 0.1 })).toEqual([
        'Edge rails should be selected',
        'Edge rail width should be greater than 0.15 in',
      ]);
    });

    it('is not measured while the unit is not chosen', () => {
      expect(
        messages({ ...inches, unitsIn: null, edge_rail: 'Round', edge_rail_width: 0.1 }),
      ).toEqual(['Units should be selected']);
    });
  });

  describe('panel cutting', () => {
    it.each([null, '', 'Laser', 'v-scoring'])('rejects %j', (panelCutting) => {
      expect(errors({ panel_cutting: panelCutting })).toEqual([
        { field: 'panel_cutting', message: 'Panel cutting should be selected' },
      ]);
    });

    it('rejects a method the options no longer offer', () => {
      const options = { ...OPTIONS, panelCuttings: ['Tab-routing'] as const };
      expect(messages({ panel_cutting: 'V-Scoring' }, options)).toEqual([
        'Panel cutting should be selected',
      ]);
    });
  });

  describe('V-Scoring panel size', () => {
    const panel = { panelization: true, panel_cutting: 'V-Scoring' } as const;

    it('in inches: each side, board size × count, must reach 3in', () => {
      const twoByTwo = { ...panel, panelization_x: 2, panelization_y: 2 };
      expect(messages({ ...twoByTwo, boardWidth: 1.5, boardLength: 1.5 })).toEqual([]);
      expect(errors({ ...twoByTwo, boardWidth: 1.4999, boardLength: 1.5 })).toEqual([
        { field: 'panel_cutting', message: 'Panel sizes should be greater than 3in for V-Scoring' },
      ]);
      expect(messages({ ...twoByTwo, boardWidth: 1.5, boardLength: 1.4999 })).toEqual([
        'Panel sizes should be greater than 3in for V-Scoring',
      ]);
      expect(messages({ ...twoByTwo, boardWidth: 1.5001, boardLength: 1.5001 })).toEqual([]);
    });

    it('in millimetres: each side must reach 75mm', () => {
      const threeByThree = { ...panel, unitsIn: 'mm', panelization_x: 3, panelization_y: 3 };
      expect(messages({ ...threeByThree, boardWidth: 25, boardLength: 25 })).toEqual([]);
      expect(messages({ ...threeByThree, boardWidth: 24.999, boardLength: 25 })).toEqual([
        'Panel sizes should be greater than 75mm for V-Scoring',
      ]);
      expect(messages({ ...threeByThree, boardWidth: 25, boardLength: 24.999 })).toEqual([
        'Panel sizes should be greater than 75mm for V-Scoring',
      ]);
      expect(messages({ ...threeByThree, boardWidth: 25.001, boardLength: 25.001 })).toEqual([]);
    });

    it('uses the counts of each axis', () => {
      const strip = { ...panel, panelization_x: 3, panelization_y: 1 };
      expect(messages({ ...strip, boardWidth: 1, boardLength: 3 })).toEqual([]);
      expect(messages({ ...strip, boardWidth: 3, boardLength: 1 })).toEqual([
        'Panel sizes should be greater than 3in for V-Scoring',
      ]);
    });

    it('adds two rails across the sides they run along', () => {
      const single = { panel_cutting: 'V-Scoring', edge_rail_width: 0.15 } as const;
      // Top and Bottom rails lengthen the panel only.
      const topBottom = { ...single, edge_rail: 'Top and Bottom Side' } as const;
      expect(messages({ ...topBottom, boardWidth: 3, boardLength: 2.7 })).toEqual([]);
      expect(messages({ ...topBottom, boardWidth: 3, boardLength: 2.6999 })).toEqual([
        'Panel sizes should be greater than 3in for V-Scoring',
      ]);
      expect(messages({ ...topBottom, boardWidth: 2.7, boardLength: 3 })).toEqual([
        'Panel sizes should be greater than 3in for V-Scoring',
      ]);
      // Left and Right rails widen it only.
      const leftRight = { ...single, edge_rail: 'Left and Right Side' } as const;
      expect(messages({ ...leftRight, boardWidth: 2.7, boardLength: 3 })).toEqual([]);
      expect(messages({ ...leftRight, boardWidth: 2.6999, boardLength: 3 })).toEqual([
        'Panel sizes should be greater than 3in for V-Scoring',
      ]);
      expect(messages({ ...leftRight, boardWidth: 3, boardLength: 2.7 })).toEqual([
        'Panel sizes should be greater than 3in for V-Scoring',
      ]);
      // Round: rails all around.
      const round = { ...single, edge_rail: 'Round' } as const;
      expect(messages({ ...round, boardWidth: 2.7, boardLength: 2.7 })).toEqual([]);
      expect(messages({ ...round, boardWidth: 2.6999, boardLength: 2.7 })).toEqual([
        'Panel sizes should be greater than 3in for V-Scoring',
      ]);
      expect(messages({ ...round, boardWidth: 2.7, boardLength: 2.6999 })).toEqual([
        'Panel sizes should be greater than 3in for V-Scoring',
      ]);
    });

    it('adds rails to a panel of boards, in millimetres', () => {
      const settings = {
        ...panel,
        unitsIn: 'mm',
        edge_rail: 'Round',
        edge_rail_width: 5,
        panelization_x: 2,
        panelization_y: 2,
      } as const;
      expect(messages({ ...settings, boardWidth: 32.5, boardLength: 32.5 })).toEqual([]);
      expect(messages({ ...settings, boardWidth: 32.499, boardLength: 32.5 })).toEqual([
        'Panel sizes should be greater than 75mm for V-Scoring',
      ]);
    });

    it('counts a panel that sums to exactly the limit as reaching it', () => {
      expect(
        messages({
          ...panel,
          panelization_x: 6,
          panelization_y: 1,
          edge_rail: 'Left and Right Side',
          edge_rail_width: 0.45,
          boardWidth: 0.35,
          boardLength: 3,
        }),
      ).toEqual([]);
    });

    it('does not apply to a single board without rails: nothing is cut', () => {
      expect(messages({ panel_cutting: 'V-Scoring', boardWidth: 1, boardLength: 1 })).toEqual([]);
    });

    it('applies to a single board with rails', () => {
      expect(
        messages({ panel_cutting: 'V-Scoring', edge_rail: 'Round', boardWidth: 1, boardLength: 1 }),
      ).toEqual(['Panel sizes should be greater than 3in for V-Scoring']);
    });

    it('waits for valid board sizes, counts, rails and unit before measuring the panel', () => {
      expect(messages({ ...panel, boardWidth: 0 })).toEqual(['Board sizes should be selected']);
      expect(messages({ ...panel, panelization_x: 0 })).toEqual([
        'Panelization sizes should be selected',
      ]);
      expect(messages({ ...panel, edge_rail: 'Bogus', edge_rail_width: 0.15 })).toEqual([
        'Edge rails should be selected',
      ]);
      expect(messages({ ...panel, unitsIn: 'cm' })).toEqual(['Units should be selected']);
    });
  });

  describe('Tab-routing rout widths', () => {
    const panel = { panelization: true, panel_cutting: 'Tab-routing' } as const;
    const inches = { ...panel, unitsIn: 'in' } as const;
    const millimetres = { ...panel, unitsIn: 'mm', boardWidth: 50, boardLength: 50 } as const;
    const inRange = 'Rout width should be between 0.0787402 and 0.393701 in for Tab-routing';
    const mmRange = 'Rout width should be between 2 and 10 mm for Tab-routing';

    it.each([
      ['min', 0.0787402, []],
      ['just below min', 0.0787401, [inRange]],
      ['just above min', 0.0787403, []],
      ['max', 0.393701, []],
      ['just below max', 0.3937, []],
      ['just above max', 0.393702, [inRange]],
    ] as const)('in inches, horizontal at %s (%f)', (_case, width, expected) => {
      expect(
        messages({ ...inches, rout_width_horizontal: width, rout_width_vertical: 0.1 }),
      ).toEqual(expected);
    });

    it.each([
      ['min', 2, []],
      ['just below min', 1.999, [mmRange]],
      ['just above min', 2.001, []],
      ['max', 10, []],
      ['just below max', 9.999, []],
      ['just above max', 10.001, [mmRange]],
    ] as const)('in millimetres, vertical at %s (%f)', (_case, width, expected) => {
      expect(
        messages({ ...millimetres, rout_width_horizontal: 3, rout_width_vertical: width }),
      ).toEqual(expected);
    });

    it('names the field of the width out of range', () => {
      expect(errors({ ...millimetres, rout_width_horizontal: 3, rout_width_vertical: 11 })).toEqual(
        [{ field: 'rout_width_vertical', message: mmRange }],
      );
      expect(
        errors({ ...millimetres, rout_width_horizontal: -3, rout_width_vertical: 11 }),
      ).toEqual([{ field: 'rout_width_horizontal', message: mmRange }]);
    });

    it('needs both widths', () => {
      expect(
        errors({ ...millimetres, rout_width_horizontal: null, rout_width_vertical: 3 }),
      ).toEqual([{ field: 'rout_width_horizontal', message: 'Rout width should be selected' }]);
      expect(errors({ ...millimetres, rout_width_horizontal: 3, rout_width_vertical: 0 })).toEqual([
        { field: 'rout_width_vertical', message: 'Rout width should be selected' },
      ]);
      expect(
        errors({ ...millimetres, rout_width_horizontal: null, rout_width_vertical: null }),
      ).toEqual([{ field: 'rout_width_horizontal', message: 'Rout width should be selected' }]);
      expect(
        messages({ ...millimetres, rout_width_horizontal: null, rout_width_vertical: 12 }),
      ).toEqual(['Rout width should be selected', mmRange]);
    });

    it('applies to a single board with rails but not to one without', () => {
      const single = { panel_cutting: 'Tab-routing', rout_width_horizontal: null } as const;
      expect(messages(single)).toEqual([]);
      expect(messages({ ...single, edge_rail: 'Top and Bottom Side' })).toEqual([
        'Rout width should be selected',
      ]);
    });

    it('does not check the V-Scoring panel size', () => {
      expect(
        messages({
          ...inches,
          boardWidth: 0.5,
          boardLength: 0.5,
          rout_width_horizontal: 0.1,
          rout_width_vertical: 0.1,
        }),
      ).toEqual([]);
    });
  });

  describe('V-Scoring+Tab-routing rout width', () => {
    const panel = { panelization: true, panel_cutting: 'V-Scoring+Tab-routing' } as const;
    const selected = 'Rout width should be selected';

    it.each([
      ['horizontal only', 0.1, null],
      ['vertical only', null, 0.1],
      ['vertical only, horizontal 0', 0, 0.1],
      ['at the inch minimum', 0.0787402, null],
      ['at the inch maximum', null, 0.393701],
    ] as const)('accepts one width in inches: %s', (_case, horizontal, vertical) => {
      expect(
        messages({ ...panel, rout_width_horizontal: horizontal, rout_width_vertical: vertical }),
      ).toEqual([]);
    });

    it.each([
      ['both', 0.1, 0.1, 'rout_width_horizontal'],
      ['neither', null, null, 'rout_width_horizontal'],
      ['neither (zeros)', 0, 0, 'rout_width_horizontal'],
      ['just below the inch minimum', 0.0787401, null, 'rout_width_horizontal'],
      ['just above the inch maximum', null, 0.393702, 'rout_width_vertical'],
      ['negative', -0.1, null, 'rout_width_horizontal'],
    ] as const)('rejects %s in inches', (_case, horizontal, vertical, field) => {
      expect(
        errors({ ...panel, rout_width_horizontal: horizontal, rout_width_vertical: vertical }),
      ).toEqual([{ field, message: selected }]);
    });

    it.each([
      [2, []],
      [1.999, [selected]],
      [2.001, []],
      [10, []],
      [9.999, []],
      [10.001, [selected]],
    ] as const)('in millimetres, a single width of %f', (width, expected) => {
      expect(
        messages({
          ...panel,
          unitsIn: 'mm',
          boardWidth: 50,
          boardLength: 50,
          rout_width_horizontal: null,
          rout_width_vertical: width,
        }),
      ).toEqual(expected);
    });

    it('does not check the V-Scoring panel size', () => {
      expect(
        messages({ ...panel, boardWidth: 0.5, boardLength: 0.5, rout_width_vertical: 0.1 }),
      ).toEqual([]);
    });
  });

  describe('offered choices', () => {
    it.each([
      ['boardMaterial', null, 'Board material should be selected'],
      ['boardMaterial', 'Paper', 'Board material should be selected'],
      ['boardMaterial', 'fr4', 'Board material should be selected'],
      ['numberLayers', null, 'Number of layers should be selected'],
      ['numberLayers', 3, 'Number of layers should be selected'],
      ['numberLayers', 0, 'Number of layers should be selected'],
      ['boardThickness', null, 'Board thickness should be selected'],
      ['boardThickness', 1.5, 'Board thickness should be selected'],
      ['finishing', null, 'Finishing should be selected'],
      ['finishing', 'Chrome', 'Finishing should be selected'],
      ['unitsIn', null, 'Units should be selected'],
      ['unitsIn', 'cm', 'Units should be selected'],
      ['unitsIn', 'imperial', 'Units should be selected'],
      ['via_process', null, 'Via process should be selected'],
      ['via_process', 'Drilled', 'Via process should be selected'],
    ] as const)('rejects %s %j', (field, value, message) => {
      expect(errors({ [field]: value })).toEqual([{ field, message }]);
    });

    it('accepts every offered value', () => {
      for (const boardMaterial of OPTIONS.materials) {
        expect(messages({ boardMaterial })).toEqual([]);
      }
      for (const numberLayers of OPTIONS.numberLayers) {
        expect(messages({ numberLayers })).toEqual([]);
      }
      for (const boardThickness of OPTIONS.boardThicknessesMm) {
        expect(messages({ boardThickness })).toEqual([]);
      }
      for (const finishing of OPTIONS.finishings) expect(messages({ finishing })).toEqual([]);
      for (const via_process of OPTIONS.viaProcesses) expect(messages({ via_process })).toEqual([]);
      expect(messages({ unitsIn: 'in' })).toEqual([]);
      expect(messages({ unitsIn: 'mm', boardWidth: 50, boardLength: 50 })).toEqual([]);
    });

    it('matches a thickness that went through arithmetic', () => {
      expect(1.4 + 0.2).not.toBe(1.6);
      expect(messages({ boardThickness: 1.4 + 0.2 })).toEqual([]);
    });

    it('follows the options in force, not the defaults', () => {
      const options = {
        ...OPTIONS,
        materials: ['FR4'],
        numberLayers: [1, 2],
        units: ['mm'] as const,
      };
      expect(
        messages({ boardMaterial: 'Rogers', numberLayers: 4, unitsIn: 'in' }, options),
      ).toEqual([
        'Board material should be selected',
        'Number of layers should be selected',
        'Units should be selected',
      ]);
    });
  });

  describe('what a board can be', () => {
    it('refuses a side longer than a metre (39.37 in), in the unit chosen', () => {
      expect(errors({ unitsIn: 'mm', boardWidth: 1000, boardLength: 1000 })).toEqual([]);
      expect(errors({ unitsIn: 'mm', boardWidth: 1000.5, boardLength: 10 })).toEqual([
        { field: 'boardWidth', message: 'Board sizes should be at most 1000 mm (39.37 in)' },
      ]);
      expect(errors({ unitsIn: 'in', boardWidth: 2, boardLength: 40 })).toEqual([
        { field: 'boardLength', message: 'Board sizes should be at most 1000 mm (39.37 in)' },
      ]);
      expect(errors({ unitsIn: 'mm', boardWidth: 1e308, boardLength: 1e308 })).toEqual([
        { field: 'boardWidth', message: 'Board sizes should be at most 1000 mm (39.37 in)' },
      ]);
    });

    it('refuses panels of more than 100 boards a side, or longer than a metre', () => {
      const panel = { panelization: true, panel_cutting: 'Tab-routing' } as const;
      const routs = { rout_width_horizontal: 0.1, rout_width_vertical: 0.1 };
      expect(errors({ ...panel, ...routs, panelization_x: 101, panelization_y: 1 })).toEqual([
        { field: 'panelization_x', message: 'Panelization sizes should be at most 100 boards' },
      ]);
      // 2 in boards, 20 down: 40 in.
      expect(errors({ ...panel, ...routs, panelization_x: 2, panelization_y: 20 })).toEqual([
        { field: 'panelization_y', message: 'Panel sizes should be at most 1000 mm (39.37 in)' },
      ]);
      expect(errors({ ...panel, ...routs, panelization_x: 19, panelization_y: 19 })).toEqual([]);
    });

    it('refuses an edge rail wider than 50 mm (1.97 in)', () => {
      expect(
        errors({
          unitsIn: 'mm',
          boardWidth: 100,
          boardLength: 100,
          edge_rail: 'Round',
          edge_rail_width: 60,
        }),
      ).toEqual([
        { field: 'edge_rail_width', message: 'Edge rail width should be at most 50 mm (1.97 in)' },
      ]);
    });
  });

  it('reports every broken rule once, in the SPEC order', () => {
    const nothingChosen: BoardSettings = {
      ...validBoardSettings(),
      boardThickness: null,
      finishing: null,
      unitsIn: 'mm',
      boardMaterial: null,
      panelization: true,
      panelization_x: 0,
      panelization_y: 0,
      via_process: null,
      edge_rail: 'Bogus',
      edge_rail_width: 1,
      panel_cutting: null,
      numberLayers: null,
      boardWidth: null,
      boardLength: null,
    };
    expect(validateBoardSettings(nothingChosen, OPTIONS)).toEqual({
      valid: false,
      errors: [
        { field: 'edge_rail', message: 'Edge rails should be selected' },
        { field: 'boardWidth', message: 'Board sizes should be selected' },
        { field: 'panelization_x', message: 'Panelization sizes should be selected' },
        { field: 'edge_rail_width', message: 'Edge rail width should be greater than 4 mm' },
        { field: 'panel_cutting', message: 'Panel cutting should be selected' },
        { field: 'boardMaterial', message: 'Board material should be selected' },
        { field: 'numberLayers', message: 'Number of layers should be selected' },
        { field: 'boardThickness', message: 'Board thickness should be selected' },
        { field: 'finishing', message: 'Finishing should be selected' },
        { field: 'via_process', message: 'Via process should be selected' },
      ],
    });
  });

  it('puts the cutting rules after panel cutting and before the choices', () => {
    expect(
      messages({
        panelization: true,
        panel_cutting: 'Tab-routing',
        rout_width_horizontal: null,
        rout_width_vertical: 3,
        finishing: null,
        edge_rail: 'Round',
        edge_rail_width: 0.1,
      }),
    ).toEqual([
      'Edge rail width should be greater than 0.15 in',
      'Rout width should be selected',
      'Rout width should be between 0.0787402 and 0.393701 in for Tab-routing',
      'Finishing should be selected',
    ]);
  });
});
