import { describe, expect, it } from 'vitest';
import { parseDrillParams } from './drill-params.ts';
import { parseDrill } from './parse-drill.ts';

const ALLEGRO_PARAMS = [
  'INTEGER-PLACES         3',
  'DECIMAL-PLACES         5',
  'X-OFFSET               0.000000',
  'COORDINATES            ABSOLUTE',
  'OUTPUT-UNITS           ENGLISH',
  'SUPPRESS-LEAD-ZEROES   NO',
  'SUPPRESS-TRAIL-ZEROES  NO',
  'HEADER                 none',
].join('\r\n');

describe('parseDrillParams', () => {
  it('reads the format, units and notation of an Allegro nc_param.txt', () => {
    expect(parseDrillParams(ALLEGRO_PARAMS)).toEqual({
      places: [3, 5],
      units: 'in',
      notation: 'A',
      zero: 'L',
    });
  });

  it('reads metric, incremental and each zero suppression', () => {
    const base =
      'INTEGER-PLACES 4\nDECIMAL-PLACES 4\nOUTPUT-UNITS METRIC\nCOORDINATES INCREMENTAL\n';
    expect(parseDrillParams(`${base}SUPPRESS-TRAIL-ZEROES YES\n`)).toEqual({
      places: [4, 4],
      units: 'mm',
      notation: 'I',
      zero: 'T',
    });
    expect(parseDrillParams(`${base}SUPPRESS-LEAD-ZEROES YES\n`).zero).toBe('L');
  });

  it('gives nothing for a text that states no parameter, and skips bad places', () => {
    expect(parseDrillParams('')).toEqual({});
    expect(parseDrillParams('hello world\n%\n')).toEqual({});
    expect(parseDrillParams('INTEGER-PLACES 30\nDECIMAL-PLACES 5\n')).toEqual({});
  });

  it('makes a header-less Allegro drill file land where it belongs', () => {
    const drill =
      ';T01 Holesize 1. = 8.000000 Tolerance = +3.000000/-3.000000 PLATED MILS\n%\nG90\nT01\nX00130500Y00184500\nM30\n';
    const tree = parseDrill(drill, parseDrillParams(ALLEGRO_PARAMS));
    expect(tree.nodes.filter((node) => node.type === 'coordinate')).toEqual([
      {
        type: 'coordinate',
        line: 5,
        x: 1.305,
        y: 1.845,
        i: undefined,
        j: undefined,
        radius: undefined,
      },
    ]);
    expect(tree.warnings).toEqual([]);
  });
});
