// A longer fuzz run than the test suite's, with a new seed each time:
//   npm run fuzz -w packages/gerber -- [--runs 5000] [--seed 123]

import fc from 'fast-check';
import { fixturesPresent } from '../accuracy/fixtures.ts';
import {
  checkBoard,
  checkLoops,
  damagedBoard,
  fixtureBoards,
  outlineSegments,
  randomBoard,
} from '../test/board-arbitraries.ts';
import { fixtureTexts, mutatedFixture } from '../test/fixture-mutations.ts';
import { checkPipeline, gerberFile, gerberNoise } from '../test/gerber-arbitraries.ts';

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(name);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
}

const runs = option('--runs', 5000);
const seed = option('--seed', Date.now() % 2_147_483_647);
console.log(`fuzzing with seed ${seed}, ${runs} runs per property`);

/** A property to check, with the share of `runs` it gets (whole boards and real files are slow). */
interface Property {
  name: string;
  property: fc.IProperty<[never]>;
  share: number;
}

const property = <T>(arbitrary: fc.Arbitrary<T>, check: (value: T) => void) =>
  fc.property(arbitrary, check) as unknown as fc.IProperty<[never]>;

const properties: Property[] = [
  { name: 'noise', property: property(gerberNoise, checkPipeline), share: 1 },
  { name: 'random commands', property: property(gerberFile, checkPipeline), share: 1 },
  {
    name: 'outline loops',
    property: property(outlineSegments, (s) => checkLoops(s, 0.01)),
    share: 1,
  },
  { name: 'random boards', property: property(randomBoard, checkBoard), share: 0.2 },
];
if (fixturesPresent()) {
  properties.push(
    {
      name: 'damaged fixtures',
      property: property(mutatedFixture(fixtureTexts(400_000)), checkPipeline),
      share: 0.1,
    },
    {
      name: 'damaged boards',
      property: property(damagedBoard(fixtureBoards(600_000)), checkBoard),
      share: 0.02,
    },
  );
}

let failed = false;
for (const { name, property: checked, share } of properties) {
  const started = performance.now();
  const result = fc.check(checked, { seed, numRuns: Math.ceil(runs * share) });
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
