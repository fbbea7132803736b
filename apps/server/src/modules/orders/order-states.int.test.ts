import {
  adminSetOrderStatus,
  capturePayment,
  decideSandboxPayment,
  getOrder,
  markOrderPaid,
  startPayment,
} from '@circuits/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { People } from '../../../test/fixtures.ts';
import { type OrderingSetup, orderingSetup, placeOrder } from '../../../test/orders.ts';
import { databaseKinds, useTestServer } from '../../../test/test-server.ts';

// Order states move forward only, as the state machine of packages/domain allows: staff cannot
// skip the payment or go back, a cancelled or shipped order is never paid, and a bank transfer
// recorded late does not bring an order back to "Paid".

describe.each(databaseKinds())('order states on %s', (kind) => {
  const server = useTestServer(kind);
  let setup: OrderingSetup;
  let people: People;

  beforeAll(async () => {
    setup = await orderingSetup(server(), 'State board');
    people = setup.people;
  });

  const place = (paymentMethod: 'online' | 'bank_transfer') =>
    placeOrder(server(), setup, { amount: 4, extra: { payment_method: paymentMethod } });

  const setStatus = (id: number, status: string, note = 'By staff') =>
    server().request('POST', `/api/admin/orders/${id}/status`, {
      token: people.admin.token,
      json: { status, note },
    });

  const order = async (id: number) =>
    (await server().call(getOrder, { token: people.acme.editor.token, params: { id } })).data.order;

  it('never pays a cancelled order: no payment started, no capture, the order stays cancelled', async () => {
    const { id, token } = await place('online');
    const approved = await server().call(decideSandboxPayment, {
      token: people.acme.editor.token,
      params: { token: token! },
      body: { decision: 'approve' },
    });
    expect(approved.status).toBe(200);
    const cancelled = await setStatus(id, 'cancelled', 'Cancelled at your request');
    expect(cancelled.status, cancelled.text).toBe(200);

    const captured = await server().call(capturePayment, {
      token: people.acme.editor.token,
      body: { token: token! },
    });
    expect(captured.status).toBe(409);
    expect(captured.json.error).toBe(
      'The order is Cancelled: it cannot become Paid (Cancelled is final)',
    );
    const started = await server().call(startPayment, {
      token: people.acme.editor.token,
      params: { id },
    });
    expect(started.status).toBe(409);
    const after = await order(id);
    expect(after.status).toBe('cancelled');
    expect(after.payment?.status).toBe('awaiting_approval');
    expect(after.events.map((event) => event.status)).toEqual(['awaiting_payment', 'cancelled']);
  });

  it('does not let staff skip the payment or go back', async () => {
    const online = await place('online');
    for (const [status, reason] of [
      [
        'shipped',
        'The order is Awaiting payment: it cannot become Shipped (from Awaiting payment it can become Paid or Cancelled)',
      ],
      [
        'paid',
        "Only the payment provider's confirmation can make an order Paid from Awaiting payment",
      ],
    ] as const) {
      const refused = await setStatus(online.id, status);
      expect(refused.status, status).toBe(409);
      expect(refused.json.error).toBe(reason);
    }
    const bank = await place('bank_transfer');
    const early = await setStatus(bank.id, 'in_production');
    expect(early.status).toBe(409);
    expect((await setStatus(bank.id, 'paid', 'Transfer 4711 arrived')).status).toBe(200);
    expect((await setStatus(bank.id, 'shipped', 'UPS 1Z999')).status).toBe(200);
    const back = await setStatus(bank.id, 'in_production');
    expect(back.status).toBe(409);
    expect(back.json.error).toBe(
      'The order is Shipped: it cannot become In production (from Shipped it can become Delivered)',
    );
    const again = await server().call(markOrderPaid, {
      token: people.admin.token,
      params: { id: bank.id },
    });
    expect(again.status).toBe(200);
    const after = await order(bank.id);
    expect(after.status).toBe('shipped');
    expect(after.payment?.status).toBe('captured');
    expect(after.events.map((event) => [event.status, event.note])).toEqual([
      ['awaiting_transfer', 'Order placed; awaiting the bank transfer against the proforma'],
      ['paid', 'Transfer 4711 arrived'],
      ['shipped', 'UPS 1Z999'],
    ]);
  });

  it('keeps an order in production when a bank transfer is recorded after it', async () => {
    // An order that went into production before its transfer was recorded (as staff could
    // once move it): recording the transfer is refused and the order stays where it is.
    const { id } = await place('bank_transfer');
    await server().database.db.execute(
      sql`update orders set status = 'in_production' where id = ${id}`,
    );
    const recorded = await server().call(markOrderPaid, {
      token: people.admin.token,
      params: { id },
    });
    expect(recorded.status).toBe(409);
    expect(recorded.json.error).toBe(
      'The order is In production: it cannot become Paid (from In production it can become Shipped, Delivered or Cancelled)',
    );
    const after = await order(id);
    expect(after.status).toBe('in_production');
    expect(after.payment?.status).toBe('awaiting_transfer');
  });

  it('lets only administrators move orders, and each move once', async () => {
    const { id } = await place('bank_transfer');
    for (const who of [people.moderator, people.acme.editor]) {
      const refused = await server().call(adminSetOrderStatus, {
        token: who.token,
        params: { id },
        body: { status: 'cancelled', note: 'x' },
      });
      expect(refused.status).toBe(403);
    }
    const [first, second] = await Promise.all([
      setStatus(id, 'cancelled', 'First'),
      setStatus(id, 'cancelled', 'Second'),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    expect((await order(id)).events.filter((event) => event.status === 'cancelled')).toHaveLength(
      1,
    );
  });
});
