import fs from 'node:fs';
import path from 'node:path';
import { addProduct, addProject, getBoardCacheByStamp, getProduct } from '@circuits/contracts';
import { Resvg } from '@resvg/resvg-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPeople, type People } from '../../../test/fixtures.ts';
import { useTestServer } from '../../../test/test-server.ts';
import { FIXTURES_DIR, form, zip } from '../../../test/uploads.ts';

// The Allegro MinnowBoard MAX of ../shared/fixtures uploaded through the API as a user uploads
// it (one zip): its drill and rout files have no header and take their format from nc_param.txt,
// which is not a layer. The render the server makes must read it, or every hole lands ten times
// too far from the origin.

const BOARD = 'allegro-minnowmax-10layer';
const present = fs.existsSync(path.join(FIXTURES_DIR, 'gerber', BOARD));
if (!present) console.info(`Allegro board render suite skipped: ${FIXTURES_DIR} not found`);

type StoredLayer = {
  filename: string;
  fileType: string;
  rendered: { svg: string; viewBox: number[] } | null;
};

/** The SVG drawn in another layer's frame (same viewBox and pixel size). */
function inFrame(svg: string, viewBox: readonly number[], pixelsPerUnit: number): string {
  const [, , width, height] = viewBox as [number, number, number, number];
  return svg.replace(/^<svg[^>]*>/, (root) =>
    root
      .replace(/viewBox='[^']*'/, `viewBox='${viewBox.join(' ')}'`)
      .replace(/width='[^']*'/, `width='${Math.round(width * pixelsPerUnit)}'`)
      .replace(/height='[^']*'/, `height='${Math.round(height * pixelsPerUnit)}'`),
  );
}

/** Alpha of every pixel of an SVG rasterised as it is. */
function alpha(svg: string): Uint8Array {
  const pixels = new Resvg(svg).render().pixels;
  const result = new Uint8Array(pixels.length / 4);
  for (let i = 0; i < result.length; i++) result[i] = pixels[i * 4 + 3]!;
  return result;
}

describe.skipIf(!present)('an Allegro board uploaded through the API', () => {
  const server = useTestServer('pglite');
  let people: People;
  let productId: number;

  beforeAll(async () => {
    people = await createPeople(server());
    const project = await server().call(addProject, {
      token: people.acme.editor.token,
      form: form({ title: 'Allegro' }),
    });
    const folder = path.join(FIXTURES_DIR, 'gerber', BOARD);
    const names = fs.readdirSync(folder).filter((name) => name !== 'SOURCE.md');
    const archive = zip(
      Object.fromEntries(names.map((name) => [name, fs.readFileSync(path.join(folder, name))])),
    );
    const created = await server().call(addProduct, {
      token: people.acme.editor.token,
      params: { id: project.data.data.id },
      form: form({ name: 'MinnowBoard MAX' }, [
        { field: 'files[]', name: 'minnowmax.zip', data: archive },
      ]),
    });
    expect(created.status, created.text).toBe(201);
    productId = created.data.data.id;
  }, 120_000);

  it('keeps nc_param.txt off the board but renders the drill with it: holes on their pads', async () => {
    const page = await server().call(getProduct, {
      token: people.acme.editor.token,
      params: { id: productId },
    });
    // Without an outline the board is measured where its pads and holes crowd, not on the
    // films' 212 × 127 mm frame.
    expect(page.data.boardAnalysis).toMatchObject({ copperLayers: 10, sizeFrom: 'layers' });
    expect(page.data.boardAnalysis?.widthMm).toBeCloseTo(98.7, 0);
    expect(page.data.boardAnalysis?.lengthMm).toBeCloseTo(72.8, 0);
    const param = page.data.files.find((file) => file.name === 'nc_param.txt');
    expect(param?.type_id).toBe(3);
    expect(page.data.boardFiles.map((entry) => entry.product_file_id)).not.toContain(param?.id);
    expect(page.data.cache.file_path).toContain('/storage/');

    const stored = await server().request('GET', page.data.cache.file_path!);
    expect(stored.status).toBe(200);
    const layers = stored.json.layers as StoredLayer[];
    // The render lists the board files only: nc_param.txt was read, not drawn.
    expect(layers.map((layer) => layer.filename)).not.toContain('nc_param.txt');
    const drill = layers.find((layer) => layer.fileType === 'platedDrill')!;
    const copper = layers.find((layer) => layer.fileType === 'topCopper')!;
    expect(drill.rendered && copper.rendered).toBeTruthy();

    // Both layers rasterised in the copper's frame at 0.5 px per mil: the share of the drilled
    // area that falls on copper. Read without its parameters the drill lies ten times too far
    // out and almost none of it does.
    const frame = copper.rendered!.viewBox;
    const bottom = layers.find((layer) => layer.fileType === 'bottomCopper')!;
    const holes = alpha(inFrame(drill.rendered!.svg, frame, 0.5));
    const top = alpha(inFrame(copper.rendered!.svg, frame, 0.5));
    const under = alpha(inFrame(bottom.rendered!.svg, frame, 0.5));
    let drilled = 0;
    let throughCopper = 0;
    for (let i = 0; i < holes.length; i++) {
      if (holes[i]! < 128) continue;
      drilled++;
      if (top[i]! >= 128 && under[i]! >= 128) throughCopper++;
    }
    expect(drilled).toBeGreaterThan(1000);
    expect(throughCopper / drilled).toBeGreaterThan(0.75);

    // The drill drawn within the copper's extent, not ten times beyond it.
    const [dx, dy, dw, dh] = drill.rendered!.viewBox as [number, number, number, number];
    const [cx, cy, cw, ch] = frame as [number, number, number, number];
    expect(dx).toBeGreaterThanOrEqual(cx);
    expect(dy).toBeGreaterThanOrEqual(cy);
    expect(dx + dw).toBeLessThanOrEqual(cx + cw);
    expect(dy + dh).toBeLessThanOrEqual(cy + ch);
  });

  it('gives the render a stamp of its own: the parameters are part of what was drawn', async () => {
    const page = await server().call(getProduct, {
      token: people.acme.editor.token,
      params: { id: productId },
    });
    const again = await server().call(getBoardCacheByStamp, {
      token: people.acme.editor.token,
      params: { id: productId },
      body: {},
    });
    expect(again.data).toMatchObject({ hash: page.data.cache.hash, fromCache: true });
  });
});
