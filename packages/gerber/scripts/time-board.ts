// Times parse + plot + render of every Gerber file in a folder:
//   npm exec -- node packages/gerber/scripts/time-board.ts <folder> [--repeat N]

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { detectFiletype, parseGerber, plot, renderLayer } from '../src/index.ts';

const folder = process.argv[2];
if (!folder) {
  console.error('usage: time-board.ts <folder> [--repeat N]');
  process.exit(1);
}
const repeatIndex = process.argv.indexOf('--repeat');
const repeat = repeatIndex > 0 ? Number(process.argv[repeatIndex + 1]) : 1;

const files = readdirSync(folder)
  .filter((name) => statSync(join(folder, name)).isFile())
  .map((name) => ({ name, text: readFileSync(join(folder, name), 'latin1') }))
  .filter((file) => detectFiletype(file.text, { sync: true }) === 'gerber');

let best = Number.POSITIVE_INFINITY;
for (let round = 0; round < repeat; round++) {
  let parseMs = 0;
  let plotMs = 0;
  let renderMs = 0;
  const rows: string[] = [];
  for (const file of files) {
    const t0 = performance.now();
    const tree = parseGerber(file.text);
    const t1 = performance.now();
    const image = plot(tree);
    const t2 = performance.now();
    const rendered = renderLayer(image);
    const t3 = performance.now();
    parseMs += t1 - t0;
    plotMs += t2 - t1;
    renderMs += t3 - t2;
    rows.push(
      `${file.name.padEnd(40)} ${(file.text.length / 1e6).toFixed(2).padStart(6)} MB  parse ${(t1 - t0).toFixed(0).padStart(4)}  plot ${(t2 - t1).toFixed(0).padStart(4)}  render ${(t3 - t2).toFixed(0).padStart(4)} ms  svg ${(rendered.svg.length / 1e6).toFixed(2)} MB  warnings ${image.warnings.length}`,
    );
  }
  const total = parseMs + plotMs + renderMs;
  best = Math.min(best, total);
  if (round === repeat - 1) console.log(rows.join('\n'));
  console.log(
    `round ${round + 1}: ${files.length} files  parse ${parseMs.toFixed(0)} ms  plot ${plotMs.toFixed(0)} ms  render ${renderMs.toFixed(0)} ms  total ${total.toFixed(0)} ms`,
  );
}
console.log(`best total: ${best.toFixed(0)} ms`);
