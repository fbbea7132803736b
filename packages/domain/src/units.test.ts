import { describe, expect, it } from 'vitest';
import { MIN_EDGE_RAIL_WIDTH, MIN_V_SCORING_PANEL_SIDE, ROUT_WIDTH_RANGE } from './board-limits.ts';
import {
  convertLength,
  inchesToMm,
  isLengthUnit,
  LENGTH_UNITS,
  MM_PER_INCH,
  mmToInches,
  roundTo,
} from './units.ts';

describe('length units (SPEC §9)', () => {
  it('offers in and mm, and 1 in is 25.4 mm', () => {
    expect(LENGTH_UNITS).toEqual(['in', 'mm']);
    expect(MM_PER_INCH).toBe(25.4);
    expect(inchesToMm(1)).toBe(25.4);
    expect(mmToInches(25.4)).toBe(1);
    expect(inchesToMm(0)).toBe(0);
  });

  it('recognises only in and mm as units', () => {
    expect(isLengthUnit('in')).toBe(true);
    expect(isLengthUnit('mm')).toBe(true);
    for (const other of ['In', 'MM', 'inch', 'imperial', '', null, undefined, 25.4]) {
      expect(isLengthUnit(other)).toBe(false);
    }
  });

  it('gives the SPEC inch rout widths as conversions of 2 mm and 10 mm, as printed', () => {
    expect(roundTo(mmToInches(2), 7)).toBe(ROUT_WIDTH_RANGE.in.min);
    expect(roundTo(mmToInches(10), 6)).toBe(ROUT_WIDTH_RANGE.in.max);
    expect(convertLength(2, 'mm', 'in')).toBe(0.0787402);
    expect(convertLength(ROUT_WIDTH_RANGE.in.min, 'in', 'mm')).toBe(2);
    expect(convertLength(ROUT_WIDTH_RANGE.in.max, 'in', 'mm')).toBe(10);
  });

  it('shows the edge rail and V-scoring limits are per-unit round numbers, not conversions', () => {
    expect(convertLength(MIN_EDGE_RAIL_WIDTH.in, 'in', 'mm')).toBe(3.81);
    expect(MIN_EDGE_RAIL_WIDTH.mm).toBe(4);
    expect(convertLength(MIN_V_SCORING_PANEL_SIDE.in, 'in', 'mm')).toBe(76.2);
    expect(MIN_V_SCORING_PANEL_SIDE.mm).toBe(75);
    expect(convertLength(75, 'mm', 'in')).toBe(2.9527559);
    expect(convertLength(4, 'mm', 'in')).toBe(0.1574803);
  });

  it('converts to the precision of the target unit and leaves same-unit values alone', () => {
    expect(convertLength(1.23456789, 'in', 'in')).toBe(1.23456789);
    expect(convertLength(100, 'mm', 'in')).toBe(3.9370079);
    expect(convertLength(3.9370079, 'in', 'mm')).toBe(100);
    expect(convertLength(-1, 'in', 'mm')).toBe(-25.4);
  });

  it('rounds half away from zero without binary artefacts', () => {
    expect(roundTo(1.005, 2)).toBe(1.01);
    expect(roundTo(-1.005, 2)).toBe(-1.01);
    expect(roundTo(0.15 * 25.4, 4)).toBe(3.81);
    expect(roundTo(2.5, 0)).toBe(3);
    expect(roundTo(1.2344, 3)).toBe(1.234);
  });
});
