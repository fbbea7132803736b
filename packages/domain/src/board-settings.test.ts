import { describe, expect, it } from 'vitest';
import { validBoardSettings } from './board.test-support.ts';
import {
  type BoardSettings,
  convertBoardSettingsUnits,
  DEFAULT_BOARD_SETTINGS,
} from './board-settings.ts';
import {
  DEFAULT_BOARD_SETTINGS_OPTIONS,
  EDGE_RAILS,
  FINISHINGS,
  PANEL_CUTTINGS,
} from './board-settings-options.ts';
import { validateBoardSettings } from './board-settings-validation.ts';

describe('board settings defaults (SPEC §3)', () => {
  it('has the SPEC defaults', () => {
    expect(DEFAULT_BOARD_SETTINGS.finishing).toBe('HASL Lead Free');
    expect(DEFAULT_BOARD_SETTINGS.boardMaterial).toBe('FR4');
    expect(DEFAULT_BOARD_SETTINGS.edge_rail_width).toBe(0.15);
    expect(DEFAULT_BOARD_SETTINGS.min_hole_size).toBe(0.3);
  });

  it('starts in inches, the unit of the default edge rail width', () => {
    expect(DEFAULT_BOARD_SETTINGS.unitsIn).toBe('in');
  });

  it('is valid once the design-specific layer count and board size are given', () => {
    const fresh = validateBoardSettings(
      { ...DEFAULT_BOARD_SETTINGS },
      DEFAULT_BOARD_SETTINGS_OPTIONS,
    );
    expect(fresh.errors.map((error) => error.message)).toEqual([
      'Board sizes should be selected',
      'Number of layers should be selected',
    ]);
    const completed = { ...DEFAULT_BOARD_SETTINGS, numberLayers: 2, boardWidth: 1, boardLength: 1 };
    expect(validateBoardSettings(completed, DEFAULT_BOARD_SETTINGS_OPTIONS).valid).toBe(true);
  });

  it('chooses only offered values', () => {
    const options = DEFAULT_BOARD_SETTINGS_OPTIONS;
    const defaults = DEFAULT_BOARD_SETTINGS;
    expect(options.maskColors.map((color) => color.name)).toContain(defaults.maskColor);
    expect(options.silkColors.map((color) => color.name)).toContain(defaults.silkColor);
    expect(options.outerCopperWeightsOz).toContain(defaults.outerCooper);
    expect(options.innerCopperWeightsOz).toContain(defaults.innerCooper);
  });
});

describe('default board settings options', () => {
  const options = DEFAULT_BOARD_SETTINGS_OPTIONS;

  it('offers FR4 first and the SPEC finishings with HASL Lead Free first', () => {
    expect(options.materials[0]).toBe('FR4');
    expect(options.finishings).toEqual([
      'HASL Lead Free',
      'HASL with lead',
      'ENIG',
      'Gold Plating',
      'ENEPIG',
      'Immersion Tin',
      'Immersion Silver',
      'OSP',
      'Bare Copper',
    ]);
    expect(options.finishings).toBe(FINISHINGS);
  });

  it('offers the SPEC units, edge rails and panel cuttings', () => {
    expect(options.units).toEqual(['in', 'mm']);
    expect(EDGE_RAILS).toEqual(['None', 'Round', 'Top and Bottom Side', 'Left and Right Side']);
    expect(options.edgeRails).toEqual(EDGE_RAILS);
    expect(PANEL_CUTTINGS).toEqual(['V-Scoring', 'Tab-routing', 'V-Scoring+Tab-routing']);
    expect(options.panelCuttings).toEqual(PANEL_CUTTINGS);
  });

  it('offers a standard FR4 line-up', () => {
    expect(options.numberLayers).toEqual([
      1, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32,
    ]);
    expect(options.boardThicknessesMm[0]).toBe(0.4);
    expect(options.boardThicknessesMm.at(-1)).toBe(3.2);
    expect(options.boardThicknessesMm).toContain(1.6);
    expect(options.outerCopperWeightsOz).toEqual([0.5, 1, 2, 3]);
    expect(options.innerCopperWeightsOz).toEqual([0.5, 1, 2, 3]);
    expect(options.viaProcesses).toEqual([
      'Tenting vias',
      'Plugged vias',
      'Epoxy filled and capped',
      'Untented',
    ]);
    expect(options.maskColors.map((color) => color.name)).toEqual([
      'Green',
      'Red',
      'Yellow',
      'Blue',
      'White',
      'Black',
      'Purple',
      'Matte Black',
      'Matte Green',
    ]);
    expect(options.silkColors.map((color) => color.name)).toEqual(['White', 'Black', 'Yellow']);
  });

  it('gives every colour a #rrggbb hex and sorted, unique number lists', () => {
    for (const color of [...options.maskColors, ...options.silkColors]) {
      expect(color.hex).toMatch(/^#[0-9a-f]{6}$/);
    }
    for (const list of [
      options.numberLayers,
      options.boardThicknessesMm,
      options.outerCopperWeightsOz,
      options.innerCopperWeightsOz,
    ]) {
      expect([...list].sort((a, b) => a - b)).toEqual(list);
      expect(new Set(list).size).toBe(list.length);
    }
  });
});

describe('convertBoardSettingsUnits', () => {
  const imperial: BoardSettings = validBoardSettings({
    unitsIn: 'in',
    boardWidth: 2,
    boardLength: 3.5,
    edge_rail_width: 0.2,
    rout_width_horizontal: 0.0787402,
    rout_width_vertical: null,
  });

  it('converts the five panel lengths and nothing else', () => {
    const metric = convertBoardSettingsUnits(imperial, 'mm');
    expect(metric).toEqual({
      ...imperial,
      unitsIn: 'mm',
      boardWidth: 50.8,
      boardLength: 88.9,
      edge_rail_width: 5.08,
      rout_width_horizontal: 2,
      rout_width_vertical: null,
    });
    expect(metric.boardThickness).toBe(imperial.boardThickness);
    expect(metric.min_hole_size).toBe(0.3);
  });

  it('comes back to the same values', () => {
    expect(convertBoardSettingsUnits(convertBoardSettingsUnits(imperial, 'mm'), 'in')).toEqual(
      imperial,
    );
  });

  it('keeps a rout width valid across the conversion of the SPEC bounds', () => {
    const metric = validBoardSettings({
      unitsIn: 'mm',
      boardWidth: 50,
      boardLength: 50,
      panelization: true,
      panel_cutting: 'Tab-routing',
      rout_width_horizontal: 2,
      rout_width_vertical: 10,
    });
    expect(validateBoardSettings(metric, DEFAULT_BOARD_SETTINGS_OPTIONS).valid).toBe(true);
    const imperialCopy = convertBoardSettingsUnits(metric, 'in');
    expect(imperialCopy.rout_width_horizontal).toBe(0.0787402);
    expect(validateBoardSettings(imperialCopy, DEFAULT_BOARD_SETTINGS_OPTIONS).valid).toBe(true);
  });

  it('only sets the unit when the current one is unknown', () => {
    const unknown = validBoardSettings({ unitsIn: null, boardWidth: 2 });
    expect(convertBoardSettingsUnits(unknown, 'mm')).toEqual({ ...unknown, unitsIn: 'mm' });
    expect(convertBoardSettingsUnits(imperial, 'in')).toEqual(imperial);
  });
});
