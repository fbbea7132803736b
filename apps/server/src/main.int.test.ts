import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  buildPath,
  getCart,
  getOrder,
  getProduct,
  getUser,
  listOrders,
  listProjects,
  login,
  moderationManufacturers,
  moderationParts,
} from '@circuits/contracts';
import { partNumberKey } from '@circuits/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run, type Started, startedUrl, waitForOutput } from '../test/server-process.ts';
import { createPostgresDatabase, databaseKinds } from '../test/test-server.ts';
import { DEMO_MEMBER_PARTS } from './seed/demo-assembly.ts';
import {
  DEMO_LOGINS,
  DEMO_ORDER,
  DEMO_PASSWORD,
  DEMO_PRODUCT,
  DEMO_PROJECT,
  SECOND_DEMO_PROJECT,
} from './seed/demo-data.ts';
import { sampleBoardParts } from './seed/sample-board.ts';

// The server as `npm start` runs it: a separate process configured by environment variables.

const README = path.resolve(import.meta.dirname, '../../../README.md');

// biome-ignore lint/suspicious/noExplicitAny: tests assert on arbitrary response bodies.
async function post(url: string, body: unknown): Promise<{ status: number; json: any }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: await response.json() };
}

describe('configuration errors', () => {
  it('stop the start with a message naming the variable', async () => {
    const started = run({ PORT: 'abc', TOKEN_TTL: 'forever', DATA_DIR: os.tmpdir() });
    expect(await started.exited).toBe(1);
    expect(started.stderr()).toContain('Invalid configuration:');
    expect(started.stderr()).toContain('PORT must be a whole number (got "abc")');
    expect(started.stderr()).toContain('TOKEN_TTL must be a positive duration');
  });
});

describe('a production start (SEED_DEMO_DATA=false)', () => {
  it('seeds no demo logins, runs no sandbox provider and says no way to pay is configured', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'circuits-production-'));
    const started = run({ DATA_DIR: dataDir, PORT: '0', SEED_DEMO_DATA: 'false' });
    try {
      const url = await startedUrl(started);
      await waitForOutput(started, /!! No way to pay is configured/, 60_000, 'stderr');
      const banner = started.stdout();
      expect(banner).toContain(
        '  payments: off: set PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET to take payments with PayPal',
      );
      expect(banner).toContain(
        '  bank transfer: off: set BANK_TRANSFER_DETAILS to take payment against proformas',
      );
      expect(banner).not.toContain('demo logins');
      expect(started.stderr()).toContain(
        '!! No way to pay is configured: neither PayPal (PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET) nor bank transfer (BANK_TRANSFER_DETAILS).',
      );
      const sandbox = await fetch(`${url}/sandbox/paypal/v1/oauth2/token`, { method: 'POST' });
      expect(sandbox.status).toBe(404);
    } finally {
      started.child.kill('SIGTERM');
      await started.exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('the README', () => {
  it('lists the same demo logins in the README', () => {
    const readme = fs.readFileSync(README, 'utf8');
    for (const demo of DEMO_LOGINS) expect(readme).toContain(demo.email);
    expect(readme).toContain(DEMO_PASSWORD);
  });

  it('turns the demo data off in its production section', () => {
    const readme = fs.readFileSync(README, 'utf8');
    const production = readme.slice(readme.indexOf('## Run in production'));
    expect(production.slice(0, production.indexOf('\n## ', 3))).toContain(
      'Set `SEED_DEMO_DATA=false` before the first start',
    );
  });
});

describe.each(databaseKinds())('npm start on %s', (kind) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'circuits-main-'));
  let env: Record<string, string>;
  let dropDatabase: (() => Promise<void>) | undefined;
  let first: Started;

  beforeAll(async () => {
    env = { DATA_DIR: dataDir, PORT: '0' };
    if (kind === 'postgres') {
      const database = await createPostgresDatabase();
      env.DATABASE_URL = database.url;
      dropDatabase = database.drop;
    }
    first = run(env);
  });

  afterAll(async () => {
    if (first.child.exitCode === null) first.child.kill('SIGKILL');
    await dropDatabase?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  // A first start migrates and seeds: on a busy machine it takes more than the default timeout.
  it('migrates, seeds the demo data and prints the URL and the demo logins', async () => {
    const url = await startedUrl(first);
    const banner = first.stdout();
    for (const demo of DEMO_LOGINS) expect(banner).toContain(demo.email);
    expect(banner).toContain(`password "${DEMO_PASSWORD}"`);
    expect(banner).toContain(`${url}/api/docs`);
    // The address email links use, so the user opens Circuits there (HOST 127.0.0.1: localhost).
    expect(banner).toMatch(/links in emails lead to http:\/\/localhost:\d+ \(APP_URL\)/);

    const roles: Record<string, string> = {};
    for (const demo of DEMO_LOGINS) {
      const response = await post(`${url}${login.path}`, {
        email: demo.email,
        password: demo.password,
      });
      expect(response.status, demo.email).toBe(200);
      const user = response.json.user;
      roles[demo.email] = `${user.role}/${user.company_role}/${user.company.name}`;
      expect(user.isConfirmedEmail).toBe(true);
    }
    expect(roles).toEqual({
      'admin@circuits.example': 'admin/edit/Circuits',
      'moderator@circuits.example': 'moderator/view/Circuits',
      'editor@northwind.example': 'other/edit/Northwind Electronics',
      'viewer@northwind.example': 'other/view/Northwind Electronics',
      'buyer@globex.example': 'other/edit/Globex Boards',
    });
    expect(first.stdout()).toContain('seeded the demo companies, users and project');
  }, 120_000);

  it('seeds the demo project with a sample board, analysed, rendered and with settings saved', async () => {
    const url = await startedUrl(first);
    const viewer = DEMO_LOGINS.find((demo) => demo.email.startsWith('viewer'))!;
    const { json } = await post(`${url}${login.path}`, viewer);
    // biome-ignore lint/suspicious/noExplicitAny: tests assert on arbitrary response bodies.
    const get = async (urlPath: string): Promise<any> =>
      (
        await fetch(`${url}${urlPath}`, { headers: { authorization: `Bearer ${json.token}` } })
      ).json();
    const { projects } = await get(listProjects.path);
    expect(projects.map((project: { title: string }) => project.title)).toEqual([
      DEMO_PROJECT.title,
    ]);
    const [product] = projects[0].products;
    expect(product).toMatchObject(DEMO_PRODUCT);
    const page = await get(buildPath(getProduct.path, { id: product.id }));
    const typeOf = (name: string) =>
      page.boardFiles.find((board: { file: { name: string } }) => board.file.name === name)
        ?.file_type;
    expect(page.files).toHaveLength(12);
    expect(page.boardFiles).toHaveLength(10);
    expect(typeOf('sensor-node-F_Cu.gbr')).toBe('topCopper');
    expect(typeOf('sensor-node-B_Silkscreen.gbr')).toBe('bottomSilk');
    expect(typeOf('sensor-node-NPTH.drl')).toBe('nonPlatedDrill');
    expect(page.boardAnalysis).toMatchObject({
      widthMm: 60,
      lengthMm: 40,
      copperLayers: 2,
      sizeFrom: 'outline',
    });
    expect(page.settingsFromFiles).toBe(false);
    expect(page.settings).toMatchObject({ numberLayers: 2, finishing: 'ENIG', unitsIn: 'in' });
    // The first look is served from the render cache, with the saved finish.
    expect(page.cache.file_path).toMatch(/^\/storage\//);
  });

  it("reads the demo board's BOM and placements, matched to the catalogue, and queues a member's parts", async () => {
    const url = await startedUrl(first);
    const token = async (prefix: string) => {
      const demo = DEMO_LOGINS.find((entry) => entry.email.startsWith(prefix))!;
      return (await post(`${url}${login.path}`, demo)).json.token as string;
    };
    // biome-ignore lint/suspicious/noExplicitAny: tests assert on arbitrary response bodies.
    const get = async (bearer: string, urlPath: string): Promise<any> =>
      (await fetch(`${url}${urlPath}`, { headers: { authorization: `Bearer ${bearer}` } })).json();
    const viewer = await token('viewer');
    const { projects } = await get(viewer, listProjects.path);
    const page = await get(viewer, buildPath(getProduct.path, { id: projects[0].products[0].id }));

    // One BOM row per distinct part of the board, each linked to the catalogue part it names.
    const parts = sampleBoardParts();
    const numbers = [...new Set(parts.map((part) => part.mpn))];
    expect(page.bom).toHaveLength(numbers.length);
    for (const row of page.bom) {
      const designators = row.refDesign.map((entry: { refDesign: string }) => entry.refDesign);
      const expected = parts.filter((part) => designators.includes(part.ref));
      expect(expected.length, row.part_number).toBe(designators.length);
      expect(row.part_id, row.part_number).not.toBeNull();
      expect(partNumberKey(row.part_info.part_number)).toBe(partNumberKey(expected[0]!.mpn));
    }
    // One placement per part, each tied to its BOM row.
    expect(
      page.placements.map((placement: { refDesign: string }) => placement.refDesign).sort(),
    ).toEqual(parts.map((part) => part.ref).sort());
    expect(
      page.placements.every((placement: { bom_id: number | null }) => placement.bom_id !== null),
    ).toBe(true);

    // What the editor added waits for a moderator.
    const moderator = await token('moderator');
    const queue = await get(moderator, moderationParts.path);
    expect(queue.parts.map((part: { part_number: string }) => part.part_number).sort()).toEqual(
      DEMO_MEMBER_PARTS.map((entry) => entry.part.part_number).sort(),
    );
    expect(
      queue.parts.every(
        (part: { added: { company_name: string } }) =>
          part.added.company_name === 'Northwind Electronics',
      ),
    ).toBe(true);
    const makers = await get(moderator, moderationManufacturers.path);
    expect(makers.manufacturers.map((maker: { name: string }) => maker.name).sort()).toEqual(
      DEMO_MEMBER_PARTS.map((entry) => entry.manufacturer).sort(),
    );
  });

  it('seeds a paid order with its documents, a board in the cart and a second company', async () => {
    const url = await startedUrl(first);
    const token = async (prefix: string) => {
      const demo = DEMO_LOGINS.find((entry) => entry.email.startsWith(prefix))!;
      return (await post(`${url}${login.path}`, demo)).json.token as string;
    };
    // biome-ignore lint/suspicious/noExplicitAny: tests assert on arbitrary response bodies.
    const get = async (bearer: string, urlPath: string): Promise<any> =>
      (await fetch(`${url}${urlPath}`, { headers: { authorization: `Bearer ${bearer}` } })).json();
    const editor = await token('editor');
    const { orders } = await get(editor, listOrders.path);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ name: DEMO_ORDER.name, status: 'paid', currency: 'CAD' });
    const { order } = await get(editor, buildPath(getOrder.path, { id: orders[0].id }));
    expect(order.documents.map((document: { type: string }) => document.type).sort()).toEqual([
      'order',
      'proforma',
    ]);
    expect(order.payment).toMatchObject({ method: 'bank_transfer', status: 'captured' });
    const cart = await get(editor, getCart.path);
    expect(cart.cart).toEqual([
      expect.objectContaining({ amount: DEMO_ORDER.cartAmount, title: DEMO_PRODUCT.name }),
    ]);

    const buyer = await token('buyer');
    const { projects } = await get(buyer, listProjects.path);
    expect(projects.map((project: { title: string }) => project.title)).toEqual([
      SECOND_DEMO_PROJECT.project.title,
    ]);
    const admin = await token('admin');
    const all = await get(admin, listProjects.path);
    expect(all.projects).toHaveLength(2);
  });

  it.runIf(kind === 'pglite')('refuses a second server on the same data folder', async () => {
    const second = run(env);
    expect(await second.exited).toBe(1);
    expect(second.stderr()).toContain('is in use by another Circuits server');
  });

  it('shuts down gracefully on SIGTERM and keeps its data for the next start', async () => {
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.stdout()).toContain('"msg":"stopped"');

    const again = run(env);
    try {
      const url = await startedUrl(again);
      expect(again.stdout()).not.toContain('seeded the demo companies, users and project');
      const editor = DEMO_LOGINS.find((demo) => demo.email.startsWith('editor'))!;
      const { json } = await post(`${url}${login.path}`, editor);
      const me = await fetch(`${url}${getUser.path}`, {
        headers: { authorization: `Bearer ${json.token}` },
      });
      const { user } = (await me.json()) as { user: { company: unknown } };
      expect(user.company).toMatchObject({
        name: 'Northwind Electronics',
        currency: { id: 1 },
        tax: 13,
      });
      // Reached at localhost only: the demo logins are no danger, and nothing warns.
      expect(again.stdout()).not.toContain('still work, with the password the README publishes');
    } finally {
      again.child.kill('SIGTERM');
      expect(await again.exited).toBe(0);
    }
  }, 120_000);

  it('warns loudly when the demo logins still work on a server reached from elsewhere', async () => {
    const exposed = run({ ...env, APP_URL: 'https://circuits.example.test' });
    try {
      // The stop handlers are in place once the server has printed its address.
      await waitForOutput(exposed, /Circuits is running at https:\/\/circuits\.example\.test/);
      await waitForOutput(exposed, /!! The demo logins/, 60_000, 'stderr');
      expect(exposed.stderr()).toContain(
        `!! The demo logins (${DEMO_LOGINS.map((demo) => demo.email).join(', ')}) still work, with the password the README publishes, on a server reached at https://circuits.example.test`,
      );
      expect(exposed.stdout()).toContain(
        '  payments: the embedded sandbox provider (demo mode): no money moves',
      );
    } finally {
      exposed.child.kill('SIGTERM');
      expect(await exposed.exited).toBe(0);
    }
  }, 120_000);
});
