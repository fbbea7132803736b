import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addProductFiles, getBoardCacheByStamp, getProduct } from '@circuits/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3ObjectStore } from '../test/object-stores.ts';
import {
  demoToken,
  largeCopperLayer,
  newProduct,
  readRows,
  registeredKeys,
} from '../test/process-fixtures.ts';
import { run, type Started, startedUrl } from '../test/server-process.ts';
import { createPostgresDatabase, type HttpClient, httpClient } from '../test/test-server.ts';
import { BOARD_FILES, form } from '../test/uploads.ts';

// Two server instances behind one address, as a load balancer runs them: one PostgreSQL
// database and one S3 bucket, each instance with its own data folder. Whichever instance a
// request reaches, it sees the same logins, files and renders.

const TEST_MS = 120_000;

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.log('skipped: two instances need a PostgreSQL server: set DATABASE_URL (CI does)');
}

type Instance = { process: Started; api: HttpClient; dataDir: string };

describe.runIf(databaseUrl)('two instances on one PostgreSQL database and one S3 store', () => {
  const store = s3ObjectStore();
  const database = { url: '', drop: async () => {} };
  let a: Instance;
  let b: Instance;
  let editor: string;
  let viewer: string;

  async function startInstance(): Promise<Instance> {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'circuits-instance-'));
    const started = run({
      ...store.env,
      DATA_DIR: dataDir,
      PORT: '0',
      DATABASE_URL: database.url,
      INSTANCE_HEARTBEAT: '1s',
      RENDER_WORKERS: '1',
    });
    return { process: started, api: httpClient(await startedUrl(started)), dataDir };
  }

  beforeAll(async () => {
    Object.assign(database, await createPostgresDatabase());
    // Started together: they migrate and seed one after the other, once.
    [a, b] = await Promise.all([startInstance(), startInstance()]);
    editor = await demoToken(a.api, 'editor');
    viewer = await demoToken(b.api, 'viewer');
  }, TEST_MS);

  afterAll(async () => {
    for (const instance of [a, b]) {
      if (!instance) continue;
      if (instance.process.child.exitCode === null) instance.process.child.kill('SIGKILL');
      await instance.process.exited;
      fs.rmSync(instance.dataDir, { recursive: true, force: true });
    }
    await database.drop();
  });

  const upload = async (api: HttpClient, productId: number, name: string) => {
    const answer = await api.call(addProductFiles, {
      token: editor,
      params: { id: productId },
      form: form({}, [{ field: 'files', name, data: BOARD_FILES['demo-F_Cu.gbr']! }]),
    });
    expect(answer.status, answer.text).toBe(201);
    return answer.data.files.find((file) => file.name === name)!;
  };

  it(
    'shares logins, uploads and downloads',
    async () => {
      const productId = await newProduct(a.api, editor, 'Shared board');
      const onA = await upload(a.api, productId, 'board-F_Cu.gbr');
      const onB = await upload(b.api, productId, 'board-B_Cu.gbr');
      for (const api of [a.api, b.api]) {
        const page = await api.call(getProduct, { token: viewer, params: { id: productId } });
        expect(page.data.files.map((file) => file.name)).toEqual([
          'board-F_Cu.gbr',
          'board-B_Cu.gbr',
        ]);
        // A link signed by one instance works on the other, and so does a bearer download.
        for (const file of [onA, onB]) {
          const signed = await api.request('GET', file.link);
          expect(signed.status).toBe(200);
          expect(signed.text).toBe(BOARD_FILES['demo-F_Cu.gbr']);
          const bearer = await api.request('GET', `${file.link.replace(/\?.*/, '')}?download=1`, {
            token: viewer,
          });
          expect(bearer.status).toBe(200);
        }
      }
      // Files live in the bucket only: neither data folder holds any.
      for (const instance of [a, b]) {
        expect(fs.existsSync(path.join(instance.dataDir, 'files'))).toBe(false);
      }
    },
    TEST_MS,
  );

  it(
    'renders a stamp once whichever instances are asked, and serves it from both',
    async () => {
      const productId = await newProduct(b.api, editor, 'Rendered once');
      await upload(b.api, productId, 'board-F_Cu.gbr');
      const body = { settings: { maskColor: 'Red', silkColor: 'Black' } };
      const answers = await Promise.all(
        [a, b, a, b, a, b].map((instance) =>
          instance.api.call(getBoardCacheByStamp, {
            token: editor,
            params: { id: productId },
            body,
          }),
        ),
      );
      for (const answer of answers) expect(answer.status, answer.text).toBe(200);
      expect(answers.filter((answer) => !answer.data.fromCache)).toHaveLength(1);
      const objects = new Set(
        answers.map((answer) => new URL(answer.data.cache!.file_path!, 'http://x').pathname),
      );
      expect(objects.size).toBe(1);
      const hash = answers[0]!.data.hash!;
      expect(
        await readRows(
          { dataDir: '', databaseUrl: database.url },
          `select 1 from board_renders where hash = '${hash}'`,
        ),
      ).toHaveLength(1);
      for (const api of [a.api, b.api]) {
        for (const answer of answers.slice(0, 2)) {
          const stored = await api.request('GET', answer.data.cache!.file_path!);
          expect(stored.status).toBe(200);
          expect(stored.json.top.svg).toContain('<svg');
        }
      }
    },
    TEST_MS,
  );

  it(
    'takes over at once the render of an instance killed in the middle of it',
    async () => {
      const productId = await newProduct(a.api, editor, 'Taken over');
      const copper = largeCopperLayer(120_000);
      // Instance A saves the files, then renders the board before it answers: it is killed then.
      const uploading = a.api
        .call(addProductFiles, {
          token: editor,
          params: { id: productId },
          form: form({}, [
            { field: 'files', name: 'big-F_Cu.gbr', data: copper },
            { field: 'files', name: 'big-B_Cu.gbr', data: copper },
          ]),
        })
        .catch(() => 'interrupted');
      const where = { dataDir: '', databaseUrl: database.url };
      for (let waited = 0; ; waited += 5) {
        const claims = await readRows(
          where,
          "select 1 from board_renders where status = 'rendering'",
        );
        if (claims.length === 1) break;
        if (waited > 60_000) throw new Error('instance A never claimed the render');
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      a.process.child.kill('SIGKILL');
      await a.process.exited;
      expect(await uploading).toBe('interrupted');

      const asked = Date.now();
      const render = await b.api.call(getBoardCacheByStamp, {
        token: editor,
        params: { id: productId },
        body: {},
      });
      expect(render.status, render.text).toBe(200);
      expect(render.data.fromCache).toBe(false);
      expect(Date.now() - asked).toBeLessThan(20_000);
      expect(b.process.stdout()).toContain('released the work of stopped server instances');
      // Every file A saved before it was killed is in the bucket.
      const keys = await store.keys('');
      const registered = await registeredKeys(where);
      expect(registered.every((key) => keys.includes(key))).toBe(true);
    },
    TEST_MS,
  );
});
