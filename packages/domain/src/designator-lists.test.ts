import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compressDesignators,
  expandDesignators,
  isDesignatorToken,
  MAX_DESIGNATOR_RANGE,
} from './designator-lists.ts';

const refs = (cell: string) => expandDesignators(cell).designators.map((d) => d.refDesign);

describe('designator lists', () => {
  it('splits on commas, semicolons, spaces and line breaks', () => {
    expect(refs('R1, R2 R3;R4\nR5  ')).toEqual(['R1', 'R2', 'R3', 'R4', 'R5']);
    expect(refs('C1 C3 C5 ')).toEqual(['C1', 'C3', 'C5']);
    expect(refs('')).toEqual([]);
  });

  it('expands ranges written in the usual ways', () => {
    expect(refs('R1-R4')).toEqual(['R1', 'R2', 'R3', 'R4']);
    expect(refs('R1-4')).toEqual(['R1', 'R2', 'R3', 'R4']);
    expect(refs('R1..R3')).toEqual(['R1', 'R2', 'R3']);
    expect(refs('R1 - R3, C7')).toEqual(['R1', 'R2', 'R3', 'C7']);
    expect(refs('R1–R3')).toEqual(['R1', 'R2', 'R3']);
    expect(refs('R3-R1')).toEqual(['R3', 'R2', 'R1']);
    expect(refs('R08-R10')).toEqual(['R08', 'R09', 'R10']);
    expect(refs('R8-R010')).toEqual(['R8', 'R9', 'R10']);
    expect(refs('R08-R09')).toEqual(['R08', 'R09']);
    const fromRange = expandDesignators('R1-R2, C1').designators;
    expect(fromRange).toEqual([
      { refDesign: 'R1', fromRange: 'R1-R2' },
      { refDesign: 'R2', fromRange: 'R1-R2' },
      { refDesign: 'C1', fromRange: null },
    ]);
  });

  it('keeps per-board suffixes and sub-parts', () => {
    expect(refs('C9_MB, C10_MB')).toEqual(['C9_MB', 'C10_MB']);
    expect(refs('C1_MB-C3_MB')).toEqual(['C1_MB', 'C2_MB', 'C3_MB']);
    expect(refs('HS1 Q1#2')).toEqual(['HS1', 'Q1#2']);
    expect(refs('J1-1 IC1-A R?')).toEqual(['J1-1', 'IC1-A', 'R?']);
  });

  it('names what is not a designator and refuses absurd ranges', () => {
    expect(expandDesignators('R1, 10, (x)').problems).toEqual([
      { type: 'not-a-designator', text: '10' },
      { type: 'not-a-designator', text: '(x)' },
    ]);
    expect(expandDesignators('R1-R99999').problems).toEqual([
      { type: 'range-too-long', text: 'R1-R99999', count: 99999 },
    ]);
    // The caller's limit stops ranges that would make more designators than it takes.
    expect(expandDesignators('R1-R5000 C1-C5000 U1', 6000)).toMatchObject({
      problems: [{ type: 'too-many', text: 'C1-C5000', count: 10000 }],
    });
    expect(expandDesignators('R1-R5000 C1-C5000 U1', 6000).designators).toHaveLength(5000);
    expect(expandDesignators('R1 R2 R3', 2).problems).toEqual([
      { type: 'too-many', text: 'R3', count: 3 },
    ]);
    expect(isDesignatorToken('U12')).toBe(true);
    expect(isDesignatorToken('12')).toBe(false);
    expect(isDesignatorToken('-')).toBe(false);
  });

  it('compresses runs back into ranges', () => {
    expect(compressDesignators(['R1', 'R2', 'R3', 'R4', 'C1', 'C2', 'C9_MB'])).toBe(
      'R1-R4, C1, C2, C9_MB',
    );
  });

  const prefix = fc.stringMatching(/^[A-Z]{1,3}$/);
  it('property: a range of n expands to n distinct designators, in order', () => {
    fc.assert(
      fc.property(prefix, fc.nat(5000), fc.nat(300), (p, start, length) => {
        const end = start + 1 + length;
        const expanded = refs(`${p}${start}-${p}${end}`);
        expect(expanded).toHaveLength(end - start + 1);
        expect(new Set(expanded).size).toBe(expanded.length);
        expect(expanded[0]).toBe(`${p}${start}`);
        expect(expanded.at(-1)).toBe(`${p}${end}`);
        expect(refs(`${p}${start}-${end}`)).toEqual(expanded);
      }),
    );
  });

  it('property: compressing then expanding gives the same list', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(prefix, fc.integer({ min: 1, max: 200 })), { maxLength: 40 }),
        (pairs) => {
          const list = [...new Set(pairs.map(([p, n]) => `${p}${n}`))];
          expect(refs(compressDesignators(list))).toEqual(list);
        },
      ),
    );
  });

  it('property: any text gives designators and problems, never a throw', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        const { designators, problems } = expandDesignators(text);
        for (const d of designators) expect(isDesignatorToken(d.refDesign)).toBe(true);
        expect(designators.length).toBeLessThanOrEqual(MAX_DESIGNATOR_RANGE * text.length);
        expect(Array.isArray(problems)).toBe(true);
      }),
    );
  });
});
