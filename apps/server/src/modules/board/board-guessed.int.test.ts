import {
  addProduct,
  addProject,
  getBoardCacheByStamp,
  getProduct,
  updateBoardFiles,
} from '@circuits/contracts';
import { BOARD_FILES_MESSAGES, validateBoardFiles } from '@circuits/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPeople, type People } from '../../../test/fixtures.ts';
import { databaseKinds, useTestServer } from '../../../test/test-server.ts';
import { form, zip } from '../../../test/uploads.ts';

// A board whose files nothing names (a CAM tool's codes, no extension, no attributes): every file
// with Gerber content is still drawn, as the layer it most likely is, marked as a guess; the
// board's measures, its price and its checks count a file once the user confirms it.

const HEAD = '%FSLAX26Y26*%\n%MOMM*%\n%ADD10C,0.25*%\n%ADD11C,1.6*%\n';

/** Copper: two pads joined by a track, and a second pair. */
const COPPER = `${HEAD}D11*\nX10000000Y10000000D03*\nX30000000Y10000000D03*\nX10000000Y25000000D03*\nX30000000Y25000000D03*\nD10*\nX10000000Y10000000D02*\nX30000000Y10000000D01*\nX10000000Y25000000D02*\nX30000000Y25000000D01*\nM02*\n`;
/** Closed loops of strokes and nothing else: the outline, 40 × 35 mm. */
const OUTLINE = `${HEAD}D10*\nX0Y0D02*\nX40000000Y0D01*\nX40000000Y35000000D01*\nX0Y35000000D01*\nX0Y0D01*\nM02*\n`;
/** Thin lines without pads: lettering. */
const LETTERING = `${HEAD}%ADD12C,0.15*%\nD12*\n${Array.from(
  { length: 30 },
  (_, index) =>
    `X${5000000 + index * 1000000}Y31000000D02*\nX${5000000 + index * 1000000}Y33000000D01*`,
).join('\n')}\nM02*\n`;

describe.each(databaseKinds())('a board whose files nothing names, on %s', (kind) => {
  const server = useTestServer(kind);
  let people: People;
  let productId: number;

  beforeAll(async () => {
    people = await createPeople(server());
    const project = await server().call(addProject, {
      token: people.acme.editor.token,
      form: form({ title: 'CAM export' }),
    });
    const created = await server().call(addProduct, {
      token: people.acme.editor.token,
      params: { id: project.data.data.id },
      form: form({ name: 'Unnamed layers' }, [
        {
          field: 'files[]',
          name: 'cam.zip',
          data: zip({ f1: COPPER, f2: OUTLINE, f3: LETTERING }),
        },
      ]),
    });
    expect(created.status, created.text).toBe(201);
    productId = created.data.data.id;
  });

  it('puts each file on the board untyped, with the layer it is drawn as, marked as a guess', async () => {
    const page = await server().call(getProduct, {
      token: people.acme.editor.token,
      params: { id: productId },
    });
    const byName = new Map(page.data.files.map((file) => [file.id, file.name]));
    const guesses = Object.fromEntries(
      page.data.boardFiles.map((entry) => [
        byName.get(entry.product_file_id),
        [entry.file_type, entry.guess?.guessed, entry.guess?.file_type],
      ]),
    );
    expect(guesses).toEqual({
      f1: ['initialType', true, 'topCopper'],
      f2: ['initialType', true, 'outline'],
      f3: ['initialType', true, 'topSilk'],
    });
    const copper = page.data.boardFiles.find((entry) => entry.guess?.file_type === 'topCopper');
    expect(copper?.guess?.reason).toContain('pads with tracks');
    expect(copper?.guess?.evidence?.length).toBeGreaterThan(0);
    // Not confirmed: the checks still ask for the types, and nothing is measured.
    const settings = { innerCooper: 0.5, outerCooper: 1 };
    const weights = { innerCopperWeightsOz: [0.5], outerCopperWeightsOz: [1] };
    const checked = validateBoardFiles(page.data.boardFiles, settings, weights);
    expect(checked.errors.map((error) => error.message)).toContain(BOARD_FILES_MESSAGES.fileTypes);
    expect(page.data.boardAnalysis).toMatchObject({ copperLayers: 0, widthMm: null });
  });

  it('draws every guessed file in the render, marked', async () => {
    const page = await server().call(getProduct, {
      token: people.acme.editor.token,
      params: { id: productId },
    });
    const stored = await server().request('GET', page.data.cache.file_path!);
    const layers = stored.json.layers as {
      filename: string;
      guessed?: boolean;
      rendered: unknown;
    }[];
    expect(layers.map((layer) => [layer.filename, layer.guessed, layer.rendered !== null])).toEqual(
      expect.arrayContaining([
        ['f1', true, true],
        ['f2', true, true],
        ['f3', true, true],
      ]),
    );
    // Drawn in the guessed outline's shape, which measures nothing until it is confirmed.
    expect(stored.json).toMatchObject({ widthMm: null, guessedShape: { source: 'outline' } });
    expect((stored.json.guessedShape as { widthMm: number }).widthMm).toBeCloseTo(40, 0);
    // The top side draws the guessed copper and silkscreen.
    expect((stored.json.top as { svg: string }).svg).toContain("<use href='#top-copper'");
    expect((stored.json.top as { svg: string }).svg).toContain("<use href='#top-silkscreen'");
  });

  it('counts a guess once the user confirms it, in one call', async () => {
    const page = await server().call(getProduct, {
      token: people.acme.editor.token,
      params: { id: productId },
    });
    const changes = page.data.boardFiles.map((entry) => ({
      id: entry.id,
      file_type: entry.guess!.file_type,
    }));
    const updated = await server().call(updateBoardFiles, {
      token: people.acme.editor.token,
      params: { id: productId },
      body: { boardFiles: changes },
    });
    expect(updated.status, updated.text).toBe(200);
    const after = await server().call(getProduct, {
      token: people.acme.editor.token,
      params: { id: productId },
    });
    expect(after.data.boardAnalysis).toMatchObject({ copperLayers: 1, sizeFrom: 'outline' });
    expect(after.data.boardAnalysis?.widthMm).toBeCloseTo(40, 0);
    expect(after.data.boardAnalysis?.lengthMm).toBeCloseTo(35, 0);
    const again = await server().call(getBoardCacheByStamp, {
      token: people.acme.editor.token,
      params: { id: productId },
      body: {},
    });
    expect(again.data.hash).not.toBe(page.data.cache.hash);
  });
});
