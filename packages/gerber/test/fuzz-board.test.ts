import fc from 'fast-check';
import { describe, it } from 'vitest';
import { fixturesDir, fixturesPresent } from '../accuracy/fixtures.ts';
import {
  checkBoard,
  checkLoops,
  damagedBoard,
  fixtureBoards,
  outlineSegments,
  randomBoard,
} from './board-arbitraries.ts';

// A fixed seed keeps CI reproducible; `npm run fuzz -w packages/gerber` runs longer with new seeds.
const SEED = 20_240_611;

describe('fuzz: renderBoard ends in a board or a typed error', () => {
  it('on random layer lists of random files', () => {
    fc.assert(fc.property(randomBoard, checkBoard), { seed: SEED, numRuns: 150 });
  }, 60_000);

  it('joins any segments into closed loops', () => {
    fc.assert(fc.property(outlineSegments, fc.constantFrom(0, 0.001, 0.01, 1), checkLoops), {
      seed: SEED,
      numRuns: 500,
    });
  });

  const present = fixturesPresent();
  if (!present) console.log(`board fuzz of real fixtures skipped: no fixtures at ${fixturesDir()}`);
  it.skipIf(!present)(
    'on real boards with damaged files',
    () => {
      fc.assert(fc.property(damagedBoard(fixtureBoards(600_000)), checkBoard), {
        seed: SEED,
        numRuns: 25,
      });
    },
    120_000,
  );
});
