import fc from 'fast-check';
import { describe, it } from 'vitest';
import { fixturesDir, fixturesPresent } from '../accuracy/fixtures.ts';
import { fixtureTexts, mutatedFixture } from './fixture-mutations.ts';
import { checkPipeline } from './gerber-arbitraries.ts';

const present = fixturesPresent();
if (!present) console.log(`fuzz of real fixtures skipped: no fixtures at ${fixturesDir()}`);

describe.skipIf(!present)('fuzz: damaged real files', () => {
  it('parse, plot and render them without failing', () => {
    const texts = fixtureTexts(150_000);
    fc.assert(fc.property(mutatedFixture(texts), checkPipeline), { seed: 20_240_611, numRuns: 60 });
  });
});
