import {
  ADMIN_ONLY_MESSAGE,
  adminConfirmUserEmail,
  adminGetCompany,
  adminGetUser,
  adminListAudit,
  adminListCompanies,
  adminListErrorReports,
  adminListUsers,
  adminPreviewPriceBook,
  adminPriceBooks,
  adminPublishPriceBook,
  adminSendPasswordReset,
  adminSetCompanyCurrency,
  adminSetOrderStatus,
  adminSetUserDisabled,
  adminUpdateUser,
  createOrder,
  type Endpoint,
  getOrder,
  getUser,
  login,
  markOrderPaid,
  STAFF_ONLY_MESSAGE,
  storeErrorReport,
} from '@circuits/contracts';
import { DEFAULT_PRICE_BOOK } from '@circuits/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPeople, type People, TEST_PASSWORD } from '../../../test/fixtures.ts';
import { firstCarrier, orderableBoard, orderBody, shippingAddress } from '../../../test/orders.ts';
import { databaseKinds, useTestServer } from '../../../test/test-server.ts';

type Call = {
  endpoint: Endpoint;
  params?: Record<string, string | number>;
  query?: Record<string, string | number>;
  body?: unknown;
  write: boolean;
};

describe.each(databaseKinds())('admin panel on %s', (kind) => {
  const server = useTestServer(kind);
  let people: People;
  let orderId: number;

  // Every admin call, aimed at the other company (acme) so a second company's data is at stake.
  const calls = (): Call[] => [
    { endpoint: adminListUsers, write: false },
    { endpoint: adminGetUser, params: { id: people.acme.viewer.userId }, write: false },
    {
      endpoint: adminUpdateUser,
      params: { id: people.acme.viewer.userId },
      body: { company_role: 'view' },
      write: true,
    },
    {
      endpoint: adminSetUserDisabled,
      params: { id: people.acme.viewer.userId },
      body: { disabled: false },
      write: true,
    },
    { endpoint: adminConfirmUserEmail, params: { id: people.acme.viewer.userId }, write: true },
    { endpoint: adminSendPasswordReset, params: { id: people.acme.viewer.userId }, write: true },
    { endpoint: adminListCompanies, write: false },
    { endpoint: adminGetCompany, params: { id: people.acme.companyId }, write: false },
    {
      endpoint: adminSetCompanyCurrency,
      params: { id: people.acme.companyId },
      body: { currency: 2 },
      write: true,
    },
    {
      endpoint: adminSetOrderStatus,
      params: { id: orderId },
      body: { status: 'in_production', note: 'Boards are being made' },
      write: true,
    },
    { endpoint: adminPriceBooks, write: false },
    { endpoint: adminPreviewPriceBook, body: { book: DEFAULT_PRICE_BOOK }, write: false },
    {
      endpoint: adminPublishPriceBook,
      body: { book: DEFAULT_PRICE_BOOK, note: 'Same numbers again' },
      write: true,
    },
    { endpoint: adminListAudit, write: false },
    { endpoint: adminListErrorReports, write: false },
  ];

  async function send(call: Call, token: string | undefined) {
    return server().request(
      call.endpoint.method,
      `${call.endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => String(call.params?.[name]))}`,
      { token, ...(call.endpoint.method === 'POST' ? { json: call.body ?? {} } : {}) },
    );
  }

  beforeAll(async () => {
    people = await createPeople(server());
    const token = people.acme.editor.token;
    const board = await orderableBoard(server(), token, 'Admin board');
    const placed = await server().call(createOrder, {
      token,
      body: orderBody({
        companyId: people.acme.companyId,
        addressId: await shippingAddress(server(), people.acme.companyId),
        carrier: await firstCarrier(server(), token),
        products: [{ id: board, amount: 5 }],
        extra: { create_proforma: true, payment_method: 'bank_transfer' },
      }),
    });
    expect(placed.status, placed.text).toBe(200);
    orderId = placed.data.output.id;
    // Paid, so that staff may move it on (into production, then shipped).
    const paid = await server().call(markOrderPaid, {
      token: people.admin.token,
      params: { id: orderId },
    });
    expect(paid.status, paid.text).toBe(200);
  });

  it('refuses every call to anonymous visitors, members and company editors', async () => {
    for (const call of calls()) {
      const anonymous = await send(call, undefined);
      expect(anonymous.status, `${call.endpoint.path} anonymous`).toBe(401);
      for (const member of [people.acme.viewer, people.acme.editor, people.globex.editor]) {
        const refused = await send(call, member.token);
        expect(refused.status, `${call.endpoint.path} ${member.email}`).toBe(403);
        expect(refused.json.error).toBe(STAFF_ONLY_MESSAGE);
      }
    }
  });

  it('lets moderators read every section and change nothing', async () => {
    for (const call of calls()) {
      const response = await send(call, people.moderator.token);
      if (call.write) {
        expect(response.status, `${call.endpoint.path} moderator`).toBe(403);
        expect(response.json.error).toBe(ADMIN_ONLY_MESSAGE);
      } else {
        expect(response.status, `${call.endpoint.path} moderator: ${response.text}`).toBe(200);
      }
    }
  });

  it('lets administrators make every call', async () => {
    for (const call of calls()) {
      const response = await send(call, people.admin.token);
      expect(response.status, `${call.endpoint.path} admin: ${response.text}`).toBe(
        call.endpoint.status,
      );
    }
  });

  it('finds users by name, email or company name, newest first, with their company', async () => {
    const byCompany = await server().call(adminListUsers, {
      token: people.admin.token,
      query: { search: 'acme circ' },
    });
    expect(byCompany.status, byCompany.text).toBe(200);
    expect(byCompany.data.users.map((user) => user.id).sort()).toEqual(
      [people.acme.editor.userId, people.acme.viewer.userId].sort(),
    );
    expect(byCompany.data.users[0]!.company_name).toBe('Acme Circuits');
    const byEmail = await server().call(adminListUsers, {
      token: people.moderator.token,
      query: { search: people.globex.viewer.email.toUpperCase() },
    });
    expect(byEmail.data.users.map((user) => user.id)).toEqual([people.globex.viewer.userId]);
    const literal = await server().call(adminListUsers, {
      token: people.admin.token,
      query: { search: '%' },
    });
    expect(literal.data.total).toBe(0);
    const byCompanyId = await server().call(adminListUsers, {
      token: people.admin.token,
      query: { companyId: people.globex.companyId },
    });
    expect(byCompanyId.data.total).toBe(2);
  });

  it('changes role and company_role, and records before and after in the audit log', async () => {
    const changed = await server().call(adminUpdateUser, {
      token: people.admin.token,
      params: { id: people.globex.viewer.userId },
      body: { company_role: 'edit' },
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.data.user.company_role).toBe('edit');
    const me = await server().call(getUser, { token: people.globex.viewer.token });
    expect(me.data.user.company_role).toBe('edit');
    const audit = await server().call(adminListAudit, { token: people.moderator.token });
    const entry = audit.data.entries[0]!;
    expect(entry).toMatchObject({
      action: 'user.roles',
      target_type: 'user',
      target_id: String(people.globex.viewer.userId),
      actor_id: people.admin.userId,
      before: { company_role: 'view' },
      after: { company_role: 'edit' },
    });
    expect(entry.actor_name).toContain(people.admin.email);
    await server().call(adminUpdateUser, {
      token: people.admin.token,
      params: { id: people.globex.viewer.userId },
      body: { company_role: 'view' },
    });
  });

  it('disables a user: the open session ends with disabledAccountError, login is refused', async () => {
    const victim = people.globex.editor;
    const disabled = await server().call(adminSetUserDisabled, {
      token: people.admin.token,
      params: { id: victim.userId },
      body: { disabled: true },
    });
    expect(disabled.status, disabled.text).toBe(200);
    expect(disabled.data.user.disabled).toBe(true);
    const session = await server().call(getUser, { token: victim.token });
    expect(session.status).toBe(403);
    expect(session.json.disabledAccountError).toBe(true);
    const again = await server().call(login, {
      body: { email: victim.email, password: TEST_PASSWORD },
    });
    expect(again.status).toBe(403);
    expect(again.json.disabledAccountError).toBe(true);

    const enabled = await server().call(adminSetUserDisabled, {
      token: people.admin.token,
      params: { id: victim.userId },
      body: { disabled: false },
    });
    expect(enabled.data.user.disabled).toBe(false);
    // The ended session stays ended; a new login works.
    expect((await server().call(getUser, { token: victim.token })).status).toBe(401);
    const back = await server().call(login, {
      body: { email: victim.email, password: TEST_PASSWORD },
    });
    expect(back.status, back.text).toBe(200);
    victim.token = back.data.token;
  });

  it('keeps an administrator from locking themselves out', async () => {
    const self = await server().call(adminSetUserDisabled, {
      token: people.admin.token,
      params: { id: people.admin.userId },
      body: { disabled: true },
    });
    expect(self.status).toBe(409);
    expect(self.json.error).toBe('You cannot disable your own account');
    const demote = await server().call(adminUpdateUser, {
      token: people.admin.token,
      params: { id: people.admin.userId },
      body: { role: 'other' },
    });
    expect(demote.status).toBe(409);
  });

  it('marks an email confirmed and sends a password reset link', async () => {
    const user = await server().services.users.createUser({
      companyId: people.acme.companyId,
      name: 'Unconfirmed',
      lastname: 'Member',
      email: `unconfirmed-${kind}@test.example`,
      passwordHash: await server().services.users.hashPassword(TEST_PASSWORD),
      role: 'other',
      companyRole: 'view',
      emailConfirmed: false,
    });
    const confirmed = await server().call(adminConfirmUserEmail, {
      token: people.admin.token,
      params: { id: user.id },
    });
    expect(confirmed.data.user.isConfirmedEmail).toBe(true);
    const before = (await server().outbox()).length;
    const sent = await server().call(adminSendPasswordReset, {
      token: people.admin.token,
      params: { id: user.id },
    });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.data.message).toBe(`A password reset link was sent to ${user.email}`);
    const mail = (await server().outbox()).slice(before);
    expect(mail.map((message) => message.to && 'text' in message.to && message.to.text)).toEqual([
      user.email,
    ]);
    expect(mail[0]!.text).toContain('/resetPassword?token=');
  });

  it('shows a company with its addresses, members, currency and tax', async () => {
    const list = await server().call(adminListCompanies, {
      token: people.moderator.token,
      query: { search: 'globex' },
    });
    expect(list.data.companies).toEqual([
      expect.objectContaining({
        id: people.globex.companyId,
        name: 'Globex Boards',
        country_code: 'DE',
        currency: 'USD',
        members: 2,
      }),
    ]);
    const detail = await server().call(adminGetCompany, {
      token: people.moderator.token,
      params: { id: people.globex.companyId },
    });
    expect(detail.data.company.name).toBe('Globex Boards');
    expect(detail.data.addresses.map((address) => address.country_code)).toEqual(['DE']);
    expect(detail.data.members.map((member) => member.id).sort()).toEqual(
      [people.globex.editor.userId, people.globex.viewer.userId].sort(),
    );
    const euro = await server().call(adminSetCompanyCurrency, {
      token: people.admin.token,
      params: { id: people.globex.companyId },
      body: { currency: 3 },
    });
    expect(euro.data.company.currency.name).toBe('EUR');
    const unknown = await server().call(adminSetCompanyCurrency, {
      token: people.admin.token,
      params: { id: people.globex.companyId },
      body: { currency: 99 },
    });
    expect(unknown.status).toBe(422);
    expect(
      (
        await server().call(adminGetCompany, {
          token: people.admin.token,
          params: { id: 999_999 },
        })
      ).status,
    ).toBe(404);
  });

  it('changes an order status with a note the customer reads on the timeline', async () => {
    const changed = await server().call(adminSetOrderStatus, {
      token: people.admin.token,
      params: { id: orderId },
      body: { status: 'shipped', note: 'Shipped with UPS, tracking 1Z999' },
    });
    expect(changed.status, changed.text).toBe(200);
    const seen = await server().call(getOrder, {
      token: people.acme.viewer.token,
      params: { id: orderId },
    });
    expect(seen.data.order.status).toBe('shipped');
    expect(seen.data.order.events.at(-1)).toMatchObject({
      status: 'shipped',
      note: 'Shipped with UPS, tracking 1Z999',
    });
    const audit = await server().call(adminListAudit, { token: people.admin.token });
    expect(audit.data.entries[0]).toMatchObject({
      action: 'order.status',
      after: { status: 'shipped', note: 'Shipped with UPS, tracking 1Z999' },
    });
  });

  it('prices sample boards by the current and a new price book side by side, then publishes it', async () => {
    const dearer = {
      ...DEFAULT_PRICE_BOOK,
      layerBands: DEFAULT_PRICE_BOOK.layerBands.map((band) => ({
        ...band,
        setupFee: band.setupFee + 1000,
      })),
    };
    const preview = await server().call(adminPreviewPriceBook, {
      token: people.moderator.token,
      body: { book: dearer },
    });
    expect(preview.status, preview.text).toBe(200);
    const first = preview.data.samples[0]!;
    expect(first.label).toBe('5 boards of 100 × 100 mm, 2 layers, FR4 1.6 mm, HASL');
    expect(first.proposed.total!.USD - first.current.total!.USD).toBe(1000);
    const before = await server().call(adminPriceBooks, { token: people.admin.token });
    const published = await server().call(adminPublishPriceBook, {
      token: people.admin.token,
      body: { book: dearer, note: 'Set-up fees up by 10 USD' },
    });
    expect(published.status, published.text).toBe(201);
    expect(published.data.priceBook.version).toBe(before.data.current.version + 1);
    const after = await server().call(adminPriceBooks, { token: people.moderator.token });
    expect(after.data.current.book).toEqual(dearer);
    expect(after.data.versions[0]).toMatchObject({
      version: published.data.priceBook.version,
      note: 'Set-up fees up by 10 USD',
      created_by: 'admin Tester',
    });
    const audit = await server().call(adminListAudit, { token: people.admin.token });
    expect(audit.data.entries[0]).toMatchObject({
      action: 'priceBook.publish',
      summary: `Put price book version ${published.data.priceBook.version} in force: Set-up fees up by 10 USD`,
      before: { version: before.data.current.version },
    });
    const bad = await server().request('POST', '/api/admin/priceBook/preview', {
      token: people.admin.token,
      json: { book: { ...DEFAULT_PRICE_BOOK, rates: { USD: 2, CAD: 1, EUR: 1 } } },
    });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.json.error)).toContain('The USD rate must be 1');
  });

  it('lists error reports newest first with the user and location', async () => {
    for (const message of ['First failure', 'Second failure']) {
      server().clock.advance(1000);
      const stored = await server().call(storeErrorReport, {
        token: people.acme.viewer.token,
        body: { message, location: '/workspace', error_name: 'TypeError' },
      });
      expect(stored.status).toBe(201);
    }
    const reports = await server().call(adminListErrorReports, { token: people.moderator.token });
    expect(reports.data.reports.slice(0, 2)).toMatchObject([
      { message: 'Second failure', location: '/workspace', user_email: people.acme.viewer.email },
      { message: 'First failure' },
    ]);
  });

  it('answers bad input with field messages and refuses control characters', async () => {
    const expectField = async (
      response: Promise<{ status: number; json: { error: unknown } }>,
      pattern: RegExp,
    ) => {
      const { status, json } = await response;
      expect(status, JSON.stringify(json)).toBe(422);
      expect(JSON.stringify(json.error)).toMatch(pattern);
    };
    const token = people.admin.token;
    const viewer = people.acme.viewer.userId;
    await expectField(
      server().request('POST', `/api/admin/users/${viewer}/update`, {
        token,
        json: { role: 'king' },
      }),
      /role/,
    );
    await expectField(
      server().request('POST', `/api/admin/users/${viewer}/update`, { token, json: {} }),
      /Give role or company_role/,
    );
    await expectField(
      server().request('POST', `/api/admin/users/${viewer}/disabled`, {
        token,
        json: { disabled: 'yes' },
      }),
      /Disabled must be true or false/,
    );
    await expectField(
      server().request('POST', `/api/admin/orders/${orderId}/status`, {
        token,
        json: { status: 'lost', note: 'x' },
      }),
      /Status must be one of/,
    );
    await expectField(
      server().request('POST', `/api/admin/orders/${orderId}/status`, {
        token,
        json: { status: 'paid', note: '  ' },
      }),
      /Note is required/,
    );
    await expectField(
      server().request('POST', `/api/admin/orders/${orderId}/status`, {
        token,
        json: { status: 'paid', note: 'bell\u0007' },
      }),
      /control/i,
    );
    await expectField(
      server().request('GET', '/api/admin/users?search=a%00b', { token }),
      /control/i,
    );
    await expectField(server().request('GET', '/api/admin/audit?page=0', { token }), /Page/);
    expect((await server().request('GET', '/api/admin/users/abc', { token })).status).toBe(404);
    expect((await server().request('GET', '/api/admin/users/999999', { token })).status).toBe(404);
    expect(
      (
        await server().request('POST', `/api/admin/orders/999999/status`, {
          token,
          json: { status: 'paid', note: 'x' },
        })
      ).status,
    ).toBe(404);
  });
});
