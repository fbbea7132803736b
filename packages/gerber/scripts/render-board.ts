// Renders every board folder given with renderBoard and prints its size, copper layers, timings
// and warnings; --png DIR also writes the top and bottom pictures as PNG files to look at:
//   npm exec -- node packages/gerber/scripts/render-board.ts <folder>... [--png DIR]

import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import { renderBoard } from '../src/index.ts';

const args = process.argv.slice(2);
const pngIndex = args.indexOf('--png');
const pngDir = pngIndex >= 0 ? args[pngIndex + 1] : undefined;
const folders = args.filter(
  (arg, index) => !arg.startsWith('--') && (pngIndex < 0 || index !== pngIndex + 1),
);
if (folders.length === 0) {
  console.error('usage: render-board.ts <folder>... [--png DIR]');
  process.exit(1);
}

for (const folder of folders) {
  const layers = readdirSync(folder)
    .filter((name) => name !== 'SOURCE.md' && statSync(join(folder, name)).isFile())
    .map((name) => ({ filename: name, gerber: readFileSync(join(folder, name), 'latin1') }));
  const board = renderBoard({ layers });
  const { widthMm, lengthMm, copperLayers, boardShape, timings } = board;
  const ms = Object.entries(timings)
    .map(([name, value]) => `${name} ${value.toFixed(0)}`)
    .join(' ');
  console.log(
    `${basename(folder)}: ${widthMm} x ${lengthMm} mm (${boardShape}), ${copperLayers} copper, ` +
      `svg ${((board.top.svg.length + board.bottom.svg.length) / 1e6).toFixed(2)} MB, ${ms} ms`,
  );
  for (const layer of board.layers) {
    if (layer.error) console.log(`  ${layer.filename}: ${layer.error}`);
  }
  const counted = new Map<string, number>();
  for (const warning of board.warnings) {
    const key = `${warning.filename ?? 'board'}: ${warning.message}`;
    counted.set(key, (counted.get(key) ?? 0) + 1);
  }
  for (const [key, count] of counted) console.log(`  ${key}${count > 1 ? ` (x${count})` : ''}`);
  if (pngDir) {
    mkdirSync(pngDir, { recursive: true });
    for (const side of ['top', 'bottom'] as const) {
      const png = new Resvg(board[side].svg, {
        fitTo: { mode: 'width', value: 1200 },
        background: '#ffffff',
      })
        .render()
        .asPng();
      writeFileSync(join(pngDir, `${basename(folder)}-${side}.png`), png);
    }
  }
}
