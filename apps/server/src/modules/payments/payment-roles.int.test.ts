import {
  cancelPayment,
  capturePayment,
  decideSandboxPayment,
  getOrder,
  getSandboxPayment,
  startPayment,
} from '@circuits/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Member, People } from '../../../test/fixtures.ts';
import { type OrderingSetup, orderingSetup, placeOrder } from '../../../test/orders.ts';
import { databaseKinds, useTestServer } from '../../../test/test-server.ts';

// Who may move a payment: the editors of the order's company and administrators start,
// approve, capture and cancel it; a read-only member and a moderator see it and move nothing;
// another company does not find it. And the token the provider sends back is checked as such.

describe.each(databaseKinds())('who may pay an order, on %s', (kind) => {
  const server = useTestServer(kind);
  let setup: OrderingSetup;
  let people: People;

  beforeAll(async () => {
    setup = await orderingSetup(server(), 'Role board');
    people = setup.people;
  });

  /** An order of Acme's, placed online: its id and the provider's token. */
  async function placed() {
    const order = await placeOrder(server(), setup);
    return { id: order.id, token: order.token! };
  }

  const approve = (member: Member, token: string) =>
    server().call(decideSandboxPayment, {
      token: member.token,
      params: { token },
      body: { decision: 'approve' },
    });

  const status = async (id: number) =>
    (await server().call(getOrder, { token: people.admin.token, params: { id } })).data.order;

  it('refuses capture and cancel to a read-only member and to a moderator, and hides it from another company', async () => {
    const order = await placed();
    expect((await approve(people.acme.editor, order.token)).status).toBe(200);
    for (const [who, expected] of [
      [
        people.acme.viewer,
        'Only company editors can pay for orders; ask an editor of your company',
      ],
      [people.moderator, "Moderators can view other companies' orders but cannot pay for them"],
    ] as const) {
      for (const endpoint of [capturePayment, cancelPayment]) {
        const response = await server().call(endpoint, {
          token: who.token,
          body: { token: order.token },
        });
        expect(response.status, `${who.email} ${endpoint.path}`).toBe(403);
        expect(response.json.error).toBe(expected);
      }
      const started = await server().call(startPayment, {
        token: who.token,
        params: { id: order.id },
      });
      expect(started.status).toBe(403);
    }
    for (const endpoint of [capturePayment, cancelPayment]) {
      const outsider = await server().call(endpoint, {
        token: people.globex.editor.token,
        body: { token: order.token },
      });
      expect(outsider.status).toBe(404);
    }
    // Nothing moved: the approved payment waits for its capture.
    expect((await status(order.id)).payment).toMatchObject({ status: 'awaiting_approval' });
    expect((await status(order.id)).status).toBe('awaiting_payment');
    const captured = await server().call(capturePayment, {
      token: people.acme.editor.token,
      body: { token: order.token },
    });
    expect(captured.status, captured.text).toBe(200);
    expect(captured.data.status).toBe('paid');
  });

  it('lets an administrator approve, capture and cancel for the company', async () => {
    const first = await placed();
    expect((await approve(people.admin, first.token)).status).toBe(200);
    const captured = await server().call(capturePayment, {
      token: people.admin.token,
      body: { token: first.token },
    });
    expect(captured.data.status).toBe('paid');
    const second = await placed();
    const cancelled = await server().call(cancelPayment, {
      token: people.admin.token,
      body: { token: second.token },
    });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.data.payment.status).toBe('cancelled');
  });

  it('shows the sandbox page to members and staff, lets only editors and admins decide', async () => {
    const order = await placed();
    for (const who of [people.acme.viewer, people.moderator]) {
      const shown = await server().call(getSandboxPayment, {
        token: who.token,
        params: { token: order.token },
      });
      expect(shown.status).toBe(200);
      expect(shown.data.payment).toMatchObject({ order_id: order.id, can_decide: false });
      const decided = await approve(who, order.token);
      expect(decided.status).toBe(403);
    }
    const hidden = await server().call(getSandboxPayment, {
      token: people.globex.editor.token,
      params: { token: order.token },
    });
    expect(hidden.status).toBe(404);
    expect((await approve(people.globex.editor, order.token)).status).toBe(404);
    const anonymous = await server().request(
      'POST',
      `/api/payments/sandbox/${order.token}/decision`,
      { json: { decision: 'approve' } },
    );
    expect(anonymous.status).toBe(401);
    const shown = await server().call(getSandboxPayment, {
      token: people.acme.editor.token,
      params: { token: order.token },
    });
    expect(shown.data.payment).toMatchObject({ status: 'awaiting_approval', can_decide: true });
    // Not approved by anyone who may not: the capture is still refused.
    const early = await server().call(capturePayment, {
      token: people.acme.editor.token,
      body: { token: order.token },
    });
    expect(early.status).toBe(409);
  });

  it('answers a token with control characters or punctuation with 422, not a lookup', async () => {
    for (const token of ['ABC\u0000DEF', 'A\u0007B', "x' OR '1'='1", '../../etc']) {
      for (const endpoint of [capturePayment, cancelPayment]) {
        const response = await server().request('POST', endpoint.path, {
          token: people.acme.editor.token,
          json: { token },
        });
        expect(response.status, JSON.stringify(token)).toBe(422);
        expect(response.json.error).toEqual({
          token: 'token must be the payment id the provider sent back: letters and digits',
        });
      }
    }
    // In a path, a token that cannot be one names no resource (as every bad path parameter).
    for (const path of ["/api/payments/sandbox/A'B", '/api/payments/sandbox/A%00B']) {
      const response = await server().request('GET', path, { token: people.acme.editor.token });
      expect(response.status, path).toBe(404);
    }
  });
});
