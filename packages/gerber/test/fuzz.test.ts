import fc from 'fast-check';
import { describe, it } from 'vitest';
import { checkPipeline, gerberFile, gerberNoise } from './gerber-arbitraries.ts';

// A fixed seed keeps CI reproducible; `npm run fuzz -w packages/gerber` runs longer with new seeds.
const SEED = 20_240_611;

describe('fuzz: parse, plot and render never fail on bad input', () => {
  it('survives noise', () => {
    fc.assert(fc.property(gerberNoise, checkPipeline), { seed: SEED, numRuns: 300 });
  });

  it('survives files of real commands with random values', () => {
    fc.assert(fc.property(gerberFile, checkPipeline), { seed: SEED, numRuns: 300 });
  });
});
