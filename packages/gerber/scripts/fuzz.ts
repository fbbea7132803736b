// A longer fuzz run than the test suite's, with a new seed each time:
//   npm run fuzz -w packages/gerber -- [--runs 5000] [--seed 123]

import fc from 'fast-check';
import { fixturesPresent } from '../accuracy/fixtures.ts';
import { fixtureTexts, mutatedFixture } from '../test/fixture-mutations.ts';
import { checkPipeline, gerberFile, gerberNoise } from '../test/gerber-arbitraries.ts';

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(name);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
}

const runs = option('--runs', 5000);
const seed = option('--seed', Date.now() % 2_147_483_647);
console.log(`fuzzing with seed ${seed}, ${runs} runs per property`);

const properties: [string, fc.Arbitrary<string>][] = [
  ['noise', gerberNoise],
  ['random commands', gerberFile],
];
if (fixturesPresent()) properties.push(['damaged fixtures', mutatedFixture(fixtureTexts(400_000))]);

let failed = false;
for (const [name, arbitrary] of properties) {
  const started = performance.now();
  const result = fc.check(fc.property(arbitrary, checkPipeline), {
    seed,
    numRuns: name === 'damaged fixtures' ? Math.ceil(runs / 10) : runs,
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (result.failed) {
    failed = true;
    console.log(`${name}: FAILED after ${result.numRuns} runs (${seconds} s)`);
    console.log(fc.defaultReportMessage(result));
  } else {
    console.log(`${name}: ${result.numRuns} runs passed (${seconds} s)`);
  }
}
process.exit(failed ? 1 : 0);
