import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { headLines, headLinesStartingWith } from './text-lines.ts';

const PREFIXES = ['G04', '%TF.', '%LN', 'T', ';'];

function filtered(text: string, limit: number): string[] {
  return [...headLines(text, limit)].filter((line) =>
    PREFIXES.some((prefix) => line.startsWith(prefix)),
  );
}

describe('headLines', () => {
  it('splits at LF, CR LF and lone CR and trims', () => {
    expect([...headLines(' a \r\nb\rc\n\n  \nd', 100)]).toEqual(['a', 'b', 'c', 'd']);
  });

  it('drops a last line the limit cuts in two', () => {
    expect([...headLines('first\nsecond line', 10)]).toEqual(['first']);
  });
});

describe('headLinesStartingWith', () => {
  it('gives the lines that start with a prefix after their white space, in order', () => {
    const text = [
      'G04 header*',
      '%FSLAX24Y24*%',
      '  %TF.FileFunction,Copper,L1,Top*%',
      'X0Y0D02*G04 not at the start*',
      '\tT01C0.5',
      '%LNTOP*%',
      ';comment\r;another\rX1Y1',
      'G04 last*',
    ].join('\n');
    expect([...headLinesStartingWith(text, 1000, PREFIXES)]).toEqual([
      'G04 header*',
      '%TF.FileFunction,Copper,L1,Top*%',
      'T01C0.5',
      '%LNTOP*%',
      ';comment',
      ';another',
      'G04 last*',
    ]);
  });

  it('gives a line once when it starts with two prefixes', () => {
    expect([...headLinesStartingWith('TF.x\nT1', 100, ['T', 'TF.'])]).toEqual(['TF.x', 'T1']);
  });

  it('finds what filtering every line finds, whatever the text', () => {
    const pieces = ['G04', '%TF.', '%LN', 'T', ';', 'X1', ' ', '\t', '\u00a0', '\r', '\n', '*'];
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...pieces), { maxLength: 40 }),
        fc.integer({ min: 1, max: 80 }),
        (parts, limit) => {
          const text = parts.join('');
          expect([...headLinesStartingWith(text, limit, PREFIXES)]).toEqual(filtered(text, limit));
        },
      ),
      { seed: 20261125, numRuns: 2000 },
    );
  });
});
