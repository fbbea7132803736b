import {
  adminListAudit,
  createOrder,
  getOrder,
  getUser,
  listAddresses,
  updateAddress,
} from '@circuits/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPeople, createTeam, type People, type Team } from '../../../test/fixtures.ts';
import { firstCarrier, orderableBoard, orderBody, shippingAddress } from '../../../test/orders.ts';
import { downloadedPdfText } from '../../../test/pdf-text.ts';
import { databaseKinds, useTestServer } from '../../../test/test-server.ts';

// A company's country gives its tax: a change of country is kept in the audit log (whoever
// made it, a customer in the cabinet too), and every order records and shows the country and
// the rule its tax rate came from.

describe.each(databaseKinds())('the tax basis of orders, on %s', (kind) => {
  const server = useTestServer(kind);
  let people: People;
  let maple: Team;
  let board: number;
  let shipTo: number;
  let carrier: { agentId: number; serviceId: number };

  beforeAll(async () => {
    people = await createPeople(server());
    maple = await createTeam(server(), 'Maple Boards', 'CA');
    board = await orderableBoard(server(), maple.editor.token, 'Maple board');
    shipTo = await shippingAddress(server(), maple.companyId, 'CA');
    carrier = await firstCarrier(server(), maple.editor.token);
  });

  async function place() {
    const placed = await server().call(createOrder, {
      token: maple.editor.token,
      body: orderBody({
        companyId: maple.companyId,
        addressId: shipTo,
        carrier,
        products: [{ id: board, amount: 5 }],
        currencyId: 1,
        key: crypto.randomUUID(),
        extra: { payment_method: 'bank_transfer' },
      }),
    });
    expect(placed.status, placed.text).toBe(200);
    return (
      await server().call(getOrder, {
        token: maple.viewer.token,
        params: { id: placed.data.output.id },
      })
    ).data.order;
  }

  async function companyAddress() {
    const { data } = await server().call(listAddresses, { token: maple.editor.token });
    return data.addresses.find((address) => address.is_company_address)!;
  }

  async function setCountry(token: string, country: string) {
    const address = await companyAddress();
    const saved = await server().call(updateAddress, {
      token,
      params: { id: address.id },
      body: {
        line1: address.line1 ?? '1 Maple Road',
        city: address.city ?? 'Toronto',
        postal_code: address.postal_code ?? 'M5H 2N2',
        country_code: country,
      },
    });
    expect(saved.status, saved.text).toBe(200);
  }

  const countryEntries = async () =>
    (await server().call(adminListAudit, { token: people.admin.token })).data.entries.filter(
      (entry) => entry.action === 'company.country' && entry.target_id === String(maple.companyId),
    );

  it('records the country and rule of the tax on the order, its page data and its PDF', async () => {
    const order = await place();
    expect(order.tax_percent).toBe(13);
    expect(order.tax).toBeGreaterThan(0);
    expect(order.tax_basis).toEqual({
      country_code: 'CA',
      rule: '13 % Ontario HST: the company address is in Canada (CA)',
    });
    const text = await downloadedPdfText(
      `${server().url}/api/documents/proforma/${order.id}/pdf`,
      maple.viewer.token,
    );
    expect(text).toContain('Tax basis: 13 % Ontario HST: the company address is in Canada (CA).');
  });

  it("logs a customer's change of country, and the next order shows the tax it dropped to", async () => {
    const before = await place();
    await setCountry(maple.editor.token, 'US');
    const me = await server().call(getUser, { token: maple.editor.token });
    expect(me.data.user.company.tax).toBe(0);
    const [entry] = await countryEntries();
    expect(entry).toMatchObject({
      actor_id: maple.editor.userId,
      actor_name: expect.stringContaining(maple.editor.email),
      target_type: 'company',
      before: { country: 'CA', tax_percent: 13, currency: 'CAD' },
      after: { country: 'US', tax_percent: 0 },
    });
    expect(entry!.summary).toContain('Moved Maple Boards from CA to US: tax 13 % to 0 %');

    const after = await place();
    expect(after.tax).toBe(0);
    expect(after.tax_basis).toEqual({
      country_code: 'US',
      rule: 'No sales tax: the company address is in US; tax applies in Canada only',
    });
    // The order placed before keeps its tax and basis.
    const kept = await server().call(getOrder, {
      token: maple.editor.token,
      params: { id: before.id },
    });
    expect(kept.data.order.tax_basis?.country_code).toBe('CA');
    expect(kept.data.order.tax).toBe(before.tax);

    // Staff moving it back are logged too; an edit that keeps the country is not.
    await setCountry(people.admin.token, 'CA');
    await setCountry(maple.editor.token, 'CA');
    const entries = await countryEntries();
    expect(entries.map((logged) => [logged.actor_id, logged.after])).toEqual([
      [people.admin.userId, expect.objectContaining({ country: 'CA', tax_percent: 13 })],
      [maple.editor.userId, expect.objectContaining({ country: 'US', tax_percent: 0 })],
    ]);
    // Another company's editor cannot change it at all.
    const address = await companyAddress();
    const outsider = await server().call(updateAddress, {
      token: people.globex.editor.token,
      params: { id: address.id },
      body: { line1: 'x', city: 'x', postal_code: '1', country_code: 'FR' },
    });
    expect(outsider.status).toBe(404);
    expect(await countryEntries()).toHaveLength(2);
  });
});
