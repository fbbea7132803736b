// Proof that a change to the Gerber engine changed nothing it makes: the fingerprints of every
// fixture board's stored render (the JSON a render worker answers, board-render-job.ts), and of
// every file's syntax tree and plotted image through each way into the engine (parse, plot,
// parseAndPlot, renderLayer), written before the change and compared after.
//   npm run render-identity -w bench -- --record /tmp/before.json
//   npm run render-identity -w bench -- --check /tmp/before.json     exits 1 on any difference
// Boards: the ten CAD boards and feature tests of ../shared/fixtures/gerber (FIXTURES_DIR), the
// large boards, and the committed corpus/gerber. The render's timings are the only part left
// out (they are clock readings).

import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, parseAndPlot, plot, renderLayer } from '@circuits/gerber';
import { renderJob } from '../apps/server/src/modules/board/board-render-job.ts';
import { appRenderJob, uploadOf } from './app-board.ts';

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const recordTo = args.includes('--record') ? args[args.indexOf('--record') + 1] : undefined;
const checkAgainst = args.includes('--check') ? args[args.indexOf('--check') + 1] : undefined;
if (!recordTo && !checkAgainst) {
  throw new Error('usage: render-identity.ts --record FILE | --check FILE');
}

const fixtures = process.env.FIXTURES_DIR ?? resolve(here, '../../shared/fixtures');
const roots = [
  join(fixtures, 'gerber'),
  join(fixtures, 'gerber-large'),
  resolve(here, '../corpus/gerber'),
];

/** Every folder that holds files: a board, a feature-test set, or part of a board's upload. */
function folders(root: string): string[] {
  if (!existsSync(root)) return [];
  const inside = readdirSync(root).map((name) => join(root, name));
  const hasFiles = inside.some((path) => statSync(path).isFile() && !path.endsWith('.md'));
  const below = inside.filter((path) => statSync(path).isDirectory()).flatMap(folders);
  return hasFiles ? [root, ...below] : below;
}

function sha(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * JSON of an engine result that keeps what JSON.stringify would lose (-0, NaN, infinities, an
 * error's message), so two results with the same fingerprint are the same values.
 */
function fingerprint(value: unknown): string {
  return sha(
    JSON.stringify(value, (_key, item: unknown) => {
      if (typeof item === 'number' && (Object.is(item, -0) || !Number.isFinite(item))) {
        return `#${Object.is(item, -0) ? '-0' : String(item)}`;
      }
      if (item instanceof Error)
        return Object.assign({ name: item.name, message: item.message }, item);
      return item;
    }) ?? 'undefined',
  );
}

/** The stored render without its clock readings. */
function storedRender(json: string): string {
  return json.replace(/"timings":\{[^}]*\}/, '"timings":null');
}

const prints: Record<string, string> = {};
const started = performance.now();
for (const root of roots) {
  for (const folder of folders(root)) {
    const name = relative(resolve(here, '../..'), folder);
    prints[`${name} :: stored render`] = sha(
      storedRender(renderJob(await appRenderJob(folder)).json),
    );
    for (const file of uploadOf(folder)) {
      const tree = parse(file.text);
      prints[`${name}/${file.name} :: parse`] = fingerprint(tree);
      if (tree.type === 'error') continue;
      const image = plot(tree);
      prints[`${name}/${file.name} :: plot`] = fingerprint(image);
      prints[`${name}/${file.name} :: parseAndPlot`] = fingerprint(parseAndPlot(file.text));
      prints[`${name}/${file.name} :: renderLayer`] = fingerprint(renderLayer(image));
    }
  }
}
const seconds = ((performance.now() - started) / 1000).toFixed(1);

if (recordTo) {
  writeFileSync(recordTo, `${JSON.stringify(prints, null, 1)}\n`);
  console.log(`${Object.keys(prints).length} fingerprints written to ${recordTo} in ${seconds} s`);
} else if (checkAgainst) {
  const before = JSON.parse(readFileSync(checkAgainst, 'utf8')) as Record<string, string>;
  const names = new Set([...Object.keys(before), ...Object.keys(prints)]);
  const differ = [...names].filter((key) => before[key] !== prints[key]);
  for (const key of differ) {
    console.log(`DIFFERS ${key}: ${before[key] ?? 'absent'} -> ${prints[key] ?? 'absent'}`);
  }
  console.log(
    `${names.size - differ.length} of ${names.size} fingerprints identical (${seconds} s)`,
  );
  if (differ.length > 0) process.exit(1);
}
