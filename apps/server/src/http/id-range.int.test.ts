import {
  addProject,
  addToCart,
  createOrder,
  deleteBomRows,
  ENDPOINTS,
  type Endpoint,
  getPackages,
  listAddresses,
  listOrders,
  listProjects,
  MAX_INT4,
  partsQty,
  searchParts,
} from '@circuits/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPeople, type People } from '../../test/fixtures.ts';
import { databaseKinds, useTestServer } from '../../test/test-server.ts';
import { form } from '../../test/uploads.ts';

// Ids are PostgreSQL integers (at most 2³¹ − 1) while JSON numbers go to 2⁵³: a larger id must
// name nothing (404 in a path, 422 naming the field in a body or query), never reach the
// database and fail there. The contracts are walked, so an endpoint added later is covered.

const TOO_LARGE = 2 ** 31;
const FAR_TOO_LARGE = 2 ** 53 - 1;

/** The numeric placeholders of a path: those whose schema takes a number and refuses words. */
function numericParams(endpoint: Endpoint): string[] {
  const shape = endpoint.params?.shape ?? {};
  return Object.keys(shape).filter(
    (name) => shape[name]!.safeParse('1').success && !shape[name]!.safeParse('abc').success,
  );
}

function placeholderValues(endpoint: Endpoint): Record<string, string | number> {
  const shape = endpoint.params?.shape ?? {};
  const values: Record<string, string | number> = {};
  for (const name of Object.keys(shape)) {
    // A text placeholder (a document type, an option list) gets a value its schema takes.
    values[name] = shape[name]!.safeParse('1').success
      ? 1
      : (['order', 'materials', 'a'].find((text) => shape[name]!.safeParse(text).success) ?? 'a');
  }
  return values;
}

const withIdParams = ENDPOINTS.filter((endpoint) => numericParams(endpoint).length > 0);

describe('the contracts', () => {
  it('have numeric path parameters on most endpoints (the walk below covers them)', () => {
    expect(withIdParams.length).toBeGreaterThan(80);
  });
});

describe.each(databaseKinds())('ids beyond the integer columns on %s', (kind) => {
  const server = useTestServer(kind);
  let people: People;

  beforeAll(async () => {
    people = await createPeople(server());
  });

  it('answer 404 on every endpoint with an id in its path, for 2³¹ and 2⁵³ − 1', async () => {
    const failures: string[] = [];
    for (const endpoint of withIdParams) {
      for (const name of numericParams(endpoint)) {
        for (const value of [TOO_LARGE, FAR_TOO_LARGE]) {
          const params = { ...placeholderValues(endpoint), [name]: value };
          const path = endpoint.path.replace(/\{(\w+)\}/g, (_, key: string) =>
            encodeURIComponent(String(params[key])),
          );
          const hasBody = endpoint.method !== 'GET' && endpoint.method !== 'DELETE';
          const response = await server().request(endpoint.method, path, {
            token: people.admin.token,
            ...(hasBody && endpoint.body?.type === 'json' ? { json: {} } : {}),
            ...(hasBody && endpoint.body?.type === 'multipart' ? { form: form({}) } : {}),
          });
          if (response.status !== 404 || response.json?.code !== 'not_found') {
            failures.push(`${endpoint.method} ${path}: ${response.status} ${response.text}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('answer 422 naming the field for an id in a body, a list of ids or a query', async () => {
    const editor = people.acme.editor;
    const project = await server().call(addProject, {
      token: editor.token,
      form: form({ title: 'Ids in range' }),
    });
    expect(project.status, project.text).toBe(201);

    const cart = await server().call(addToCart, {
      token: editor.token,
      body: { product_id: TOO_LARGE, amount: 1 },
    });
    expect(cart.status, cart.text).toBe(422);
    expect(cart.json.error).toEqual({
      product_id: `product_id must be a whole number from 1 to ${MAX_INT4}`,
    });

    const order = await server().call(createOrder, {
      token: editor.token,
      body: {
        type_id: 1,
        company_id: people.acme.companyId,
        address_id: 1,
        agent_id: 1,
        service_id: 1,
        currency_id: 1,
        lines: [{ line_number: 1, product_id: FAR_TOO_LARGE, amount: 1 }],
      },
    });
    expect(order.status, order.text).toBe(422);
    expect(Object.keys(order.json.error)).toEqual(['lines.0.product_id']);
    expect(order.json.error['lines.0.product_id']).toMatch(/from 1 to 2147483647/);

    const rows = await server().request('POST', `/api/products/1/bom/delete`, {
      token: editor.token,
      json: { ids: [1, TOO_LARGE] },
    });
    expect(rows.status, rows.text).toBe(422);
    expect(Object.keys(rows.json.error)).toEqual(['ids.1']);
    expect(deleteBomRows.path).toBe('/api/products/{id}/bom/delete');

    const quantities = await server().call(partsQty, {
      token: editor.token,
      body: { ids: [TOO_LARGE] },
    });
    expect(quantities.status, quantities.text).toBe(422);
    expect(Object.keys(quantities.json.error)).toEqual(['ids.0']);

    const search = await server().call(searchParts, {
      token: editor.token,
      body: { keyword: '', parts_ids: [TOO_LARGE] } as never,
    });
    expect(search.status, search.text).toBe(422);
    expect(Object.keys(search.json.error)).toEqual(['parts_ids.0']);

    for (const endpoint of [listAddresses, listProjects, listOrders]) {
      const listed = await server().call(endpoint as Endpoint, {
        token: people.admin.token,
        query: { companyId: TOO_LARGE },
      });
      expect(listed.status, `${endpoint.path}: ${listed.text}`).toBe(422);
      expect(listed.json.error).toEqual({
        companyId: `companyId must be a whole number from 1 to ${MAX_INT4}`,
      });
    }

    const packages = await server().call(getPackages, {
      token: editor.token,
      query: { category_ids: `1,${TOO_LARGE}` },
    });
    expect(packages.status, packages.text).toBe(422);
    expect(packages.json.error).toEqual({
      category_ids: `category_ids must be ids from 1 to ${MAX_INT4}`,
    });
  });

  it('keep the largest id that fits an answer of "not found", and another company’s ids hidden', async () => {
    const largest = await server().call(addToCart, {
      token: people.acme.editor.token,
      body: { product_id: MAX_INT4, amount: 1 },
    });
    expect(largest.status, largest.text).toBe(404);
    const globexProject = await server().call(addProject, {
      token: people.globex.editor.token,
      form: form({ title: 'Not yours' }),
    });
    const theirs = await server().request('GET', `/api/projects/${globexProject.json.data.id}`, {
      token: people.acme.editor.token,
    });
    expect(theirs.status).toBe(404);
  });
});
