// Fuzzing: random Excellon-shaped text and random edits of the real drill files must only ever
// give trees, images and warnings: no exception, no endless loop, no unbounded output. The seed
// is fixed here; `scripts/fuzz-drill.ts` runs the same properties longer with fresh seeds.
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { fixturesDir } from '../test-support/fixture-files.ts';
import { checkDrillText, drillOptions, drillText, mutatedText } from './test-support/drill-fuzz.ts';
import { allDrillFiles } from './test-support/fixture-drill-files.ts';

const SEED = 20_240_601;

describe('drill fuzzing (fixed seed)', () => {
  it('keeps its invariants on random Excellon-shaped text', () => {
    fc.assert(
      fc.property(drillText, (text) => checkDrillText(text)),
      { seed: SEED, numRuns: 300 },
    );
  }, 60_000);

  it('keeps its invariants with any valid options', () => {
    fc.assert(
      fc.property(drillText, drillOptions, (text, options) => checkDrillText(text, options)),
      { seed: SEED + 1, numRuns: 150 },
    );
  }, 60_000);

  const fixtures = fixturesDir();
  const sources = fixtures ? allDrillFiles(fixtures).map((file) => file.text) : [];
  it.skipIf(sources.length === 0)(
    'keeps its invariants on edited real drill files',
    () => {
      fc.assert(
        fc.property(mutatedText(sources), (text) => checkDrillText(text)),
        { seed: SEED + 2, numRuns: 150 },
      );
    },
    60_000,
  );

  it('survives hostile inputs: deep prefixes, huge numbers and repeats, one long line', () => {
    const hostile = [
      `${'N1'.repeat(200_000)}X1Y1\n`,
      `${'/'.repeat(200_000)}T1C0.1\n`,
      `M48\nINCH\nT1C0.1\n%\nT1\nX0Y0\n${'R999999999X1\n'.repeat(50)}`,
      `M48\nINCH\nT1C0.1\n%\nT1\nX${'9'.repeat(100_000)}Y1\n`,
      `X${'1'.repeat(1_000_000)}`,
      'X1Y1'.repeat(250_000),
      `;${' '.repeat(200_000)}FORMAT={${'1'.repeat(100_000)}`,
      `;T1 Holesize 1. =${' '.repeat(100_000)}1`,
      `F${'1'.repeat(100_000)}x`,
      `M48\nINCH\nT1C0.1\n%\nT1\nM25\nX0Y0\nM01\n${'M02X1.0Y0\n'.repeat(2000)}`,
      '\u0000\uffff\ud800'.repeat(10_000),
    ];
    for (const text of hostile) checkDrillText(text);
  }, 60_000);
});
