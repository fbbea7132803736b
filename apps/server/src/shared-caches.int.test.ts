import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  addAssembly,
  addProductFiles,
  changePassword,
  getProduct,
  getUser,
  listProjects,
  login,
  logout,
  logoutEverywhere,
  register,
  searchParts,
  updateProduct,
  updateProject,
} from '@circuits/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newProduct } from '../test/process-fixtures.ts';
import { run, type Started, startedUrl } from '../test/server-process.ts';
import { createPostgresDatabase, type HttpClient, httpClient } from '../test/test-server.ts';
import { BOARD_FILES, form } from '../test/uploads.ts';
import { DEMO_PASSWORD } from './seed/demo-data.ts';

// Each instance keeps sessions, users, product pages and what the parts search reads besides the
// parts in memory while they do not change.
// Two instances on one PostgreSQL database: whatever one of them (or anyone with SQL) changes,
// the other answers from the change at once, having read each thing before.

const TEST_MS = 120_000;
const EDITOR = 'editor@northwind.example';
const VIEWER = 'viewer@northwind.example';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.log('skipped: two instances need a PostgreSQL server: set DATABASE_URL (CI does)');
}

type Instance = { process: Started; api: HttpClient; dataDir: string };

describe.runIf(databaseUrl)('what one instance changes, the other sees at once', () => {
  const database = { url: '', drop: async () => {} };
  let a: Instance;
  let b: Instance;

  async function startInstance(): Promise<Instance> {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'circuits-instance-'));
    const started = run({ DATA_DIR: dataDir, PORT: '0', DATABASE_URL: database.url });
    return { process: started, api: httpClient(await startedUrl(started)), dataDir };
  }

  async function sql(text: string, values: unknown[] = []): Promise<pg.QueryResult> {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      return await client.query(text, values);
    } finally {
      await client.end();
    }
  }

  async function logIn(api: HttpClient, email: string, password = DEMO_PASSWORD) {
    const answer = await api.call(login, { body: { email, password } });
    expect(answer.status, answer.text).toBe(200);
    return answer.data.token;
  }

  /** The status of GET /api/user on both instances, read twice (so that each has kept it). */
  async function userStatus(token: string): Promise<number[]> {
    const statuses: number[] = [];
    for (const instance of [a, b, a, b]) {
      statuses.push((await instance.api.call(getUser, { token })).status);
    }
    return statuses;
  }

  /** The product page as `token` gets it from the instance. */
  async function productPage(instance: Instance, token: string, productId: number) {
    const answer = await instance.api.call(getProduct, { token, params: { id: productId } });
    expect(answer.status, answer.text).toBe(200);
    return answer.data;
  }

  beforeAll(async () => {
    Object.assign(database, await createPostgresDatabase());
    [a, b] = await Promise.all([startInstance(), startInstance()]);
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

  it(
    'logging out on one instance ends the session on both',
    async () => {
      const token = await logIn(a.api, EDITOR);
      const other = await logIn(b.api, EDITOR);
      expect(await userStatus(token)).toEqual([200, 200, 200, 200]);
      expect((await a.api.call(logout, { token })).status).toBe(200);
      for (const instance of [b, a]) {
        const me = await instance.api.call(getUser, { token });
        expect(me.status).toBe(401);
        expect(me.json.error).toBe('Token is Invalid');
      }
      expect(await userStatus(other)).toEqual([200, 200, 200, 200]);
    },
    TEST_MS,
  );

  it(
    'logging out everywhere on one instance ends every session of the user on both',
    async () => {
      const tokens = [await logIn(a.api, EDITOR), await logIn(b.api, EDITOR)];
      const viewer = await logIn(a.api, VIEWER);
      for (const token of [...tokens, viewer]) {
        expect(await userStatus(token)).toEqual([200, 200, 200, 200]);
      }
      expect((await b.api.call(logoutEverywhere, { token: tokens[0] })).status).toBe(200);
      for (const token of tokens) expect(await userStatus(token)).toEqual([401, 401, 401, 401]);
      expect(await userStatus(viewer)).toEqual([200, 200, 200, 200]);
    },
    TEST_MS,
  );

  it(
    'a role changed or an account disabled in the database applies at once on both',
    async () => {
      const token = await logIn(a.api, VIEWER);
      const productId = await newProduct(a.api, await logIn(a.api, EDITOR), 'Roles');
      for (const instance of [a, b, a, b]) {
        expect((await instance.api.call(getUser, { token })).data.user.company_role).toBe('view');
        const page = await instance.api.call(getProduct, { token, params: { id: productId } });
        expect(page.data.canEdit).toBe(false);
      }
      const rename = (api: HttpClient) =>
        api.call(updateProduct, { token, params: { id: productId }, form: form({ name: 'X' }) });
      expect((await rename(b.api)).status).toBe(403);

      await sql(`update users set company_role = 'edit' where email = $1`, [VIEWER]);
      for (const instance of [b, a]) {
        expect((await instance.api.call(getUser, { token })).data.user.company_role).toBe('edit');
        const page = await instance.api.call(getProduct, { token, params: { id: productId } });
        expect(page.data.canEdit).toBe(true);
      }
      expect((await rename(b.api)).status).toBe(200);

      await sql(`update users set company_role = 'view' where email = $1`, [VIEWER]);
      expect((await rename(a.api)).status).toBe(403);

      await sql('update users set disabled_at = now() where email = $1', [VIEWER]);
      for (const instance of [b, a]) {
        const me = await instance.api.call(getUser, { token });
        expect(me.status).toBe(403);
        expect(me.json.disabledAccountError).toBe(true);
      }
      await sql('update users set disabled_at = null where email = $1', [VIEWER]);
      expect(await userStatus(token)).toEqual([200, 200, 200, 200]);
    },
    TEST_MS,
  );

  it(
    'a product page changed through one instance, or in the database, is shown changed by both',
    async () => {
      const editor = await logIn(a.api, EDITOR);
      const viewer = await logIn(b.api, VIEWER);
      const productId = await newProduct(a.api, editor, 'Shared page');
      const page = (instance: Instance) => productPage(instance, viewer, productId);
      for (const instance of [a, b, a, b]) expect((await page(instance)).files).toEqual([]);

      const added = await b.api.call(addProductFiles, {
        token: editor,
        params: { id: productId },
        form: form({}, [{ field: 'files', name: 'top.gbr', data: BOARD_FILES['demo-F_Cu.gbr']! }]),
      });
      expect(added.status, added.text).toBe(201);
      for (const instance of [a, b]) {
        expect((await page(instance)).files.map((file) => file.name)).toEqual(['top.gbr']);
      }

      const renamed = await a.api.call(updateProduct, {
        token: editor,
        params: { id: productId },
        form: form({ name: 'Renamed on A' }),
      });
      expect(renamed.status, renamed.text).toBe(200);
      for (const instance of [b, a]) {
        expect((await page(instance)).product.name).toBe('Renamed on A');
      }

      await sql(
        'update projects set title = $1 where id = (select project_id from products where id = $2)',
        ['Retitled in SQL', productId],
      );
      await sql(`update companies set name = 'Northwind Renamed' where id = $1`, [
        (await page(a)).project.comp.id,
      ]);
      for (const instance of [b, a]) {
        const shown = await page(instance);
        expect(shown.project.title).toBe('Retitled in SQL');
        expect(shown.project.comp.name).toBe('Northwind Renamed');
        const me = await instance.api.call(getUser, { token: viewer });
        expect(me.data.user.company.name).toBe('Northwind Renamed');
      }

      // Another company's member is refused the page a colleague's request left in memory.
      const registered = await b.api.call(register, {
        body: {
          name: 'Out',
          lastname: 'Sider',
          email: 'outsider@elsewhere.example',
          password: 'copper-pour-outside-7',
          company_name: 'Elsewhere Boards',
          country_code: 'DE',
        },
      });
      expect(registered.status, registered.text).toBe(201);
      await sql(`update users set email_confirmed_at = now() where email = $1`, [
        'outsider@elsewhere.example',
      ]);
      for (const instance of [b, a]) {
        const refused = await instance.api.call(getProduct, {
          token: registered.data.token,
          params: { id: productId },
        });
        expect(refused.status).toBe(404);
      }
    },
    TEST_MS,
  );

  it(
    'a part or package changed in the catalogue is shown changed on the product pages of both',
    async () => {
      const viewer = await logIn(a.api, VIEWER);
      // A demo board of the viewer's company whose BOM links a part and whose placements a package.
      const found = await sql(
        `select b.product_id, b.part_id, pl.package_id
           from bom_rows b
           join placements pl on pl.product_id = b.product_id and pl.package_id is not null
           join products p on p.id = b.product_id
           join projects pr on pr.id = p.project_id
           join users u on u.company_id = pr.company_id and u.email = $1
          where b.part_id is not null
          limit 1`,
        [VIEWER],
      );
      expect(found.rowCount).toBe(1);
      const { product_id: productId, part_id: partId, package_id: packageId } = found.rows[0];
      const page = (instance: Instance) => productPage(instance, viewer, productId);
      for (const instance of [a, b, a, b]) {
        const shown = await page(instance);
        expect(shown.bom.some((row) => row.part_info?.id === partId)).toBe(true);
      }

      await sql(`update parts set part_number = 'RENAMED-IN-SQL' where id = $1`, [partId]);
      await sql(`update packages set pkg_name = 'PKG-RENAMED' where id = $1`, [packageId]);
      for (const instance of [b, a]) {
        const shown = await page(instance);
        const row = shown.bom.find((bomRow) => bomRow.part_info?.id === partId);
        expect(row?.part_info?.part_number).toBe('RENAMED-IN-SQL');
        const placed = shown.placements.filter((placement) => placement.package?.id === packageId);
        expect(placed.length).toBeGreaterThan(0);
        for (const placement of placed) expect(placement.package?.pkgName).toBe('PKG-RENAMED');
      }
    },
    TEST_MS,
  );

  it(
    'the project list changed through one instance, or in the database, is shown changed by both',
    async () => {
      const editor = await logIn(a.api, EDITOR);
      const viewer = await logIn(b.api, VIEWER);
      const productId = await newProduct(a.api, editor, 'Listed board');
      const listed = async (instance: Instance, token = viewer) => {
        const answer = await instance.api.call(listProjects, { token });
        expect(answer.status, answer.text).toBe(200);
        const project = answer.data.projects.find((entry) =>
          [...entry.products, ...entry.assemblies.flatMap((group) => group.products)].some(
            (product) => product.id === productId,
          ),
        );
        expect(project).toBeDefined();
        return project!;
      };
      // Each instance keeps the list, read by the viewer and by the editor.
      for (const instance of [a, b, a, b]) {
        expect((await listed(instance)).title).toBe('Listed board project');
        expect((await listed(instance)).canEdit).toBe(false);
        expect((await listed(instance, editor)).canEdit).toBe(true);
      }
      const projectId = (await listed(a)).id;

      const retitled = await b.api.call(updateProject, {
        token: editor,
        params: { id: projectId },
        form: form({ title: 'Retitled on B' }),
      });
      expect(retitled.status, retitled.text).toBe(200);
      for (const instance of [a, b]) expect((await listed(instance)).title).toBe('Retitled on B');

      const assembly = await a.api.call(addAssembly, {
        token: editor,
        params: { id: projectId },
        body: { title: 'Top side', products: [productId] },
      });
      expect(assembly.status, assembly.text).toBe(201);
      for (const instance of [b, a]) {
        const project = await listed(instance);
        expect(project.assemblies.map((entry) => entry.title)).toEqual(['Top side']);
        expect(project.assemblies[0]!.id).toBe(assembly.data.assembly.id);
        expect(project.assemblies[0]!.products.map((product) => product.id)).toEqual([productId]);
      }

      await sql('update assemblies set title = $1 where project_id = $2', [
        'Renamed in SQL',
        projectId,
      ]);
      await sql('update products set name = $1 where id = $2', ['Board renamed in SQL', productId]);
      for (const instance of [b, a]) {
        const project = await listed(instance);
        expect(project.assemblies.map((entry) => entry.title)).toEqual(['Renamed in SQL']);
        expect(project.assemblies[0]!.products[0]!.name).toBe('Board renamed in SQL');
      }

      // A member of another company never gets the list a colleague's request left in memory.
      const registered = await a.api.call(register, {
        body: {
          name: 'List',
          lastname: 'Outsider',
          email: 'list-outsider@elsewhere.example',
          password: 'copper-pour-outside-8',
          company_name: 'Elsewhere Lists',
          country_code: 'DE',
        },
      });
      expect(registered.status, registered.text).toBe(201);
      await sql(`update users set email_confirmed_at = now() where email = $1`, [
        'list-outsider@elsewhere.example',
      ]);
      for (const instance of [b, a]) {
        const answer = await instance.api.call(listProjects, { token: registered.data.token });
        expect(answer.status, answer.text).toBe(200);
        expect(answer.data.projects.map((project) => project.id)).not.toContain(projectId);
      }
    },
    TEST_MS,
  );

  it(
    'an instance whose change notifications are cut off reads the database until it hears them again',
    async () => {
      const token = await logIn(a.api, VIEWER);
      expect(await userStatus(token)).toEqual([200, 200, 200, 200]);
      const cut = await sql(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and application_name = 'circuits-changes'`,
      );
      expect(cut.rowCount).toBe(2);
      await sql(`update users set name = 'Unheard' where email = $1`, [VIEWER]);
      for (const instance of [a, b]) {
        expect((await instance.api.call(getUser, { token })).data.user.name).toBe('Unheard');
      }
      // Listening again (within a second or two), they keep answering what the database holds.
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      expect(await userStatus(token)).toEqual([200, 200, 200, 200]);
      const listening = await sql(
        `select count(*)::int as n from pg_stat_activity
          where datname = current_database() and application_name = 'circuits-changes'`,
      );
      expect(listening.rows[0].n).toBe(2);
      await sql(`update users set name = 'Heard' where email = $1`, [VIEWER]);
      for (const instance of [b, a]) {
        expect((await instance.api.call(getUser, { token })).data.user.name).toBe('Heard');
      }
    },
    TEST_MS,
  );

  it(
    'changing the password on one instance ends the other sessions on both',
    async () => {
      const kept = await logIn(a.api, VIEWER);
      const ended = await logIn(b.api, VIEWER);
      expect(await userStatus(ended)).toEqual([200, 200, 200, 200]);
      const changed = await a.api.call(changePassword, {
        token: kept,
        body: { current_password: DEMO_PASSWORD, password: 'solder-mask-green-42' },
      });
      expect(changed.status, changed.text).toBe(200);
      expect(await userStatus(ended)).toEqual([401, 401, 401, 401]);
      expect(await userStatus(kept)).toEqual([200, 200, 200, 200]);
    },
    TEST_MS,
  );

  it(
    'a package alias added in SQL is understood by the parts search of both instances',
    async () => {
      const token = await logIn(a.api, EDITOR);
      const found = async (instance: Instance, keyword: string) => {
        const answer = await instance.api.call(searchParts, {
          token,
          body: { keyword, page: 1, perPage: 15 },
        });
        expect(answer.status, answer.text).toBe(200);
        return answer.data.totalAmount;
      };
      // The demo catalogue loads after the instances start.
      const deadline = Date.now() + 90_000;
      while ((await found(a, '0603')) === 0) {
        expect(Date.now(), 'the demo catalogue did not load').toBeLessThan(deadline);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      // Read twice on each instance: what each keeps of the word is that no package has it.
      for (const instance of [a, b, a, b]) expect(await found(instance, 'hobbitpack')).toBe(0);
      await sql(
        `update packages set aliases = array_append(aliases, 'hobbitpack') where lower(pkg_name) = '0603'`,
      );
      for (const instance of [a, b]) {
        expect(await found(instance, 'hobbitpack')).toBe(await found(instance, '0603'));
      }
    },
    TEST_MS,
  );
});
