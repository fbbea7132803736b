// Benchmark: the board render cache. POST by_stamp for the esp32-poe-rev-m fixture board
// (13 files, 4 copper layers): a hit (stored render found by stamp) against a miss (rendered in
// the worker pool, then stored), through real HTTP on a fresh PGlite database.
// Run: npm run render-cache -w bench (prints the numbers; compare with baselines/).
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { addProduct, addProject, getBoardCacheByStamp } from '@circuits/contracts';
import { DEFAULT_BOARD_SETTINGS_OPTIONS } from '@circuits/domain';
import { createPeople } from '../apps/server/test/fixtures.ts';
import { startTestServer } from '../apps/server/test/test-server.ts';
import { FIXTURES_DIR, form, zip } from '../apps/server/test/uploads.ts';

const HIT_ROUNDS = 200;
const BOARD = path.join(FIXTURES_DIR, 'gerber', 'esp32-poe-rev-m');

function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!;
}

function summary(label: string, times: number[]) {
  times.sort((a, b) => a - b);
  const ms = (value: number) => Number(value.toFixed(2));
  return {
    label,
    rounds: times.length,
    p50Ms: ms(percentile(times, 0.5)),
    p95Ms: ms(percentile(times, 0.95)),
  };
}

if (!fs.existsSync(BOARD)) {
  console.log(`skipped: fixture board ${BOARD} is absent`);
  process.exit(0);
}

const server = await startTestServer('pglite');
try {
  const people = await createPeople(server);
  const token = people.acme.editor.token;
  const project = await server.call(addProject, { token, form: form({ title: 'Bench' }) });
  const entries = Object.fromEntries(
    fs
      .readdirSync(BOARD)
      .filter((name) => name !== 'SOURCE.md')
      .map((name) => [name, fs.readFileSync(path.join(BOARD, name))]),
  );
  const product = await server.call(addProduct, {
    token,
    params: { id: project.data.data.id },
    form: form({ name: 'ESP32-PoE' }, [{ field: 'files', name: 'board.zip', data: zip(entries) }]),
  });
  const id = product.data.data.id;
  const byStamp = async (settings: Record<string, string>) => {
    const start = performance.now();
    const response = await server.call(getBoardCacheByStamp, {
      token,
      params: { id },
      body: { settings },
    });
    const elapsed = performance.now() - start;
    if (response.status !== 200) throw new Error(`by_stamp answered ${response.status}`);
    return { elapsed, fromCache: response.data.fromCache };
  };

  // Each mask colour is a stamp not rendered yet: a miss.
  const misses: number[] = [];
  for (const mask of DEFAULT_BOARD_SETTINGS_OPTIONS.maskColors.slice(1)) {
    const { elapsed, fromCache } = await byStamp({ maskColor: mask.name });
    if (fromCache) throw new Error('expected a miss');
    misses.push(elapsed);
  }
  const hits: number[] = [];
  for (let round = 0; round < HIT_ROUNDS; round++) {
    const { elapsed, fromCache } = await byStamp({ maskColor: 'Red' });
    if (!fromCache) throw new Error('expected a hit');
    hits.push(elapsed);
  }
  console.log(
    JSON.stringify(
      [summary('by_stamp miss (render + store)', misses), summary('by_stamp hit', hits)],
      null,
      2,
    ),
  );
} finally {
  await server.close();
}
