import fs from 'node:fs';
import path from 'node:path';
import {
  addProduct,
  addProject,
  createOutline,
  getBoardCacheByStamp,
  getProduct,
  saveBoardSettings,
} from '@circuits/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPeople, type People } from '../../../test/fixtures.ts';
import { databaseKinds, type TestServer, useTestServer } from '../../../test/test-server.ts';
import { BOARD_FILES, form, storedFileRows, storedObjectCount } from '../../../test/uploads.ts';

// Stored renders are bounded: a read-only member has only the board as saved rendered on the
// server, and renders no board uses any more are removed by the sweep (rows and objects).

const HOUR_MS = 60 * 60 * 1000;

async function renderKeys(server: TestServer): Promise<string[]> {
  const result = await server.database.db.execute(
    sql`select storage_key from board_renders where status = 'done' order by storage_key`,
  );
  return (result as unknown as { rows: { storage_key: string }[] }).rows.map(
    (row) => row.storage_key,
  );
}

const keyOf = (link: string) => new URL(link, 'http://x').pathname.replace('/storage/', '');

describe.each(databaseKinds())('stored renders on %s', (kind) => {
  const server = useTestServer(kind);
  let people: People;
  let productId: number;
  const keys: Record<'firstSaved' | 'saved' | 'draft', string> = {
    firstSaved: '',
    saved: '',
    draft: '',
  };

  const byStamp = (body: object, token: string) =>
    server().call(getBoardCacheByStamp, { token, params: { id: productId }, body });
  const onDisk = (key: string) => fs.existsSync(path.join(server().dataDir, 'files', key));

  beforeAll(async () => {
    people = await createPeople(server());
    const token = people.acme.editor.token;
    const project = await server().call(addProject, { token, form: form({ title: 'Renders' }) });
    const product = await server().call(addProduct, {
      token,
      params: { id: project.data.data.id },
      form: form({ name: 'Swept board' }, [
        { field: 'files[]', name: 'demo-F_Cu.gbr', data: BOARD_FILES['demo-F_Cu.gbr']! },
      ]),
    });
    productId = product.data.data.id;
    await server().call(createOutline, {
      token,
      params: { id: productId },
      body: { width: 20, length: 20, units: 'mm' },
    });
    const page = await server().call(getProduct, { token, params: { id: productId } });
    keys.firstSaved = keyOf(page.data.cache.file_path!);
  });

  it('renders for a read-only member the board as saved, never a draft', async () => {
    const viewer = people.acme.viewer.token;
    const saved = await server().call(saveBoardSettings, {
      token: people.acme.editor.token,
      params: { id: productId },
      body: {
        maskColor: 'Blue',
        silkColor: 'Black',
        numberLayers: 1,
        boardWidth: 20,
        boardLength: 20,
        unitsIn: 'mm',
      },
    });
    expect(saved.status, saved.text).toBe(200);

    // The saved colours are a new stamp: the viewer has it rendered and stored.
    const asSaved = await byStamp({}, viewer);
    expect(asSaved.status, asSaved.text).toBe(200);
    expect(asSaved.data.fromCache).toBe(false);
    keys.saved = keyOf(asSaved.data.cache!.file_path!);
    const sameColours = await byStamp({ settings: { maskColor: 'Blue' } }, viewer);
    expect(sameColours.data).toMatchObject({ hash: asSaved.data.hash, fromCache: true });

    // Unsaved colours: looked up, never rendered or stored for a viewer, however often asked.
    const rows = await storedFileRows(server());
    const objects = storedObjectCount(server());
    for (const maskColor of ['Red', 'Yellow', 'White', 'Purple', 'Matte Black']) {
      const draft = await byStamp({ settings: { maskColor } }, viewer);
      expect(draft.status).toBe(403);
      expect(draft.json).toEqual({
        error:
          'Only members who may edit the product can have unsaved board files or settings ' +
          'rendered: the board as saved is rendered for everyone',
        code: 'forbidden',
      });
      const lookup = await byStamp({ settings: { maskColor }, render: false }, viewer);
      expect(lookup.status).toBe(200);
      expect(lookup.data.cache).toBeNull();
    }
    const { boardFiles } = (
      await server().call(getProduct, { token: viewer, params: { id: productId } })
    ).data;
    const reassigned = await byStamp(
      { boardFiles: boardFiles.map((file) => ({ id: file.id, file_type: 'bottomCopper' })) },
      viewer,
    );
    expect(reassigned.status).toBe(403);
    expect(await storedFileRows(server())).toBe(rows);
    expect(storedObjectCount(server())).toBe(objects);

    // An editor may have a draft rendered: it may become the board as saved.
    const draft = await byStamp({ settings: { maskColor: 'Red' } }, people.acme.editor.token);
    expect(draft.status, draft.text).toBe(200);
    keys.draft = keyOf(draft.data.cache!.file_path!);
  });

  it('removes the renders no board uses once older than the draft time, rows and objects', async () => {
    // Also the render of the board before its outline was drawn.
    const before = await renderKeys(server());
    expect(before).toHaveLength(4);
    expect(before).toEqual(expect.arrayContaining(Object.values(keys)));
    await server().services.maintenance.sweep();
    expect(await renderKeys(server())).toEqual(before);

    server().clock.advance(2 * HOUR_MS);
    const fresh = await byStamp({ settings: { maskColor: 'White' } }, people.acme.editor.token);
    const freshKey = keyOf(fresh.data.cache!.file_path!);
    await server().services.maintenance.sweep();

    // Kept: the board as saved, and the draft made within the hour.
    expect(new Set(await renderKeys(server()))).toEqual(new Set([keys.saved, freshKey]));
    expect(onDisk(keys.saved)).toBe(true);
    expect(onDisk(freshKey)).toBe(true);
    // Gone: the board before its settings were saved, and the old draft.
    expect(onDisk(keys.firstSaved)).toBe(false);
    expect(onDisk(keys.draft)).toBe(false);
    for (const key of before.filter((key) => key !== keys.saved)) expect(onDisk(key)).toBe(false);
    expect(storedObjectCount(server())).toBe(await storedFileRows(server()));

    const page = await server().call(getProduct, {
      token: people.acme.viewer.token,
      params: { id: productId },
    });
    expect(keyOf(page.data.cache.file_path!)).toBe(keys.saved);
    const stored = await server().request('GET', page.data.cache.file_path!);
    expect(stored.status).toBe(200);
    expect(stored.json.top.svg).toContain('<svg');

    // A removed draft is rendered again when asked for.
    const again = await byStamp({ settings: { maskColor: 'Red' } }, people.acme.editor.token);
    expect(again.data.fromCache).toBe(false);
    expect((await server().request('GET', again.data.cache!.file_path!)).status).toBe(200);
  });
});
