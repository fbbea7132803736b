import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  capturePayment,
  createOrder,
  getOrder,
  listAddresses,
  listOrders,
} from '@circuits/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstCarrier, orderableBoard, orderBody } from '../../../test/orders.ts';
import { type PayPalFake, payPalEnv, startPayPalFake } from '../../../test/paypal-fake.ts';
import { demoToken, readRows } from '../../../test/process-fixtures.ts';
import { run, type Started, startedUrl } from '../../../test/server-process.ts';
import { createPostgresDatabase, databaseKinds, httpClient } from '../../../test/test-server.ts';

// The server killed with SIGKILL while it places an order (after the order is saved, while
// PayPal makes its payment) and while it captures a payment (PayPal has captured, the answer is
// not back): after a restart the order is whole, a retry gives the same order and the same
// PayPal order, and the capture is applied once.

const CRASH_TEST_MS = 180_000;

describe.each(databaseKinds())('orders of a server killed on %s', (kind) => {
  let fake: PayPalFake;
  let dataDir: string;
  let databaseUrl: string | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  const running: Started[] = [];

  beforeAll(async () => {
    fake = await startPayPalFake();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'circuits-orders-crash-'));
    if (kind === 'postgres') {
      const database = await createPostgresDatabase();
      databaseUrl = database.url;
      dropDatabase = database.drop;
    }
  });
  afterAll(async () => {
    for (const server of running) {
      if (server.child.exitCode === null) {
        server.child.kill('SIGKILL');
        await server.exited;
      }
    }
    await fake?.close();
    await dropDatabase?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  function start(): Started {
    const server = run({
      DATA_DIR: dataDir,
      PORT: '0',
      ...payPalEnv(fake),
      ...(databaseUrl && { DATABASE_URL: databaseUrl }),
    });
    running.push(server);
    return server;
  }

  async function killed(server: Started) {
    server.child.kill('SIGKILL');
    await server.exited;
  }

  it(
    'leaves no half-made order and applies no payment twice',
    async () => {
      const first = start();
      const api = httpClient(await startedUrl(first));
      const token = await demoToken(api, 'editor');
      const boards = [
        await orderableBoard(api, token, 'Crash board A'),
        await orderableBoard(api, token, 'Crash board B'),
      ];
      const addresses = await api.call(listAddresses, { token });
      const address = addresses.data.addresses.find((entry) => entry.line1)!;
      const carrier = await firstCarrier(api, token);
      const companyId = (await api.request('GET', '/api/user', { token })).json.user.company.id;
      const request = orderBody({
        companyId,
        addressId: address.id,
        carrier,
        products: [
          { id: boards[0]!, amount: 5 },
          { id: boards[1]!, amount: 7 },
        ],
        key: crypto.randomUUID(),
      });

      // The demo company has orders of its own already.
      const earlier = new Set((await api.call(listOrders, { token })).data.orders.map((o) => o.id));

      // ---- killed while PayPal makes the order's payment (the order is saved by then)
      const creating = fake.holdNext('/v2/checkout/orders');
      const placing = api.call(createOrder, { token, body: request }).catch(() => 'interrupted');
      await creating.reached;
      await killed(first);
      creating.release();
      expect(await placing).toBe('interrupted');
      expect(fake.orders.size).toBe(1);

      const second = start();
      const again = httpClient(await startedUrl(second));
      const listed = await again.call(listOrders, { token });
      const made = listed.data.orders.filter((order) => !earlier.has(order.id));
      expect(made).toHaveLength(1);
      const saved = (await again.call(getOrder, { token, params: { id: made[0]!.id } })).data.order;
      expect(saved.lines.map((line) => line.amount)).toEqual([5, 7]);
      expect(saved.payment).toMatchObject({ status: 'new', payer_action_url: null });
      // The retried click: the same order, and the same PayPal order (same PayPal-Request-Id).
      const retried = await again.call(createOrder, { token, body: request });
      expect(retried.status, retried.text).toBe(200);
      expect(retried.data.output.id).toBe(saved.id);
      const paypalId = new URL(retried.data.payment.payer_action_url!).searchParams.get('token')!;
      expect(fake.orders.size).toBe(1);
      expect(fake.orders.has(paypalId)).toBe(true);

      // ---- killed while capturing: PayPal has captured, the answer has not arrived
      fake.approve(paypalId);
      const capturing = fake.holdNext('/capture');
      const capture = again
        .call(capturePayment, { token, body: { token: paypalId } })
        .catch(() => 'interrupted');
      await capturing.reached;
      await killed(second);
      capturing.release();
      expect(await capture).toBe('interrupted');
      expect(fake.orders.get(paypalId)!.status).toBe('COMPLETED');

      const third = start();
      const last = httpClient(await startedUrl(third));
      const unpaid = (await last.call(getOrder, { token, params: { id: saved.id } })).data.order;
      expect(unpaid.status).toBe('awaiting_payment');
      // The payer reloads the return page (twice).
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const back = await last.call(capturePayment, { token, body: { token: paypalId } });
        expect(back.status, back.text).toBe(200);
        expect(back.data.status).toBe('paid');
      }
      const paid = (await last.call(getOrder, { token, params: { id: saved.id } })).data.order;
      expect(paid.events.map((event) => event.status)).toEqual(['awaiting_payment', 'paid']);
      expect(paid.payment).toMatchObject({ status: 'captured' });
      expect(fake.captures()).toBe(1);

      if (kind === 'pglite') {
        third.child.kill('SIGTERM');
        await third.exited;
      }
      const where = { dataDir, databaseUrl };
      // Besides the orders the company had: one order, its two lines, one capture, one payment.
      const others = [...earlier].join(', ') || '0';
      expect(await readRows(where, `select id from orders where id not in (${others})`)).toEqual([
        { id: saved.id },
      ]);
      const ofIt = `order_id = ${saved.id}`;
      expect(await readRows(where, `select id from order_lines where ${ofIt}`)).toHaveLength(2);
      expect(
        await readRows(where, `select id from payments where status = 'captured' and ${ofIt}`),
      ).toHaveLength(1);
      expect(
        await readRows(where, `select id from order_events where status = 'paid' and ${ofIt}`),
      ).toHaveLength(1);
    },
    CRASH_TEST_MS,
  );
});
