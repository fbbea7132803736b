import {
  addProduct,
  addProductFiles,
  addProject,
  deleteProductFile,
  duplicateProduct,
  getProduct,
} from '@circuits/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPeople, type People } from '../../../test/fixtures.ts';
import { OBJECT_STORES } from '../../../test/object-stores.ts';
import { type TestServer, useTestServer } from '../../../test/test-server.ts';
import { BOARD_FILES, form, zip } from '../../../test/uploads.ts';

describe.each(OBJECT_STORES)('file storage on %s', (_name, setup) => {
  const store = setup();
  const storage = {
    objectCount: async (server: TestServer) => (await store.keys(server.dataDir)).length,
  };
  const server = useTestServer('pglite', { env: store.env });
  let people: People;
  let productId: number;

  beforeAll(async () => {
    people = await createPeople(server());
    const token = people.acme.editor.token;
    const project = await server().call(addProject, { token, form: form({ title: 'Stored' }) });
    const product = await server().call(addProduct, {
      token,
      params: { id: project.data.data.id },
      form: form({ name: 'Board' }),
    });
    productId = product.data.data.id;
  });

  async function uploadOne(name: string, data: string) {
    const response = await server().call(addProductFiles, {
      token: people.acme.editor.token,
      params: { id: productId },
      form: form({}, [{ field: 'files', name, data }]),
    });
    expect(response.status, response.text).toBe(201);
    return response.data.files.find((file) => response.data.addedFileIds.includes(file.id))!;
  }

  it('serves a file through its signed links, inline and as a download under its own name', async () => {
    const file = await uploadOne('Carte mère F_Cu.gbr', BOARD_FILES['demo-F_Cu.gbr']!);
    expect(file.link).not.toContain('Carte');
    const inline = await server().request('GET', file.link);
    expect(inline.status).toBe(200);
    expect(inline.text).toBe(BOARD_FILES['demo-F_Cu.gbr']);
    expect(inline.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(inline.headers.get('content-security-policy')).toContain('sandbox');
    const download = await server().request('GET', file.downloadLink);
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="Carte m_re F_Cu.gbr"; filename*=UTF-8''${encodeURIComponent('Carte mère F_Cu.gbr')}`,
    );
  });

  it('refuses altered and expired links', async () => {
    const file = await uploadOne('links.gbr', BOARD_FILES['demo-F_Cu.gbr']!);
    const url = new URL(file.link, 'http://x');
    const tampered = new URL(url);
    tampered.searchParams.set('disposition', 'attachment');
    expect((await server().request('GET', `${tampered.pathname}${tampered.search}`)).status).toBe(
      404,
    );
    const longer = new URL(url);
    longer.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 3600));
    expect((await server().request('GET', `${longer.pathname}${longer.search}`)).status).toBe(404);

    server().clock.advance(2 * 60 * 60 * 1000);
    try {
      const expired = await server().request('GET', file.link);
      expect(expired.status).toBe(403);
      expect(expired.json.error).toBe('This link has expired: reload the page for a new one');
      // A fresh page gives fresh links.
      const page = await server().call(getProduct, {
        token: people.acme.viewer.token,
        params: { id: productId },
      });
      const fresh = page.data.files.find((entry) => entry.id === file.id)!;
      expect((await server().request('GET', fresh.link)).status).toBe(200);
    } finally {
      server().clock.advance(-2 * 60 * 60 * 1000);
    }
  });

  it('serves a file with a bearer token to members and staff only', async () => {
    const file = await uploadOne('bearer.gbr', BOARD_FILES['demo-B_Cu.gbr']!);
    const plain = new URL(file.link, 'http://x').pathname;
    expect((await server().request('GET', plain, { token: people.acme.viewer.token })).status).toBe(
      200,
    );
    expect((await server().request('GET', plain, { token: people.moderator.token })).status).toBe(
      200,
    );
    const download = await server().request('GET', `${plain}?download=1`, {
      token: people.acme.viewer.token,
    });
    expect(download.headers.get('content-disposition')).toMatch(
      /^attachment; filename="bearer.gbr"/,
    );
    const outsider = await server().request('GET', plain, { token: people.globex.editor.token });
    expect(outsider.status).toBe(404);
    const unknown = await server().request('GET', '/storage/00/00000000000000000000000000000000', {
      token: people.globex.editor.token,
    });
    expect(outsider.json).toEqual(unknown.json);
    expect((await server().request('GET', plain)).status).toBe(401);
    expect((await server().request('GET', '/storage/..%2F..%2Fetc%2Fpasswd')).status).toBe(404);
  });

  it('keeps a duplicate readable after the original file is deleted', async () => {
    const file = await uploadOne('shared.gbr', BOARD_FILES['demo-F_Mask.gbr']!);
    const token = people.acme.editor.token;
    const copy = await server().call(duplicateProduct, { token, params: { id: productId } });
    expect(copy.status, copy.text).toBe(201);
    await server().call(deleteProductFile, { token, params: { id: productId, fileId: file.id } });
    expect((await server().request('GET', file.link)).status).toBe(404);
    const copied = await server().call(getProduct, { token, params: { id: copy.data.data.id } });
    const twin = copied.data.files.find((entry) => entry.name === 'shared.gbr')!;
    const read = await server().request('GET', twin.link);
    expect(read.status).toBe(200);
    expect(read.text).toBe(BOARD_FILES['demo-F_Mask.gbr']);
  });

  it('stores nothing for a refused archive', async () => {
    const before = await storage.objectCount(server());
    const response = await server().call(addProductFiles, {
      token: people.acme.editor.token,
      params: { id: productId },
      form: form({}, [
        { field: 'files', name: 'ok.gbr', data: BOARD_FILES['demo-F_Cu.gbr']! },
        { field: 'files', name: 'evil.zip', data: zip({ 'a.gbr': 'x', '../b.gbr': 'y' }) },
      ]),
    });
    expect(response.status).toBe(422);
    expect(await storage.objectCount(server())).toBe(before);
  });
});
