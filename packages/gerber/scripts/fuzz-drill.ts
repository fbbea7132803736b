// The drill fuzz properties of src/drill/drill-fuzz.test.ts, run longer with a fresh seed:
//   npm exec -- node packages/gerber/scripts/fuzz-drill.ts [--runs 20000] [--seed N]
// Prints the seed, so a failure can be replayed with --seed.

import fc from 'fast-check';
import {
  checkDrillText,
  drillOptions,
  drillText,
  mutatedText,
} from '../src/drill/test-support/drill-fuzz.ts';
import { allDrillFiles } from '../src/drill/test-support/fixture-drill-files.ts';
import { fixturesDir } from '../src/test-support/fixture-files.ts';

function argument(name: string): number | undefined {
  const index = process.argv.indexOf(name);
  return index > 0 ? Number(process.argv[index + 1]) : undefined;
}

const runs = argument('--runs') ?? 20_000;
const seed = argument('--seed') ?? Math.floor(Math.random() * 2 ** 31);

const properties: [string, fc.IProperty<never>][] = [
  ['random text', fc.property(drillText, (text) => checkDrillText(text)) as never],
  [
    'random text with options',
    fc.property(drillText, drillOptions, (text, options) => checkDrillText(text, options)) as never,
  ],
];
const fixtures = fixturesDir();
const sources = fixtures ? allDrillFiles(fixtures).map((file) => file.text) : [];
if (sources.length > 0) {
  properties.push([
    `edits of ${sources.length} real files`,
    fc.property(mutatedText(sources), (text) => checkDrillText(text)) as never,
  ]);
} else {
  console.log('fixtures not found: edits of real files skipped (set FIXTURES_DIR)');
}

console.log(`seed ${seed}, ${runs} runs per property`);
for (const [name, property] of properties) {
  const started = performance.now();
  fc.assert(property, { seed, numRuns: runs });
  console.log(
    `${name}: ${runs} runs passed in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}
