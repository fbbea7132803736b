// Times parse, plot and render of every drill and rout file of the shared fixtures:
//   npm exec -- node packages/gerber/scripts/time-drill.ts [--repeat 20] [--only name]
// Prints the median of the repeats per stage (the first runs warm the JIT up and are dropped).

import { allDrillFiles } from '../src/drill/test-support/fixture-drill-files.ts';
import { parseDrill, plotDrill, renderLayer } from '../src/index.ts';
import { fixturesDir } from '../src/test-support/fixture-files.ts';

const args = process.argv.slice(2);
const repeat = args.includes('--repeat') ? Number(args[args.indexOf('--repeat') + 1]) : 20;
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
const WARM_UP = 3;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

const root = fixturesDir();
if (!root) {
  console.error('fixtures not found (set FIXTURES_DIR)');
  process.exit(1);
}
const files = allDrillFiles(root)
  .map((file) => ({ ...file, label: `${file.folder}/${file.name}` }))
  .filter((file) => !only || file.label.includes(only));

console.log('| file | kB | holes+paths | parse ms | plot ms | render ms |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
for (const file of files) {
  const parseMs: number[] = [];
  const plotMs: number[] = [];
  const renderMs: number[] = [];
  let elements = 0;
  for (let round = 0; round < repeat + WARM_UP; round++) {
    const t0 = performance.now();
    const tree = parseDrill(file.text, file.options);
    const t1 = performance.now();
    const image = plotDrill(tree);
    const t2 = performance.now();
    renderLayer(image);
    const t3 = performance.now();
    if (round < WARM_UP) continue;
    parseMs.push(t1 - t0);
    plotMs.push(t2 - t1);
    renderMs.push(t3 - t2);
    elements = image.runs
      .flatMap((run) => run.graphics)
      .reduce(
        (sum, g) =>
          sum +
          (g.type === 'flash'
            ? g.positions.length / 2
            : g.type === 'stroke'
              ? g.segments.length
              : 0),
        0,
      );
  }
  console.log(
    `| ${file.label.replace(/^gerber(-large)?\//, '')} | ${(file.text.length / 1000).toFixed(1)} | ${elements} | ${median(parseMs).toFixed(2)} | ${median(plotMs).toFixed(2)} | ${median(renderMs).toFixed(2)} |`,
  );
}
