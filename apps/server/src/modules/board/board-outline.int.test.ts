import {
  addProduct,
  addProject,
  createOutline,
  getProduct,
  removeBoardFile,
} from '@circuits/contracts';
import { parse, plot } from '@circuits/gerber';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPeople, type People } from '../../../test/fixtures.ts';
import { databaseKinds, type TestServer, useTestServer } from '../../../test/test-server.ts';
import { form, storedObjectCount } from '../../../test/uploads.ts';

async function newProduct(server: TestServer, token: string): Promise<number> {
  const project = await server.call(addProject, { token, form: form({ title: 'Outlines' }) });
  const product = await server.call(addProduct, {
    token,
    params: { id: project.data.data.id },
    form: form({ name: 'Bare board' }),
  });
  return product.data.data.id;
}

describe.each(databaseKinds())('createOutline on %s', (kind) => {
  const server = useTestServer(kind);
  let people: People;
  let productId: number;

  beforeAll(async () => {
    people = await createPeople(server());
    productId = await newProduct(server(), people.acme.editor.token);
  });

  const create = (body: unknown, token = people.acme.editor.token, id = productId) =>
    server().request('POST', `/api/products/${id}/createOutline`, { token, json: body });

  it('saves a Gerber outline of the given size as a product file and outline board file', async () => {
    const response = await server().call(createOutline, {
      token: people.acme.editor.token,
      params: { id: productId },
      body: { width: 50, length: 30, radius: 3, units: 'mm' },
    });
    expect(response.status, response.text).toBe(201);
    const { boardFile, files, boardFiles } = response.data;
    expect(boardFile).toMatchObject({ file_type: 'outline', isVisible: true, layer_number: null });
    expect(boardFile.file.name).toBe('outline-50x30mm.gbr');
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({ id: boardFile.product_file_id, type_id: 2 });
    expect(boardFiles).toEqual([boardFile]);

    // The stored file is the Gerber our own parser reads back at that size.
    const stored = await server().request('GET', boardFile.file.link);
    expect(stored.status).toBe(200);
    const tree = parse(stored.text);
    if (tree.type === 'error') throw tree.error;
    const image = plot(tree);
    expect(image.warnings).toEqual([]);
    expect(image.box!.maxX - image.box!.minX).toBeCloseTo(50.1, 6);
    expect(image.box!.maxY - image.box!.minY).toBeCloseTo(30.1, 6);

    const page = await server().call(getProduct, {
      token: people.acme.viewer.token,
      params: { id: productId },
    });
    expect(page.data.boardFiles.map((file) => file.file_type)).toEqual(['outline']);
  });

  it('keeps one outline per board: a second is refused until the first is removed', async () => {
    const again = await create({ width: 1, length: 1, units: 'in' });
    expect(again.status).toBe(409);
    expect(again.json.error).toBe(
      'The board has an outline already: remove it from the board first',
    );
    const page = await server().call(getProduct, {
      token: people.acme.editor.token,
      params: { id: productId },
    });
    const outline = page.data.boardFiles[0]!;
    await server().call(removeBoardFile, {
      token: people.acme.editor.token,
      params: { id: productId, fileId: outline.product_file_id, boardId: outline.id },
    });
    const inches = await create({ width: 2, length: 1.5, units: 'in' });
    expect(inches.status, inches.text).toBe(201);
    expect(inches.json.boardFile.file.name).toBe('outline-2x1.5in.gbr');
  });

  it('refuses sizes that cannot be drawn with a message naming the field, storing nothing', async () => {
    const id = await newProduct(server(), people.acme.editor.token);
    const objects = storedObjectCount(server());
    const cases: [unknown, Record<string, string>][] = [
      [{ width: 0, length: 10, units: 'mm' }, { width: 'Width must be greater than 0' }],
      [{ width: 10, length: -2, units: 'mm' }, { length: 'Length must be greater than 0' }],
      [{ width: 'ten', length: 10, units: 'mm' }, { width: 'Width must be a number' }],
      [{ width: 10, length: 10, units: 'cm' }, { units: 'Units should be selected' }],
      [{ width: 10, length: 10 }, { units: 'Units should be selected' }],
      [
        { width: 20, length: 10, radius: 5.5, units: 'mm' },
        { radius: 'Corner radius must be at most half the shorter side (5 mm)' },
      ],
      [
        { width: 1, length: 0.5, radius: 0.3, units: 'in' },
        { radius: 'Corner radius must be at most half the shorter side (0.25 in)' },
      ],
      [
        { width: 10, length: 10, radius: -1, units: 'mm' },
        { radius: 'Corner radius must be 0 or more' },
      ],
      [{ width: 2000, length: 10, units: 'mm' }, { width: 'Width must be at most 1000 mm' }],
    ];
    for (const [body, messages] of cases) {
      const response = await create(body, people.acme.editor.token, id);
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(response.json.error, JSON.stringify(body)).toEqual(messages);
    }
    expect(storedObjectCount(server())).toBe(objects);
  });

  it('refuses read-only members, other companies and anonymous callers', async () => {
    const id = await newProduct(server(), people.acme.editor.token);
    const body = { width: 10, length: 10, units: 'mm' };
    expect((await create(body, people.acme.viewer.token, id)).status).toBe(403);
    expect((await create(body, people.globex.editor.token, id)).status).toBe(404);
    expect(
      (await server().request('POST', `/api/products/${id}/createOutline`, { json: body })).status,
    ).toBe(401);
    const page = await server().call(getProduct, {
      token: people.acme.editor.token,
      params: { id },
    });
    expect(page.data.boardFiles).toEqual([]);
  });
});
