import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  addProduct,
  addProductFiles,
  addProject,
  deleteProductFile,
  getProduct,
} from '@circuits/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPeople, type People } from '../../../test/fixtures.ts';
import { OBJECT_STORES } from '../../../test/object-stores.ts';
import { databaseKinds, type TestServer, useTestServer } from '../../../test/test-server.ts';
import { BOARD_FILES, form } from '../../../test/uploads.ts';
import { newObjectKey } from './storage.service.ts';

// The sweep removes what no row will ever refer to (what crashes and failed deletions leave),
// on local disk and on S3, and never a file in use or still being written.

const HOUR_MS = 60 * 60 * 1000;

async function rows<T>(server: TestServer, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await server.database.db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

async function registeredKeys(server: TestServer): Promise<string[]> {
  const found = await rows<{ key: string }>(server, sql`select key from stored_files order by key`);
  return found.map((row) => row.key);
}

/** The pid of a process that has ended. */
function endedPid(): number {
  return spawnSync(process.execPath, ['-e', '']).pid!;
}

describe.each(databaseKinds())('the storage sweep on %s', (kind) => {
  describe.each(OBJECT_STORES)('with objects on %s', (storeName, setup) => {
    const store = setup();
    const server = useTestServer(kind, {
      env: Object.assign(store.env, { INSTANCE_HEARTBEAT: '1s' }),
    });
    let people: People;
    let productId: number;

    beforeAll(async () => {
      people = await createPeople(server());
      const token = people.acme.editor.token;
      const project = await server().call(addProject, { token, form: form({ title: 'Swept' }) });
      const product = await server().call(addProduct, {
        token,
        params: { id: project.data.data.id },
        form: form({ name: 'Board' }),
      });
      productId = product.data.data.id;
      // The sweep the server ran as it started is over before these tests sweep.
      await server().services.maintenance.sweep();
    });

    const upload = async (name: string) => {
      const answer = await server().call(addProductFiles, {
        token: people.acme.editor.token,
        params: { id: productId },
        form: form({ isAutoDetect: 'false' }, [
          { field: 'files', name, data: BOARD_FILES['demo-F_Cu.gbr']! },
        ]),
      });
      expect(answer.status, answer.text).toBe(201);
      return answer.data.files.find((file) => answer.data.addedFileIds.includes(file.id))!;
    };
    const keys = () => store.keys(server().dataDir);

    it('removes objects nothing refers to once older than the grace, never a file in use', async () => {
      const kept = await upload('kept.gbr');
      const deleted = await upload('deleted.gbr');
      await server().call(deleteProductFile, {
        token: people.acme.editor.token,
        params: { id: productId, fileId: deleted.id },
      });
      const stray = newObjectKey();
      await store.putStray(server().dataDir, stray, 'left by a crash');
      const partial = path.join(
        server().dataDir,
        'files',
        `${newObjectKey()}.0123456789ab.partial`,
      );
      if (storeName === 'local disk') {
        fs.mkdirSync(path.dirname(partial), { recursive: true });
        fs.writeFileSync(partial, 'half a file');
      }
      expect(await keys()).toContain(stray);

      // Young: it may be a write of an older version of the server still under way.
      await server().services.maintenance.sweep();
      expect(await keys()).toContain(stray);

      server().clock.advance(2 * HOUR_MS);
      await server().services.maintenance.sweep();
      expect(await keys()).not.toContain(stray);
      expect(fs.existsSync(partial)).toBe(false);
      expect(await keys()).toEqual(await registeredKeys(server()));
      const read = await server().request('GET', kept.link.replace(/\?.*/, ''), {
        token: people.acme.editor.token,
      });
      expect(read.status).toBe(200);
      expect(read.text).toBe(BOARD_FILES['demo-F_Cu.gbr']);
    });

    it('never removes a file being uploaded while it sweeps', async () => {
      // Every object is older than the grace now: only the pending records protect writes.
      server().clock.advance(2 * HOUR_MS);
      let sweeping = true;
      const sweeps = (async () => {
        let count = 0;
        while (sweeping) {
          await server().services.maintenance.sweep();
          count += 1;
        }
        return count;
      })();
      const uploaded = await Promise.all(
        Array.from({ length: 12 }, (_, index) => upload(`during-sweep-${index}.gbr`)),
      );
      sweeping = false;
      expect(await sweeps).toBeGreaterThan(0);
      await server().services.maintenance.sweep();
      for (const file of uploaded) {
        const read = await server().request('GET', file.link);
        expect(read.status, file.name).toBe(200);
      }
      expect(await keys()).toEqual(await registeredKeys(server()));
    });

    it('removes at once what stopped instances left half written, not what this one writes', async () => {
      // One ran on this host and its process has ended; the other, elsewhere, fell silent.
      const ended = 'ended-instance';
      const silent = 'silent-instance';
      await server().database.db.execute(
        sql`insert into server_instances (id, hostname, pid) values (${ended}, ${os.hostname()}, ${endedPid()})`,
      );
      await server().database.db.execute(
        sql`insert into server_instances (id, hostname, pid, seen_at) values (${silent}, 'elsewhere.example', 1, now() - interval '1 minute')`,
      );
      const left = { [ended]: newObjectKey(), [silent]: newObjectKey() };
      const ours = newObjectKey();
      const now = server().clock.now().toISOString();
      for (const [instance, key] of [
        ...Object.entries(left),
        [server().services.instances.id, ours],
      ]) {
        await server().database.db.execute(
          sql`insert into storage_pending_objects (key, instance_id, created_at) values (${key}, ${instance}, ${now})`,
        );
        await store.putStray(server().dataDir, key!, 'an upload under way');
      }

      // The next heartbeat finds both gone and releases their work.
      await expect
        .poll(
          async () =>
            rows(server(), sql`select id from server_instances where id in (${ended}, ${silent})`),
          { timeout: 10_000 },
        )
        .toEqual([]);
      await server().services.maintenance.sweep();
      const after = await keys();
      expect(after).not.toContain(left[ended]);
      expect(after).not.toContain(left[silent]);
      expect(after).toContain(ours);
      const pending = await rows<{ key: string }>(
        server(),
        sql`select key from storage_pending_objects`,
      );
      expect(pending.map((row) => row.key)).toEqual([ours]);
      const page = await server().call(getProduct, {
        token: people.acme.editor.token,
        params: { id: productId },
      });
      expect(page.status).toBe(200);
    });
  });
});
