import {
  addAssembly,
  addProduct,
  addProductFiles,
  addProject,
  addShippingAccount,
  createAddress,
  duplicateProduct,
  EMAIL_CONFIRMATION_REDIRECT,
  type Endpoint,
  getProduct,
  getProject,
  getUser,
  listAddresses,
  login,
  register,
  storeErrorReport,
  updateAddress,
  updateAssembly,
  updateProduct,
  updateProductFiles,
  updateProject,
  updateShippingAccount,
} from '@circuits/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPeople, type People } from '../../test/fixtures.ts';
import { databaseKinds, useTestServer } from '../../test/test-server.ts';
import { BOARD_FILES, form } from '../../test/uploads.ts';

// A control character or half of a surrogate pair in any text field is refused with 422 naming
// the field, on every endpoint (neither can be stored: they used to answer 500), and nothing of
// the request is kept.

const NUL = '\u0000';
const LONE = '\ud800';
const single = (label: string, found = 'U+0000') =>
  `${label} may not contain control characters (found ${found})`;
const multi = (label: string, found = 'U+0000') =>
  `${label} may not contain control characters other than tabs and line breaks (found ${found})`;
const codePoint = (text: string) =>
  `U+${text.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;

/** The message for a field holding `found`, single-line or multi-line. */
type Refused = {
  single(label: string, found: string): string;
  multi(label: string, found: string): string;
};
const controls: Refused = {
  single: (label, found) => single(label, codePoint(found)),
  multi: (label, found) => multi(label, codePoint(found)),
};
const surrogates: Refused = {
  single: (label, found) =>
    `${label} may not contain unpaired surrogate characters (found ${codePoint(found)})`,
  multi: (label, found) =>
    `${label} may not contain unpaired surrogate characters (found ${codePoint(found)})`,
};

describe.each(databaseKinds())('control characters in text fields on %s', (kind) => {
  const server = useTestServer(kind);
  let people: People;
  let projectId: number;
  let productId: number;
  let fileId: number;
  let assemblyId: number;
  let addressId: number;
  let shippingAccountId: number;

  async function rowCount(table: string): Promise<number> {
    const result = await server().database.db.execute(
      sql.raw(`select count(*)::int as count from ${table}`),
    );
    return (result as unknown as { rows: { count: number }[] }).rows[0]!.count;
  }

  beforeAll(async () => {
    people = await createPeople(server());
    const token = people.acme.editor.token;
    projectId = (await server().call(addProject, { token, form: form({ title: 'Controls' }) })).data
      .data.id;
    const product = await server().call(addProduct, {
      token,
      params: { id: projectId },
      form: form({ name: 'Board' }, [
        { field: 'files[]', name: 'demo-F_Cu.gbr', data: BOARD_FILES['demo-F_Cu.gbr']! },
      ]),
    });
    productId = product.data.data.id;
    const page = await server().call(getProduct, { token, params: { id: productId } });
    fileId = page.data.files[0]!.id;
    const assembly = await server().call(addAssembly, {
      token,
      params: { id: projectId },
      body: { title: 'Main' },
    });
    assemblyId = assembly.data.assembly.id;
    const address = await server().call(createAddress, {
      token,
      body: {
        line1: '1 Main Street',
        city: 'Springfield',
        postal_code: '12345',
        country_code: 'US',
      },
    });
    addressId = address.data.address.id;
    const account = await server().call(addShippingAccount, {
      token,
      body: { agent_id: 1, account_number: 'A1B2C3' },
    });
    shippingAccountId = account.data.shippingAccount.id;
  });

  type Case = {
    endpoint: Endpoint;
    params?: () => Record<string, number>;
    body?: () => unknown;
    form?: () => FormData;
    token?: () => string | undefined;
    field: string;
    message: string;
  };

  /**
   * Every endpoint that stores text, with `bad` in one field: a control character (NUL, BEL) or
   * an unpaired surrogate. `sent` says how the form endpoints carry it (a surrogate cannot be
   * written in a form's UTF-8, only inside the JSON of a form field).
   */
  const casesWith = (bad: { nul: string; bel: string }, refused: Refused): Case[] => [
    {
      endpoint: register,
      token: () => undefined,
      body: () => ({
        name: `Eve${bad.nul}`,
        lastname: 'Tester',
        email: 'nul-register@controls.example',
        password: 'a-good-password',
        company_name: 'Nul Co',
        country_code: 'US',
      }),
      field: 'name',
      message: refused.single('First name', bad.nul),
    },
    {
      endpoint: createAddress,
      body: () => ({
        line1: `1 Main${bad.nul} Street`,
        city: 'Springfield',
        postal_code: '12345',
        country_code: 'US',
        phone: '+1 555 0100',
      }),
      field: 'line1',
      message: refused.single('Street address', bad.nul),
    },
    {
      endpoint: updateAddress,
      params: () => ({ id: addressId }),
      body: () => ({
        line1: '1 Main Street',
        city: 'Springfield',
        postal_code: '12345',
        country_code: 'US',
        phone: `555${bad.nul}0100`,
      }),
      field: 'phone',
      message: refused.single('Phone', bad.nul),
    },
    {
      endpoint: addShippingAccount,
      body: () => ({ agent_id: 1, account_number: 'ZZ9', description: `Ottawa${bad.nul}` }),
      field: 'description',
      message: refused.multi('Description', bad.nul),
    },
    {
      endpoint: updateShippingAccount,
      body: () => ({
        id: shippingAccountId,
        agent_id: 1,
        account_number: 'A1B2C3',
        description: `Express${bad.nul}`,
      }),
      field: 'description',
      message: refused.multi('Description', bad.nul),
    },
    {
      endpoint: storeErrorReport,
      body: () => ({ message: 'Oops', error_name: `Type${bad.bel}Error`, trace: 'at x' }),
      field: 'error_name',
      message: refused.single('Error name', bad.bel),
    },
    {
      endpoint: addProject,
      form: () => form({ title: `Title${bad.nul}` }),
      field: 'title',
      message: refused.single('Title', bad.nul),
    },
    {
      endpoint: updateProject,
      params: () => ({ id: projectId }),
      form: () => form({ description: `Line one\nline${bad.nul}two` }),
      field: 'description',
      message: refused.multi('Description', bad.nul),
    },
    {
      endpoint: addAssembly,
      params: () => ({ id: projectId }),
      body: () => ({ title: `Sub${bad.nul}` }),
      field: 'title',
      message: refused.single('Title', bad.nul),
    },
    {
      endpoint: updateAssembly,
      params: () => ({ id: projectId, aid: assemblyId }),
      body: () => ({ title: `Renamed${bad.nul}` }),
      field: 'title',
      message: refused.single('Title', bad.nul),
    },
    {
      endpoint: addProduct,
      params: () => ({ id: projectId }),
      form: () => form({ name: 'Fine', partNumber: `PN${bad.nul}1` }),
      field: 'partNumber',
      message: refused.single('Part number', bad.nul),
    },
    {
      endpoint: updateProduct,
      params: () => ({ id: productId }),
      form: () => form({ odoo_products: JSON.stringify([{ key: `k${bad.nul}`, value: 'v' }]) }),
      field: 'odoo_products.0.key',
      message: refused.single('odoo_products.0.key', bad.nul),
    },
    {
      endpoint: duplicateProduct,
      params: () => ({ id: productId }),
      body: () => ({ name: `Copy${bad.nul}` }),
      field: 'name',
      message: refused.single('Name', bad.nul),
    },
    {
      endpoint: updateProductFiles,
      params: () => ({ id: productId }),
      body: () => ({ files: [{ id: fileId, description: `Top${bad.nul}copper` }] }),
      field: 'files.0.description',
      message: refused.multi('Description', bad.nul),
    },
  ];
  const cases = casesWith({ nul: NUL, bel: '\u0007' }, controls);

  it('covers the fourteen endpoints that answered 500', () => {
    expect(new Set(cases.map((c) => c.endpoint.path + c.endpoint.method)).size).toBe(14);
  });

  async function expectRefused(c: Case) {
    const counts = async () =>
      Promise.all(
        [
          'companies',
          'users',
          'addresses',
          'shipping_accounts',
          'error_reports',
          'projects',
          'assemblies',
          'products',
          'product_files',
          'stored_files',
        ].map(rowCount),
      );
    const before = await counts();
    const response = await server().call(c.endpoint, {
      token: c.token ? c.token() : people.acme.editor.token,
      params: c.params?.(),
      body: c.body?.() as never,
      form: c.form?.(),
    });
    expect(response.status, response.text).toBe(422);
    expect(response.json).toEqual({ error: { [c.field]: c.message }, code: 'validation_failed' });
    expect(await counts()).toEqual(before);
  }

  it.each(cases.map((c) => [`${c.endpoint.method} ${c.endpoint.path}`, c] as const))(
    '%s refuses a control character with 422 naming the field',
    async (_name, c) => expectRefused(c),
  );

  // A form's text is UTF-8, which cannot hold half a surrogate pair (it arrives as U+FFFD); JSON
  // can, in a body or in the JSON of a form field.
  const surrogateCases = casesWith({ nul: LONE, bel: '\udfff' }, surrogates).filter(
    (c) => !c.form || c.field.includes('.'),
  );

  it.each(surrogateCases.map((c) => [`${c.endpoint.method} ${c.endpoint.path}`, c] as const))(
    '%s refuses an unpaired surrogate with 422 naming the field',
    async (_name, c) => expectRefused(c),
  );

  it('leaves what was there unchanged', async () => {
    const token = people.acme.editor.token;
    const addresses = await server().call(listAddresses, { token });
    const address = addresses.data.addresses.find((candidate) => candidate.id === addressId);
    expect(address?.phone).toBeNull();
    const project = await server().call(getProject, { token, params: { id: projectId } });
    expect(project.data.project.description).toBeNull();
    expect(project.data.project.assemblies.map((assembly) => assembly.title)).toEqual(['Main']);
    const page = await server().call(getProduct, { token, params: { id: productId } });
    expect(page.data.product.odoo_products).toEqual([]);
    expect(page.data.files.map((file) => file.description)).toEqual([null]);
    const registered = await server().call(login, {
      body: { email: 'nul-register@controls.example', password: 'a-good-password' },
    });
    expect(registered.status).toBe(422);
    expect(registered.json.code).toBe('invalid_credentials');
  });

  it('keeps tabs and line breaks in multi-line fields, and trims a line break off a name', async () => {
    const token = people.acme.editor.token;
    // Forms send line breaks as CR LF.
    const notes = 'First line\r\n\tindented\r\nlast line';
    const updated = await server().call(updateProduct, {
      token,
      params: { id: productId },
      form: form({ notes, name: 'Board rev B\n' }),
    });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.data.product.notes).toBe(notes);
    expect(updated.data.product.name).toBe('Board rev B');

    const inName = await server().call(updateProduct, {
      token,
      params: { id: productId },
      form: form({ name: 'Board\nrev C' }),
    });
    expect(inName.status).toBe(422);
    expect(inName.json.error).toEqual({ name: single('Name', 'U+000D') });
  });

  it('refuses an uploaded file name holding a control character', async () => {
    const before = await rowCount('stored_files');
    const response = await server().call(addProductFiles, {
      token: people.acme.editor.token,
      params: { id: productId },
      form: form({}, [
        { field: 'files[]', name: `top${NUL}.gbr`, data: BOARD_FILES['demo-F_Cu.gbr']! },
      ]),
    });
    expect(response.status, response.text).toBe(422);
    expect(response.json.error).toEqual({
      files: 'The file name "top\\u0000.gbr" may not contain control characters (found U+0000)',
    });
    expect(await rowCount('stored_files')).toBe(before);
  });

  it('refuses control characters in a query string, yet still leads a damaged confirmation link to the confirm page', async () => {
    const report = await server().request(
      'GET',
      `/api/products/${productId}/sendReport?email=${encodeURIComponent(`qa${NUL}@controls.example`)}`,
      { token: people.acme.editor.token },
    );
    expect(report.status).toBe(422);
    expect(report.json.code).toBe('validation_failed');
    expect(Object.keys(report.json.error)).toEqual(['email']);

    const link = await server().request('GET', '/api/email/confirm?token=%00abc');
    expect(link.status).toBe(302);
    expect(link.headers.get('location')).toBe(EMAIL_CONFIRMATION_REDIRECT.invalid);
  });

  it('refuses a control character in a password too', async () => {
    const me = await server().call(getUser, { token: people.acme.viewer.token });
    const response = await server().call(login, {
      body: { email: me.data.user.email, password: `pass${NUL}word` },
    });
    expect(response.status).toBe(422);
    expect(response.json.error).toEqual({ password: single('Password') });
  });
});
