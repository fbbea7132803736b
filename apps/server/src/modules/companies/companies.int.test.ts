import {
  type AddressInput,
  addShippingAccount,
  createAddress,
  getCompanyShort,
  getUser,
  listAddresses,
  listCurrencies,
  listShippingAgents,
  updateAddress,
  updateCompanyCurrency,
  updateShippingAccount,
} from '@circuits/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { addAddress, createPeople, type People } from '../../../test/fixtures.ts';
import { databaseKinds, useTestServer } from '../../../test/test-server.ts';

const TORONTO: AddressInput = {
  contact_name: 'Receiving dock',
  line1: '100 Queen Street West',
  line2: 'Suite 4',
  city: 'Toronto',
  region: 'ON',
  postal_code: 'M5H 2N2',
  country_code: 'CA',
  phone: '+1 416 555 0100',
};

const PARIS: AddressInput = {
  line1: '8 Rue de Rivoli',
  city: 'Paris',
  postal_code: '75004',
  country_code: 'fr',
};

describe.each(databaseKinds())('company API on %s', (kind) => {
  const server = useTestServer(kind);
  let people: People;

  beforeAll(async () => {
    people = await createPeople(server());
  });

  const companyOf = async (token: string) =>
    (await server().call(getUser, { token })).data.user.company;

  describe('GET /api/company/short', () => {
    it('lists only their own company to members', async () => {
      const response = await server().call(getCompanyShort, { token: people.acme.viewer.token });
      expect(response.status).toBe(200);
      expect(response.data.companies).toEqual([
        { id: people.acme.companyId, name: 'Acme Circuits' },
      ]);
    });

    it('lists every company to admins and moderators', async () => {
      for (const staff of [people.admin, people.moderator]) {
        const response = await server().call(getCompanyShort, { token: staff.token });
        const names = response.data.companies.map((company) => company.name);
        expect(names).toEqual(expect.arrayContaining(['Acme Circuits', 'Globex Boards']));
      }
    });

    it('requires a token', async () => {
      expect((await server().call(getCompanyShort)).status).toBe(401);
    });
  });

  describe('addresses', () => {
    it('lets an editor add an address; a first full address becomes the default', async () => {
      const { editor } = people.acme;
      const response = await server().call(createAddress, { token: editor.token, body: TORONTO });
      expect(response.status).toBe(201);
      expect(response.data.address).toEqual({
        id: expect.any(Number),
        country_code: 'CA',
        contact_name: 'Receiving dock',
        line1: '100 Queen Street West',
        line2: 'Suite 4',
        city: 'Toronto',
        region: 'ON',
        postal_code: 'M5H 2N2',
        phone: '+1 416 555 0100',
        is_company_address: false,
        is_default: true,
      });
      expect(response.data.company.default_address_id).toBe(response.data.address.id);
      // Not the company address: the company keeps its US pricing.
      expect(response.data.company).toMatchObject({ currency: { id: 2, name: 'USD' }, tax: 0 });

      const listed = await server().call(listAddresses, { token: people.acme.viewer.token });
      expect(listed.data.addresses.map((address) => address.city)).toContain('Toronto');
    });

    it('applies SPEC §9 pricing when the company address is set or moves country', async () => {
      const { editor } = people.acme;
      const toronto = await server().call(createAddress, {
        token: editor.token,
        body: { ...TORONTO, is_company_address: true },
      });
      expect(toronto.data.address.is_company_address).toBe(true);
      expect(toronto.data.company).toMatchObject({
        address_id: toronto.data.address.id,
        currency: { id: 1, name: 'CAD' },
        tax: 13,
      });

      // The company address moves to France: EUR, no tax.
      const moved = await server().call(updateAddress, {
        token: editor.token,
        params: { id: toronto.data.address.id },
        body: PARIS,
      });
      expect(moved.status).toBe(200);
      expect(moved.data.address).toMatchObject({
        country_code: 'FR',
        contact_name: null,
        line2: null,
      });
      expect(moved.data.company).toMatchObject({ currency: { id: 3, name: 'EUR' }, tax: 0 });

      // An edit that keeps the country keeps a currency the company chose since.
      await server().call(updateCompanyCurrency, { token: editor.token, body: { currency: 2 } });
      const edited = await server().call(updateAddress, {
        token: editor.token,
        params: { id: toronto.data.address.id },
        body: { ...PARIS, line1: '10 Rue de Rivoli' },
      });
      expect(edited.data.company.currency).toEqual({ id: 2, name: 'USD' });
      expect(await companyOf(editor.token)).toMatchObject({ currency: { id: 2 } });
    });

    it('names invalid fields, including a country that is not ISO 3166-1 alpha-2', async () => {
      const response = await server().request('POST', '/api/addresses', {
        token: people.acme.editor.token,
        json: { line1: '', city: 'Springfield', postal_code: 'x'.repeat(21), country_code: 'USA' },
      });
      expect(response.status).toBe(422);
      expect(response.json).toEqual({
        code: 'validation_failed',
        error: {
          line1: 'Street address is required',
          postal_code: 'Postal code must be at most 20 characters',
          country_code: 'Country must be an ISO 3166-1 alpha-2 code such as US, CA or FR',
        },
      });
    });

    it('lets a read-only member list but not change addresses', async () => {
      const { viewer } = people.acme;
      expect((await server().call(listAddresses, { token: viewer.token })).status).toBe(200);
      const created = await server().call(createAddress, { token: viewer.token, body: TORONTO });
      expect(created.status).toBe(403);
      expect(created.json).toEqual({
        code: 'forbidden',
        error: 'Only company editors can change company details',
      });
      const companyAddress = (await companyOf(viewer.token)).address_id!;
      const updated = await server().call(updateAddress, {
        token: viewer.token,
        params: { id: companyAddress },
        body: TORONTO,
      });
      expect(updated.status).toBe(403);
    });

    it("never shows or changes another company's addresses", async () => {
      const globexAddress = await addAddress(server(), people.globex.companyId, 'DE');
      const { editor } = people.acme;

      const listed = await server().call(listAddresses, {
        token: editor.token,
        query: { companyId: people.globex.companyId },
      });
      expect(listed.status).toBe(404);
      expect(listed.json).toEqual({ code: 'not_found', error: 'Company not found' });

      const own = await server().call(listAddresses, { token: editor.token });
      expect(own.data.addresses.map((a) => a.id)).not.toContain(globexAddress.address.id);

      const updated = await server().call(updateAddress, {
        token: editor.token,
        params: { id: globexAddress.address.id },
        body: TORONTO,
      });
      expect(updated.status).toBe(404);
      expect(updated.json.error).toBe('Address not found');

      const created = await server().call(createAddress, {
        token: editor.token,
        query: { companyId: people.globex.companyId },
        body: TORONTO,
      });
      expect(created.status).toBe(404);
      const after = await server().call(listAddresses, { token: people.globex.viewer.token });
      expect(after.data.addresses.find((a) => a.id === globexAddress.address.id)?.city).toBe(
        'Testville',
      );
    });

    it('lets admins change any company, and moderators only look', async () => {
      const asAdmin = await server().call(createAddress, {
        token: people.admin.token,
        query: { companyId: people.globex.companyId },
        body: { ...PARIS, is_default: true },
      });
      expect(asAdmin.status).toBe(201);
      expect(asAdmin.data.company.id).toBe(people.globex.companyId);
      expect(asAdmin.data.company.default_address_id).toBe(asAdmin.data.address.id);

      const read = await server().call(listAddresses, {
        token: people.moderator.token,
        query: { companyId: people.globex.companyId },
      });
      expect(read.status).toBe(200);
      expect(read.data.addresses.map((a) => a.id)).toContain(asAdmin.data.address.id);

      const write = await server().call(updateAddress, {
        token: people.moderator.token,
        params: { id: asAdmin.data.address.id },
        body: TORONTO,
      });
      expect(write.status).toBe(403);
      expect(write.json.error).toBe('Moderators can view other companies but cannot change them');
    });

    it('answers 404 for a missing or malformed address id and 422 for a bad companyId', async () => {
      const token = people.acme.editor.token;
      expect(
        (await server().request('PUT', '/api/addresses/999999', { token, json: TORONTO })).status,
      ).toBe(404);
      expect(
        (await server().request('PUT', '/api/addresses/abc', { token, json: TORONTO })).status,
      ).toBe(404);
      const bad = await server().request('GET', '/api/addresses?companyId=first', { token });
      expect(bad.status).toBe(422);
      expect(bad.json.error).toEqual({ companyId: 'companyId must be a whole number' });
    });
  });

  describe('currencies', () => {
    it('lists USD, CAD and EUR with the SPEC §9 ids', async () => {
      const response = await server().call(listCurrencies, { token: people.acme.viewer.token });
      expect(response.data.currencies).toEqual([
        { id: 1, name: 'CAD' },
        { id: 2, name: 'USD' },
        { id: 3, name: 'EUR' },
      ]);
    });

    it('lets editors change the company currency, not viewers', async () => {
      const { editor, viewer } = people.globex;
      const changed = await server().call(updateCompanyCurrency, {
        token: editor.token,
        body: { currency: 3 },
      });
      expect(changed.status).toBe(200);
      expect(changed.data.company.currency).toEqual({ id: 3, name: 'EUR' });
      expect((await companyOf(viewer.token)).currency).toEqual({ id: 3, name: 'EUR' });

      const refused = await server().call(updateCompanyCurrency, {
        token: viewer.token,
        body: { currency: 1 },
      });
      expect(refused.status).toBe(403);
      expect((await companyOf(viewer.token)).currency.id).toBe(3);
    });

    it("cannot change another company's currency", async () => {
      const response = await server().call(updateCompanyCurrency, {
        token: people.acme.editor.token,
        query: { companyId: people.globex.companyId },
        body: { currency: 1 },
      });
      expect(response.status).toBe(404);
      expect(response.json.error).toBe('Company not found');
      expect((await companyOf(people.globex.viewer.token)).currency.id).not.toBe(1);
    });

    it('refuses an unknown or missing currency', async () => {
      const token = people.globex.editor.token;
      const unknown = await server().call(updateCompanyCurrency, { token, body: { currency: 9 } });
      expect(unknown.status).toBe(422);
      expect(unknown.json.error).toEqual({ currency: 'Choose one of the offered currencies' });
      const missing = await server().request('POST', '/api/v2/company/updateCompanyCurrency', {
        token,
        json: {},
      });
      expect(missing.json.error).toEqual({ currency: 'Currency is required' });
      const text = await server().request('POST', '/api/v2/company/updateCompanyCurrency', {
        token,
        json: { currency: 'EUR' },
      });
      expect(text.json.error).toEqual({ currency: 'Currency must be a whole number' });
    });
  });

  describe('shipping agents and accounts', () => {
    it('lists real carriers with their services', async () => {
      const response = await server().call(listShippingAgents, { token: people.acme.viewer.token });
      const names = response.data.shippingAgents.map((agent) => agent.name);
      expect(names).toEqual([
        'UPS',
        'FedEx',
        'DHL Express',
        'USPS',
        'Canada Post',
        'Purolator',
        'Chronopost',
      ]);
      const ups = response.data.shippingAgents[0]!;
      expect(ups.services.map((service) => service.name)).toContain('UPS Worldwide Saver');
    });

    it('adds accounts; the first becomes the default, a later one only when asked', async () => {
      const { editor } = people.acme;
      const first = await server().call(addShippingAccount, {
        token: editor.token,
        body: { agent_id: 1, account_number: 'A1B2C3', description: 'Main UPS account' },
      });
      expect(first.status).toBe(201);
      expect(first.data.shippingAccount).toEqual({
        id: expect.any(Number),
        agent_id: 1,
        agent_name: 'UPS',
        account_number: 'A1B2C3',
        description: 'Main UPS account',
        is_default: true,
      });
      expect(first.data.company.shipping_account_id).toBe(first.data.shippingAccount.id);

      const second = await server().call(addShippingAccount, {
        token: editor.token,
        body: { agent_id: 2, account_number: '123456789' },
      });
      expect(second.data.shippingAccount.is_default).toBe(false);
      expect(second.data.company.shipping_accounts).toHaveLength(2);

      const third = await server().call(addShippingAccount, {
        token: editor.token,
        body: { agent_id: 3, account_number: '987654321', is_default: true },
      });
      expect(third.data.company.shipping_account_id).toBe(third.data.shippingAccount.id);
      const company = await companyOf(people.acme.viewer.token);
      expect(company.shipping_accounts.filter((account) => account.is_default)).toHaveLength(1);
    });

    it('updates an account and can make it the default', async () => {
      const { editor } = people.acme;
      const added = await server().call(addShippingAccount, {
        token: editor.token,
        body: { agent_id: 5, account_number: '0001234567' },
      });
      const updated = await server().call(updateShippingAccount, {
        token: editor.token,
        body: {
          id: added.data.shippingAccount.id,
          agent_id: 6,
          account_number: '0007654321',
          description: 'Purolator, Montreal plant',
          is_default: true,
        },
      });
      expect(updated.status).toBe(200);
      expect(updated.data.shippingAccount).toEqual({
        id: added.data.shippingAccount.id,
        agent_id: 6,
        agent_name: 'Purolator',
        account_number: '0007654321',
        description: 'Purolator, Montreal plant',
        is_default: true,
      });
    });

    it('refuses duplicates, unknown carriers and malformed account numbers', async () => {
      const { editor } = people.acme;
      const body = { agent_id: 4, account_number: 'USPS-778899' };
      expect((await server().call(addShippingAccount, { token: editor.token, body })).status).toBe(
        201,
      );
      const duplicate = await server().call(addShippingAccount, { token: editor.token, body });
      expect(duplicate.status).toBe(409);
      expect(duplicate.json.error).toEqual({
        account_number: 'This account number is already saved for this carrier',
      });

      const unknownAgent = await server().call(addShippingAccount, {
        token: editor.token,
        body: { agent_id: 999, account_number: 'X1' },
      });
      expect(unknownAgent.status).toBe(422);
      expect(unknownAgent.json.error).toEqual({
        agent_id: 'Choose one of the listed shipping agents',
      });

      const malformed = await server().request('POST', '/api/company/addShippingAccount', {
        token: editor.token,
        json: { account_number: '<script>' },
      });
      expect(malformed.status).toBe(422);
      expect(malformed.json.error).toEqual({
        agent_id: 'Shipping agent is required',
        account_number: 'Account number may contain only letters, digits, spaces and dashes',
      });
    });

    it('keeps read-only members and other companies away from the accounts', async () => {
      const added = await server().call(addShippingAccount, {
        token: people.globex.editor.token,
        body: { agent_id: 3, account_number: '555000111' },
      });
      const globexAccount = added.data.shippingAccount.id;

      const viewerAdd = await server().call(addShippingAccount, {
        token: people.globex.viewer.token,
        body: { agent_id: 1, account_number: 'ZZ9999' },
      });
      expect(viewerAdd.status).toBe(403);

      const outsider = await server().call(updateShippingAccount, {
        token: people.acme.editor.token,
        body: { id: globexAccount, agent_id: 1, account_number: 'STOLEN1' },
      });
      expect(outsider.status).toBe(404);
      expect(outsider.json.error).toBe('Shipping account not found');
      const globex = await companyOf(people.globex.viewer.token);
      expect(globex.shipping_accounts.find((a) => a.id === globexAccount)?.account_number).toBe(
        '555000111',
      );
      const acme = await companyOf(people.acme.viewer.token);
      expect(acme.shipping_accounts.map((a) => a.account_number)).not.toContain('555000111');
    });
  });
});
