// Benchmark: GET /api/products/{id} and GET /api/projects for a board of 30 files (a 10-layer
// board with drills, BOM and placement), through real HTTP on a fresh PGlite database.
// Run: npm run product-page -w bench (prints the numbers; compare with baselines/).
import { performance } from 'node:perf_hooks';
import { addProduct, addProject, getProduct, listProjects } from '@circuits/contracts';
import { createPeople } from '../apps/server/test/fixtures.ts';
import { startTestServer } from '../apps/server/test/test-server.ts';
import { BOARD_FILES, BOM_CSV, form, PLACEMENT_CSV, zip } from '../apps/server/test/uploads.ts';

const ROUNDS = 300;

function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!;
}

async function measure(label: string, request: () => Promise<{ status: number }>) {
  for (let warm = 0; warm < 20; warm++) await request();
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const start = performance.now();
    const response = await request();
    times.push(performance.now() - start);
    if (response.status !== 200) throw new Error(`${label} answered ${response.status}`);
  }
  times.sort((a, b) => a - b);
  const ms = (value: number) => Number(value.toFixed(2));
  return {
    label,
    rounds: ROUNDS,
    p50Ms: ms(percentile(times, 0.5)),
    p95Ms: ms(percentile(times, 0.95)),
  };
}

const server = await startTestServer('pglite');
try {
  const people = await createPeople(server);
  const token = people.acme.editor.token;
  const project = await server.call(addProject, { token, form: form({ title: 'Bench' }) });
  const files: Record<string, string> = { 'bom.csv': BOM_CSV, 'pos.csv': PLACEMENT_CSV };
  for (let layer = 0; layer < 4; layer++) {
    for (const [name, text] of Object.entries(BOARD_FILES)) files[`v${layer}/${name}`] = text;
  }
  for (let extra = Object.keys(files).length; extra < 30; extra++)
    files[`notes-${extra}.txt`] = 'x';
  const product = await server.call(addProduct, {
    token,
    params: { id: project.data.data.id },
    form: form({ name: 'Thirty files' }, [{ field: 'files', name: 'board.zip', data: zip(files) }]),
  });
  const id = product.data.data.id;
  const page = await server.call(getProduct, { token, params: { id } });
  console.log(
    `product with ${page.data.files.length} files, ${page.data.boardFiles.length} on the board`,
  );
  const results = [
    await measure('GET /api/products/{id}', () =>
      server.call(getProduct, { token, params: { id } }),
    ),
    await measure('GET /api/projects', () => server.call(listProjects, { token })),
  ];
  console.log(JSON.stringify(results, null, 2));
} finally {
  await server.close();
}
