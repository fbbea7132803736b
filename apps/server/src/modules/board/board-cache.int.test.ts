import fs from 'node:fs';
import path from 'node:path';
import {
  addProduct,
  addProject,
  createOutline,
  getBoardCacheByStamp,
  getProduct,
  saveBoardSettings,
  storeBoardCache,
  updateBoardFiles,
} from '@circuits/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPeople, type People } from '../../../test/fixtures.ts';
import { databaseKinds, type TestServer, useTestServer } from '../../../test/test-server.ts';
import { FIXTURES_DIR, type FormFile, form, zip } from '../../../test/uploads.ts';

// Small hand-written layers: a 1 mm trace on the top copper of a board whose outline the server
// draws (createOutline), so the size is known exactly.
const TOP_COPPER = [
  '%FSLAX26Y26*%',
  '%MOMM*%',
  '%ADD10C,0.500*%',
  'D10*',
  'X5000000Y5000000D02*',
  'X20000000Y5000000D01*',
  'M02*',
  '',
].join('\n');

// The mask opening over the trace's end.
const TOP_MASK = [
  '%FSLAX26Y26*%',
  '%MOMM*%',
  '%ADD11C,1.000*%',
  'D11*',
  'X5000000Y5000000D03*',
  'M02*',
  '',
].join('\n');

/** The stored object a signed link points at (links are signed afresh on every answer). */
function objectOf(cache: { hash: string | null; file_path: string | null } | null) {
  return (
    cache && {
      hash: cache.hash,
      path: cache.file_path && new URL(cache.file_path, 'http://x').pathname,
    }
  );
}

/** Render rows of one stamp, or of every stamp. */
async function renderRows(server: TestServer, hash?: string): Promise<number> {
  const result = await server.database.db.execute(
    hash === undefined
      ? sql`select count(*)::int as count from board_renders`
      : sql`select count(*)::int as count from board_renders where hash = ${hash}`,
  );
  return (result as unknown as { rows: { count: number }[] }).rows[0]!.count;
}

describe.each(databaseKinds())('board render cache on %s', (kind) => {
  const server = useTestServer(kind);
  let people: People;
  let projectId: number;
  let productId: number;

  const newProduct = async (
    name: string,
    files: FormFile[] = [],
    token = people.acme.editor.token,
  ) =>
    (
      await server().call(addProduct, {
        token,
        params: { id: projectId },
        form: form({ name }, files),
      })
    ).data.data.id;

  const byStamp = (body: object, token = people.acme.editor.token, id = productId) =>
    server().call(getBoardCacheByStamp, { token, params: { id }, body });

  const page = async (id = productId) =>
    (await server().call(getProduct, { token: people.acme.editor.token, params: { id } })).data;

  beforeAll(async () => {
    people = await createPeople(server());
    const project = await server().call(addProject, {
      token: people.acme.editor.token,
      form: form({ title: 'Renders' }),
    });
    projectId = project.data.data.id;
    productId = await newProduct('Rendered board', [
      { field: 'files[]', name: 'board-F_Cu.gbr', data: TOP_COPPER },
      { field: 'files[]', name: 'board-F_Mask.gbr', data: TOP_MASK },
    ]);
    const outline = await server().call(createOutline, {
      token: people.acme.editor.token,
      params: { id: productId },
      body: { width: 25, length: 10, units: 'mm' },
    });
    expect(outline.status, outline.text).toBe(201);
  });

  it('measures the board when its files change and caches that render for the page', async () => {
    const data = await page();
    expect(data.boardAnalysis).toMatchObject({
      widthMm: 25,
      lengthMm: 10,
      copperLayers: 1,
      sizeFrom: 'outline',
    });
    expect(data.cache.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(data.cache.file_path).toContain('/storage/');
    const stored = await server().request('GET', data.cache.file_path!);
    expect(stored.status).toBe(200);
    expect(stored.headers.get('content-type')).toBe('application/json');
    expect(stored.json).toMatchObject({ widthMm: 25, lengthMm: 10, boardShape: 'outline' });
    expect(stored.json.top.svg).toContain('<svg');
    expect(stored.json.bottom.svg).toContain('<svg');
    expect(stored.json.layers.map((layer: { fileType: string }) => layer.fileType)).toEqual([
      'topMask',
      'topCopper',
      'outline',
    ]);

    // A small board decodes quickly in the browser: no preview of its top.
    expect(stored.json.topPreview).toBeUndefined();

    const same = await byStamp({});
    expect(same.data).toMatchObject({ hash: data.cache.hash, fromCache: true });
    expect(objectOf(same.data.cache)).toEqual(objectOf(data.cache));
  });

  it("keeps a bitmap of a large board's top, stored before the sides with the top's frame", async () => {
    // 25,600 pads on a 0.5 mm grid: more than a megabyte of SVG for the top side.
    const pads = ['%FSLAX26Y26*%', '%MOMM*%', '%ADD10C,0.300*%', 'D10*'];
    for (let x = 0; x < 160; x++) {
      for (let y = 0; y < 160; y++) pads.push(`X${x * 500000}Y${y * 500000}D03*`);
    }
    pads.push('M02*', '');
    const id = await newProduct('Many pads', [
      { field: 'files[]', name: 'pads-F_Cu.gbr', data: pads.join('\n') },
    ]);
    const { cache } = await page(id);
    const stored = await server().request('GET', cache.file_path!);
    const render = stored.json;
    const keys = Object.keys(render);
    expect(keys.indexOf('topPreview')).toBeGreaterThan(keys.indexOf('warnings'));
    expect(keys.slice(keys.indexOf('topPreview'))).toEqual([
      'topPreview',
      'top',
      'bottom',
      'layers',
    ]);
    const { src, ...frame } = render.topPreview;
    const { svg, ...topFrame } = render.top;
    expect(svg.length).toBeGreaterThan(1_000_000);
    expect(frame).toEqual(topFrame);
    const png = Buffer.from(src.slice('data:image/png;base64,'.length), 'base64');
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    // A square board: 1024 pixels each way.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1024, 1024]);
  });

  it('renders a miss once, then answers it from the cache; the colours follow the settings', async () => {
    const enig = { settings: { finishing: 'ENIG', maskColor: 'Red' } };
    const miss = await byStamp(enig);
    expect(miss.status, miss.text).toBe(200);
    expect(miss.data.fromCache).toBe(false);
    expect(miss.data.hash).not.toBe((await page()).cache.hash);
    const hit = await byStamp(enig);
    expect(hit.data).toMatchObject({ hash: miss.data.hash, fromCache: true });
    expect(objectOf(hit.data.cache)).toEqual(objectOf(miss.data.cache));
    const render = (await server().request('GET', miss.data.cache!.file_path!)).json;
    // SPEC §9: ENIG shows gold copper; the mask takes the chosen colour.
    expect(render.top.svg).toContain('#d4af37');
    expect(render.top.svg).toContain('#b3121b');
    expect(render.top.svg).not.toContain('#c0c0c0');

    // Saving those settings makes it the page's cache.
    const saved = await server().call(saveBoardSettings, {
      token: people.acme.editor.token,
      params: { id: productId },
      body: {
        finishing: 'ENIG',
        maskColor: 'Red',
        numberLayers: 1,
        boardWidth: 25,
        boardLength: 10,
        unitsIn: 'mm',
      },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(objectOf((await page()).cache)).toEqual(objectOf(miss.data.cache));
  });

  it('renders a stamp once when requests for it arrive together', async () => {
    const body = { settings: { maskColor: 'Blue', silkColor: 'Black' } };
    const answers = await Promise.all(Array.from({ length: 6 }, () => byStamp(body)));
    for (const answer of answers) expect(answer.status, answer.text).toBe(200);
    const hashes = new Set(answers.map((answer) => answer.data.hash));
    expect(hashes.size).toBe(1);
    expect(new Set(answers.map((answer) => objectOf(answer.data.cache)!.path)).size).toBe(1);
    expect(answers.filter((answer) => !answer.data.fromCache)).toHaveLength(1);
    expect(await renderRows(server(), answers[0]!.data.hash!)).toBe(1);
  });

  it('takes over a claim left behind by a stopped instance', async () => {
    const body = { settings: { maskColor: 'Matte Black' } };
    const { hash } = (await byStamp({ ...body, render: false })).data;
    const companyId = people.acme.companyId;
    const longAgo = new Date(Date.now() - 60 * 60 * 1000).toISOString();
    await server().database.db.execute(
      sql`insert into board_renders (company_id, hash, status, claimed_at) values (${companyId}, ${hash}, 'rendering', ${longAgo})`,
    );
    const answer = await byStamp(body);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.data).toMatchObject({ hash, fromCache: false });
    expect(answer.data.cache!.file_path).toContain('/storage/');
    expect(await renderRows(server(), hash!)).toBe(1);
  });

  it('answers a miss without rendering when asked to, and renders the files as the client assigns them', async () => {
    const body = { settings: { silkColor: 'Yellow' }, render: false };
    const notRendered = await byStamp(body);
    expect(notRendered.data).toMatchObject({ cache: null, fromCache: false });
    expect(notRendered.data.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await renderRows(server(), notRendered.data.hash!)).toBe(0);

    const { boardFiles } = await page();
    const copper = boardFiles.find((file) => file.file_type === 'topCopper')!;
    const flipped = await byStamp({
      boardFiles: boardFiles.map((file) =>
        file.id === copper.id
          ? { id: file.id, file_type: 'bottomCopper' }
          : { id: file.id, file_type: file.file_type },
      ),
    });
    expect(flipped.data.hash).not.toBe((await page()).cache.hash);
    const render = (await server().request('GET', flipped.data.cache!.file_path!)).json;
    expect(render.layers.map((layer: { fileType: string }) => layer.fileType)).toEqual([
      'topMask',
      'bottomCopper',
      'outline',
    ]);

    const unknown = await byStamp({ boardFiles: [{ id: 99_999_999, file_type: 'topCopper' }] });
    expect(unknown.status).toBe(422);
    expect(unknown.json.error).toEqual({
      'boardFiles.0.id': 'Board file 99999999 is not on this board',
    });
  });

  it('caches nothing when the only file is the outline, but still measures it', async () => {
    const id = await newProduct('Outline only');
    const before = await renderRows(server());
    await server().call(createOutline, {
      token: people.acme.editor.token,
      params: { id },
      body: { width: 2, length: 1, radius: 0.1, units: 'in' },
    });
    const data = await page(id);
    expect(data.cache).toEqual({ hash: null, file_path: null });
    expect(data.boardAnalysis).toMatchObject({ copperLayers: 0, sizeFrom: 'outline' });
    expect(data.boardAnalysis!.widthMm).toBeCloseTo(50.8, 6);
    expect(data.boardAnalysis!.lengthMm).toBeCloseTo(25.4, 6);
    const stamp = await byStamp({}, people.acme.editor.token, id);
    expect(stamp.data).toEqual({ hash: null, cache: null, fromCache: false });
    const stored = await server().call(storeBoardCache, {
      token: people.acme.editor.token,
      params: { id },
      form: form({ dataToHash: '{}' }, [
        { field: 'cache', name: 'render.json', data: JSON.stringify(clientRender('#123456')) },
      ]),
    });
    expect(stored.status).toBe(422);
    expect(stored.json.error).toEqual({
      dataToHash: 'Nothing is cached for a board whose only file is the outline',
    });
    expect(await renderRows(server())).toBe(before);
  });

  it('keeps a render made by the client under the stamp the server computes', async () => {
    const dataToHash = JSON.stringify({ settings: { maskColor: 'Purple' } });
    const stored = await server().call(storeBoardCache, {
      token: people.acme.editor.token,
      params: { id: productId },
      form: form({ dataToHash }, [
        {
          field: 'cache',
          name: 'render.json',
          data: JSON.stringify({ ...clientRender('#4b1c6e'), topPreview: CLIENT_PREVIEW }),
        },
      ]),
    });
    expect(stored.status, stored.text).toBe(201);
    const hit = await byStamp({ settings: { maskColor: 'Purple' } });
    expect(hit.data).toMatchObject({ hash: stored.data.hash, fromCache: true });
    expect(objectOf(hit.data.cache)).toEqual(objectOf(stored.data.cache));
    const kept = (await server().request('GET', hit.data.cache!.file_path!)).json;
    expect(kept.top.svg).toContain('#4b1c6e');
    // Only the server draws previews: one a client sends could show anything.
    expect(kept.topPreview).toBeUndefined();

    // The first render of a stamp stays.
    const second = await server().call(storeBoardCache, {
      token: people.acme.editor.token,
      params: { id: productId },
      form: form({ dataToHash }, [
        { field: 'cache', name: 'render.json', data: JSON.stringify(clientRender('#000000')) },
      ]),
    });
    expect(objectOf(second.data.cache)).toEqual(objectOf(stored.data.cache));
  });

  it('still measures the board when the client stored the render of its new files first', async () => {
    const id = await newProduct('Client first', [
      { field: 'files[]', name: 'board-F_Cu.gbr', data: TOP_COPPER },
    ]);
    await server().call(createOutline, {
      token: people.acme.editor.token,
      params: { id },
      body: { width: 25, length: 10, units: 'mm' },
    });
    const { boardFiles } = await page(id);
    const moved = boardFiles.map((file) => ({
      id: file.id,
      file_type: file.file_type === 'topCopper' ? ('bottomCopper' as const) : file.file_type,
    }));
    const stored = await server().call(storeBoardCache, {
      token: people.acme.editor.token,
      params: { id },
      form: form({ dataToHash: JSON.stringify({ boardFiles: moved }) }, [
        { field: 'cache', name: 'render.json', data: JSON.stringify(clientRender('#000000')) },
      ]),
    });
    expect(stored.status, stored.text).toBe(201);
    await server().call(updateBoardFiles, {
      token: people.acme.editor.token,
      params: { id },
      body: { boardFiles: moved },
    });
    const data = await page(id);
    expect(data.cache.hash).toBe(stored.data.hash);
    expect(data.boardAnalysis).toMatchObject({ widthMm: 25, lengthMm: 10, copperLayers: 1 });
  });

  it('refuses client renders that are not board renders or hold more than the renderer writes', async () => {
    const send = (data: string, dataToHash = '{"settings":{"maskColor":"White"}}') =>
      server().request('POST', `/api/v2/products/${productId}/board/cache`, {
        token: people.acme.editor.token,
        form: form({ dataToHash }, [{ field: 'cache', name: 'render.json', data }]),
      });
    const rowsBefore = await renderRows(server());
    expect((await send('not json')).json.error).toEqual({ cache: 'The cache file must be JSON' });
    expect((await send('{"top":{}}')).json.error).toEqual({
      cache: 'The cache file must be a board render with top and bottom sides',
    });
    // What the renderer writes, and nothing else, may be in any SVG of the render, however
    // the JSON spells it.
    const refusal = async (place: 'top' | 'bottom' | 'layer', svg: string, escaped = false) => {
      const render: Record<string, unknown> = clientRender('#ffffff');
      if (place === 'layer') render.layers = [{ rendered: { svg } }];
      else (render[place] as { svg: string }).svg = svg;
      const json = JSON.stringify(render);
      const answer = await send(escaped ? json.replaceAll('<', String.raw`\u003c`) : json);
      expect(answer.status, answer.text).toBe(422);
      return answer.json.error.cache;
    };
    const wrap = (inner: string, attributes = '') =>
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"${attributes}>${inner}</svg>`;
    expect(await refusal('top', wrap('<script>alert(1)</script>'), true)).toBe(
      'The SVG at top.svg may not hold <script> elements',
    );
    expect(await refusal('bottom', '<svg/onload=alert(1)>')).toBe(
      'The SVG at bottom.svg is not well-formed XML (1:6: forward-slash in opening tag not followed by >.)',
    );
    expect(await refusal('top', wrap('', ' onload="alert(1)"'), true)).toBe(
      'The SVG at top.svg may not hold the onload attribute (on <svg>)',
    );
    expect(await refusal('layer', wrap('<foreignObject><p>x</p></foreignObject>'))).toBe(
      'The SVG at layers.0.rendered.svg may not hold <foreignObject> elements',
    );
    expect(await refusal('top', wrap('<use href="https://evil.example/a.svg#x"/>'))).toBe(
      'The SVG at top.svg has an unexpected href on <use>: "https://evil.example/a.svg#x"',
    );
    expect(await refusal('top', wrap('<rect style="fill:red"/>'))).toBe(
      'The SVG at top.svg may not hold the style attribute (on <rect>)',
    );
    expect(await renderRows(server(), undefined)).toBe(rowsBefore);
    const badStamp = await send(JSON.stringify(clientRender('#ffffff')), '{"boardFiles": 3}');
    expect(badStamp.status).toBe(422);
    expect(badStamp.json.error).toEqual({ 'dataToHash.boardFiles': 'boardFiles must be a list' });
  });

  it('lets members read renders; only editors store them; other companies get nothing', async () => {
    const viewer = await byStamp({}, people.acme.viewer.token);
    expect(viewer.status).toBe(200);
    expect(viewer.data.fromCache).toBe(true);
    const outsider = await byStamp({}, people.globex.editor.token);
    expect(outsider.status).toBe(404);
    const anonymous = await server().request(
      'POST',
      `/api/v2/products/${productId}/board/cache/by_stamp`,
      { json: {} },
    );
    expect(anonymous.status).toBe(401);
    const store = (token: string) =>
      server().request('POST', `/api/v2/products/${productId}/board/cache`, {
        token,
        form: form({ dataToHash: '{}' }, [
          { field: 'cache', name: 'render.json', data: JSON.stringify(clientRender('#ffffff')) },
        ]),
      });
    expect((await store(people.acme.viewer.token)).status).toBe(403);
    expect((await store(people.globex.editor.token)).status).toBe(404);
    // A render link of one company is not readable with another company's token.
    const link = (await page()).cache.file_path!;
    const key = new URL(link, server().url).pathname;
    const foreign = await server().request('GET', key, { token: people.globex.editor.token });
    expect(foreign.status).toBe(404);
  });

  const esp32 = path.join(FIXTURES_DIR, 'gerber', 'esp32-poe-rev-m');
  it.runIf(fs.existsSync(esp32))(
    'proposes the size and 4 layers of the esp32-poe-rev-m board',
    async () => {
      const entries = Object.fromEntries(
        fs
          .readdirSync(esp32)
          .filter((name) => name !== 'SOURCE.md')
          .map((name) => [name, fs.readFileSync(path.join(esp32, name))]),
      );
      const id = await newProduct('ESP32-PoE', [
        { field: 'files[]', name: 'esp32-poe.zip', data: zip(entries) },
      ]);
      const data = await page(id);
      expect(data.boardAnalysis).toMatchObject({ copperLayers: 4, sizeFrom: 'outline' });
      expect(data.boardAnalysis!.widthMm).toBeGreaterThan(20);
      expect(data.boardAnalysis!.lengthMm).toBeGreaterThan(20);
      expect(data.cache.file_path).not.toBeNull();
    },
  );
  if (!fs.existsSync(esp32)) console.log(`skipped: fixture board ${esp32} is absent`);
});

/** A preview as a client might send one with its render (a 1 × 1 PNG). */
const CLIENT_PREVIEW = {
  src: 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  viewBox: [0, 0, 10, 10],
  width: 0.01,
  height: 0.01,
  units: 'mm',
};

function clientRender(maskColor: string) {
  const side = {
    svg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="${maskColor}"/></svg>`,
    viewBox: [0, 0, 10, 10] as [number, number, number, number],
    width: 0.01,
    height: 0.01,
    units: 'mm' as const,
  };
  return { top: { ...side }, bottom: { ...side }, warnings: [] };
}
