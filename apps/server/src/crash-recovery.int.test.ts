import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addProductFiles, getBoardCacheByStamp, getProduct } from '@circuits/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OBJECT_STORES } from '../test/object-stores.ts';
import {
  demoToken,
  largeCopperLayer,
  newProduct,
  randomFiles,
  readRows,
  registeredKeys,
} from '../test/process-fixtures.ts';
import { run, type Started, startedUrl, waitForOutput } from '../test/server-process.ts';
import { createPostgresDatabase, databaseKinds, httpClient } from '../test/test-server.ts';
import { BOARD_FILES, form } from '../test/uploads.ts';

// A server killed with SIGKILL (a crash, an OOM kill, a pulled plug) in the middle of its work:
// after a restart nothing it was doing is left behind or blocks anyone.

const CRASH_TEST_MS = 300_000;

async function until(check: () => Promise<boolean>, timeoutMs: number, everyMs = 5) {
  for (const started = Date.now(); Date.now() - started < timeoutMs; ) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  throw new Error(`still not the case after ${timeoutMs} ms`);
}

async function killed(server: Started): Promise<void> {
  server.child.kill('SIGKILL');
  await server.exited;
}

/** Kills the server (SIGKILL) as soon as it prints a line matching `pattern`. */
async function killedOnOutput(server: Started, pattern: RegExp): Promise<void> {
  let printed = '';
  const stdout = server.child.stdout!;
  const watch = (chunk: Buffer) => {
    printed += chunk;
    if (!pattern.test(printed)) return;
    stdout.off('data', watch);
    server.child.kill('SIGKILL');
  };
  stdout.on('data', watch);
  await server.exited;
}

function useServerEnvironment(kind: 'pglite' | 'postgres', storeEnv: Record<string, string>) {
  const setup = {
    env: {} as Record<string, string>,
    dataDir: '',
    databaseUrl: undefined as string | undefined,
  };
  const running: Started[] = [];
  let dropDatabase: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    setup.dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'circuits-crash-'));
    if (kind === 'postgres') {
      const database = await createPostgresDatabase();
      setup.databaseUrl = database.url;
      dropDatabase = database.drop;
    }
    Object.assign(setup.env, {
      DATA_DIR: setup.dataDir,
      PORT: '0',
      ...storeEnv,
      ...(setup.databaseUrl && { DATABASE_URL: setup.databaseUrl }),
    });
  });
  afterAll(async () => {
    for (const server of running) if (server.child.exitCode === null) await killed(server);
    await dropDatabase?.();
    fs.rmSync(setup.dataDir, { recursive: true, force: true });
  });
  return {
    setup,
    start(): Started {
      const server = run(setup.env);
      running.push(server);
      return server;
    },
  };
}

describe.each(databaseKinds())('a server killed on %s', (kind) => {
  describe.each(OBJECT_STORES)('with objects on %s', (_storeName, storeSetup) => {
    const store = storeSetup();
    const { setup, start } = useServerEnvironment(kind, store.env);

    it(
      'mid-upload leaves nothing behind after a restart: the store and the database agree',
      async () => {
        const first = start();
        const api = httpClient(await startedUrl(first));
        const token = await demoToken(api, 'editor');
        const productId = await newProduct(api, token, 'Interrupted upload');
        const before = await store.keys(setup.dataDir);

        const upload = api
          .call(addProductFiles, {
            token,
            params: { id: productId },
            form: form({ isAutoDetect: 'false', isUnzipFlag: 'false' }, randomFiles(16, 2 << 20)),
          })
          .catch(() => 'interrupted');
        // Killed as the first of its objects reaches the store (or starts to, on disk).
        await until(async () => (await store.keys(setup.dataDir)).length > before.length, 60_000);
        await killed(first);
        expect(await upload).toBe('interrupted');
        const left = await store.keys(setup.dataDir);
        expect(left.length).toBeGreaterThan(before.length);

        const second = start();
        const again = httpClient(await startedUrl(second));
        await waitForOutput(second, /"msg":"sweep finished"/);
        const page = await again.call(getProduct, { token, params: { id: productId } });
        expect(page.data.files).toEqual([]);
        const retried = await again.call(addProductFiles, {
          token,
          params: { id: productId },
          form: form({}, [
            { field: 'files', name: 'demo-F_Cu.gbr', data: BOARD_FILES['demo-F_Cu.gbr']! },
          ]),
        });
        expect(retried.status, retried.text).toBe(201);
        const download = await again.request('GET', retried.data.files[0]!.link);
        expect(download.text).toBe(BOARD_FILES['demo-F_Cu.gbr']);

        if (kind === 'pglite') {
          second.child.kill('SIGTERM');
          await second.exited;
        }
        // Every object has its row and every row its object; no partial file, no staged part.
        expect(await store.keys(setup.dataDir)).toEqual(await registeredKeys(setup));
        const staging = path.join(setup.dataDir, 'tmp', 'uploads');
        expect(fs.existsSync(staging) ? fs.readdirSync(staging) : []).toEqual([]);
        expect(second.stdout()).toContain('released the work of stopped server instances');
      },
      CRASH_TEST_MS,
    );
  });

  describe('with a board being rendered', () => {
    // A claim left by a dead server would otherwise stand for the render timeout (ten minutes
    // here), so an answer within a minute can only come from releasing it at start.
    const { setup, start } = useServerEnvironment(kind, {
      RENDER_WORKERS: '1',
      RENDER_TIMEOUT: '10m',
    });

    it(
      'mid-render does not hold that board back after a restart',
      async () => {
        const first = start();
        const api = httpClient(await startedUrl(first));
        const token = await demoToken(api, 'editor');
        const productId = await newProduct(api, token, 'Interrupted render');
        const copper = largeCopperLayer(120_000);
        // The board files are saved, then rendered (and measured) before the upload answers.
        // Killed the moment it claims the render, long before a render this size can finish.
        const killedMidRender = killedOnOutput(first, /"msg":"board render started"/);
        const upload = api
          .call(addProductFiles, {
            token,
            params: { id: productId },
            form: form({}, [
              { field: 'files', name: 'big-F_Cu.gbr', data: copper },
              { field: 'files', name: 'big-B_Cu.gbr', data: copper },
              { field: 'files', name: 'big-In1_Cu.gbr', data: copper },
            ]),
          })
          .catch(() => 'interrupted');
        await killedMidRender;
        expect(await upload).toBe('interrupted');
        const claimed = "select hash from board_renders where status = 'rendering'";
        // The killed server's claim on the render is still there.
        expect(await readRows(setup, claimed)).toHaveLength(1);

        const second = start();
        const again = httpClient(await startedUrl(second));
        const asked = Date.now();
        const render = await again.call(getBoardCacheByStamp, {
          token,
          params: { id: productId },
          body: {},
        });
        expect(render.status, render.text).toBe(200);
        expect(render.data.fromCache).toBe(false);
        expect(render.data.cache!.file_path).toContain('/storage/');
        // The claim of the killed server was released at start: no wait for it to expire.
        expect(Date.now() - asked).toBeLessThan(60_000);
        expect(second.stdout()).toContain('released the work of stopped server instances');
      },
      CRASH_TEST_MS,
    );
  });
});
