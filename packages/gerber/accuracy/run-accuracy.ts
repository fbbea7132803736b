// The accuracy report: every layer of the shared boards and feature tests rendered by us and by
// gerbv at 300 dpi, compared pixel by pixel.
//   npm run accuracy -w packages/gerber                 writes docs/accuracy.md and its pictures
//   npm run accuracy -w packages/gerber -- --only usbvil --pictures /tmp/acc   (no report)

import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sideBySide } from './compare.ts';
import { fixturesDir, fixturesPresent, layerFiles } from './fixtures.ts';
import { knownDifference, THRESHOLD_PERCENT } from './known-differences.ts';
import { type Measurement, measureLayer } from './measure.ts';
import { encodeRgbPng } from './png.ts';
import { gerbvAvailable, gerbvVersion } from './rasterize.ts';
import { pictureName, writeReport } from './report.ts';

const args = process.argv.slice(2);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
const picturesDir = args.includes('--pictures') ? args[args.indexOf('--pictures') + 1] : undefined;
const docsDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../../docs');

if (!fixturesPresent()) {
  console.error(`fixtures not found at ${fixturesDir()} (set FIXTURES_DIR)`);
  process.exit(1);
}
if (!gerbvAvailable()) {
  console.error('gerbv is not installed (apt-get install gerbv)');
  process.exit(1);
}

const layers = layerFiles().filter(
  (layer) => !only || `${layer.board}/${layer.name}`.includes(only),
);
const measurements: Measurement[] = [];
const started = performance.now();
for (const layer of layers) {
  const t0 = performance.now();
  let measurement: Measurement;
  try {
    measurement = measureLayer(layer);
  } catch (error) {
    measurement = { type: 'failed', layer, reason: (error as Error).message };
  }
  measurements.push(measurement);
  const label = `${layer.board}/${layer.name}`;
  const seconds = ((performance.now() - t0) / 1000).toFixed(1);
  if (measurement.type === 'compared') {
    const { percent, oursOnly, gerbvOnly, union } = measurement.comparison;
    const known = knownDifference(layer);
    const mark = percent <= THRESHOLD_PERCENT ? 'ok ' : known ? 'kn ' : 'BAD';
    console.log(
      `${mark} ${percent.toFixed(3).padStart(8)}%  ours-only ${oursOnly} gerbv-only ${gerbvOnly} of ${union}  ${label} (${seconds} s)`,
    );
    const picture = percent > THRESHOLD_PERCENT && (picturesDir || known);
    if (picture) {
      const side = sideBySide(measurement.ours, measurement.gerbv, picturesDir ? 2400 : 900);
      const dir = picturesDir ?? join(docsDir, 'accuracy');
      mkdirSync(dir, { recursive: true });
      writeFileSync(
        join(dir, pictureName(layer.board, layer.name)),
        encodeRgbPng(side.width, side.height, side.rgb),
      );
    }
  } else {
    const note = measurement.type === 'empty' ? 'empty image' : measurement.reason;
    console.log(`--- ${note}  ${label}`);
  }
}
console.log(`${layers.length} layers in ${((performance.now() - started) / 1000).toFixed(0)} s`);
if (!only && !picturesDir) {
  const report = join(docsDir, 'accuracy.md');
  writeReport(report, measurements, gerbvVersion());
  // Lay the tables out as the repository's formatter does, so the report passes the lint.
  const biome = resolve(docsDir, '../node_modules/.bin/biome');
  const formatted = spawnSync(biome, ['format', '--write', report], { encoding: 'utf8' });
  if (formatted.status !== 0) console.error(`could not format the report: ${formatted.stderr}`);
  console.log(`report written to ${report}`);
}
