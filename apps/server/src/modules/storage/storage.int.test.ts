import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import {
  addProduct,
  addProductFiles,
  addProject,
  deleteProductFile,
  duplicateProduct,
  getProduct,
} from '@circuits/contracts';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPeople, type People } from '../../../test/fixtures.ts';
import { type TestServer, useTestServer } from '../../../test/test-server.ts';
import { BOARD_FILES, form, storedObjectCount, zip } from '../../../test/uploads.ts';

const BUCKET = 'circuits-test';

type StorageSetup = {
  env: Record<string, string>;
  /** Objects in the store, for "nothing was stored" checks. */
  objectCount(server: TestServer): Promise<number>;
};

function localStorage(): StorageSetup {
  return { env: {}, objectCount: async (server) => storedObjectCount(server) };
}

/** An in-process S3 server (s3rver) with an empty bucket, for the S3 object store. */
function s3Storage(): StorageSetup {
  const env: Record<string, string> = {};
  let s3rver: S3rver | undefined;
  let client: S3Client | undefined;
  let directory = '';
  beforeAll(async () => {
    directory = fs.mkdtempSync(path.join(os.tmpdir(), 'circuits-s3rver-'));
    s3rver = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory });
    const { port } = await s3rver.run();
    const endpoint = `http://127.0.0.1:${port}`;
    client = new S3Client({
      endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    await client.send(new CreateBucketCommand({ Bucket: BUCKET }));
    Object.assign(env, {
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PREFIX: 'uploads/',
    });
  });
  afterAll(async () => {
    client?.destroy();
    await s3rver?.close();
    fs.rmSync(directory, { recursive: true, force: true });
  });
  return {
    env,
    async objectCount() {
      const listed = await client!.send(new ListObjectsV2Command({ Bucket: BUCKET }));
      for (const object of listed.Contents ?? []) expect(object.Key).toMatch(/^uploads\//);
      return listed.KeyCount ?? 0;
    },
  };
}

describe.each([
  ['local disk', localStorage],
  ['S3 (s3rver)', s3Storage],
] as const)('file storage on %s', (_name, setup) => {
  const storage = setup();
  const server = useTestServer('pglite', { env: storage.env });
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
