import { addProduct, addProject, getBoardCacheByStamp } from '@circuits/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPeople, type People } from '../../../test/fixtures.ts';
import { type TestServer, useTestServer } from '../../../test/test-server.ts';
import { form } from '../../../test/uploads.ts';

// Uploads that ask for far more drawing than any board: a few hundred bytes of step-and-repeat
// (its block held once, so it draws whole) and a million holes. The render stays within its
// budget and says what it left out; a render
// worker that runs out of its memory is replaced and the user told why. Through the API, on
// PGlite (the database plays no part in this).

/** A step-and-repeat of 316 × 316 copies of a dozen strokes: 1.2 million segments asked for. */
const STEP_AND_REPEAT = [
  '%FSLAX46Y46*%',
  '%MOMM*%',
  '%ADD10C,0.2*%',
  '%SRX316Y316I2.5J2.5*%',
  'D10*',
  ...Array.from({ length: 12 }, (_, index) => [
    `X${index * 100000}Y0D02*`,
    `X${index * 100000 + 50000}Y${(index % 3) * 70000 + 30000}D01*`,
  ]).flat(),
  '%SR*%',
  'M02*',
  '',
].join('\n');

/** A million 0.3 mm holes on a 0.5 mm grid. */
function millionHoles(): string {
  const lines = ['M48', 'METRIC,LZ', 'FMAT,2', 'T1C0.300', '%', 'G90', 'T1'];
  for (let index = 0; index < 1_000_000; index++) {
    lines.push(`X${(index % 1000) * 0.5}Y${Math.floor(index / 1000) * 0.5}`);
  }
  lines.push('M30', '');
  return lines.join('\n');
}

type StoredRender = {
  top: { svg: string };
  bottom: { svg: string };
  layers: { filename: string; rendered: { svg: string } | null }[];
  warnings: { filename: string | null; message: string }[];
};

async function setUp(server: TestServer) {
  const people = await createPeople(server);
  const project = await server.call(addProject, {
    token: people.acme.editor.token,
    form: form({ title: 'Bounds' }),
  });
  return { people, projectId: project.data.data.id };
}

/** Uploads the files as a new product and asks for its render; answers the response. */
async function uploadAndRender(
  server: TestServer,
  { people, projectId }: { people: People; projectId: number },
  files: Record<string, string>,
) {
  const token = people.acme.editor.token;
  const added = await server.call(addProduct, {
    token,
    params: { id: projectId },
    form: form(
      { name: Object.keys(files).join(' ') },
      Object.entries(files).map(([name, data]) => ({ field: 'files[]', name, data })),
    ),
  });
  expect(added.status, added.text).toBe(201);
  const answer = await server.call(getBoardCacheByStamp, {
    token,
    params: { id: added.data.data.id },
    body: {},
  });
  return { answer, token };
}

async function storedRender(server: TestServer, link: string, token: string) {
  const stored = await server.request('GET', link, { token });
  expect(stored.status).toBe(200);
  return { render: stored.json as StoredRender, bytes: stored.text.length };
}

describe('board renders within their budget', () => {
  const server = useTestServer('pglite');
  let setup: Awaited<ReturnType<typeof setUp>>;

  beforeAll(async () => {
    setup = await setUp(server());
  });

  it('draws the whole of a step-and-repeat asking for a million strokes, its block once', async () => {
    expect(STEP_AND_REPEAT.length).toBeLessThan(800);
    const { answer, token } = await uploadAndRender(server(), setup, {
      'panel-F_Cu.gbr': STEP_AND_REPEAT,
    });
    expect(answer.status, answer.text).toBe(200);
    const { render, bytes } = await storedRender(server(), answer.data.cache!.file_path!, token);
    expect(render.warnings.filter((w) => w.message.startsWith('simplified'))).toEqual([]);
    // One block of a dozen strokes, placed at each of the 99,856 places.
    const layer = render.layers[0]!.rendered!.svg;
    expect(layer.split('<use ').length - 1).toBe(316 * 316);
    expect(layer.length).toBeLessThan(17_000_000);
    expect(bytes).toBeLessThan(40_000_000);
  });

  it('draws part of a million holes within the SVG budget of a layer, and says so', async () => {
    const { answer, token } = await uploadAndRender(server(), setup, {
      'holes.drl': millionHoles(),
    });
    expect(answer.status, answer.text).toBe(200);
    const { render } = await storedRender(server(), answer.data.cache!.file_path!, token);
    const cut = render.warnings.find((w) => w.message.startsWith('simplified'));
    expect(cut?.message).toMatch(
      /^simplified to stay within the render's limits: holes\.drl is drawn without [\d,]+ of 1,000,000 flashes, lines and edges: the drawing of one layer takes at most 16 MB$/,
    );
    // The budget is looked at every few thousand holes: it may be passed by a few of them.
    expect(render.layers[0]!.rendered!.svg.length).toBeLessThan(17_000_000);
    expect(render.top.svg.length).toBeLessThan(17_000_000);
  });
});

describe('a render worker out of memory', () => {
  // A heap far too small for a million holes, enough for a small board.
  const server = useTestServer('pglite', { env: { RENDER_WORKER_MEMORY_MB: '96' } });
  let setup: Awaited<ReturnType<typeof setUp>>;

  beforeAll(async () => {
    setup = await setUp(server());
  });

  it('is replaced, and the user is told the board needs more memory than a render may use', async () => {
    const { answer } = await uploadAndRender(server(), setup, { 'holes.drl': millionHoles() });
    expect(answer.status, answer.text).toBe(422);
    expect(answer.json).toEqual({
      code: 'validation_failed',
      error: {
        boardFiles:
          "The board could not be rendered: drawing it needs more memory than a render may use on this server (96 MB). Check that the files are the board's Gerber and drill files; a file that repeats its drawing many times or holds millions of holes cannot be drawn.",
      },
    });
    // The next board is drawn by a new worker.
    const small = await uploadAndRender(server(), setup, {
      'small.drl': ['M48', 'METRIC', 'T1C1.0', '%', 'G90', 'T1', 'X1.0Y1.0', 'M30', ''].join('\n'),
    });
    expect(small.answer.status, small.answer.text).toBe(200);
    expect(small.answer.data.cache?.file_path).toContain('/storage/');
  });
});
