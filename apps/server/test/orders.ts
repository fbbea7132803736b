import {
  addProduct,
  addProject,
  type CreateOrderInput,
  createOrder,
  listShippingAgents,
  saveBoardSettings,
} from '@circuits/contracts';
import { SYSTEM_ACTOR } from '../src/modules/auth/actor.ts';
import { createPeople, type People } from './fixtures.ts';
import type { HttpClient, TestServer } from './test-server.ts';
import { BOARD_FILES, form } from './uploads.ts';

// Boards that can be ordered and the order requests for them, for the orders and payments tests.

/** A product with board files and valid settings (20 × 30 mm, 2 layers), made by `token`. */
export async function orderableBoard(
  client: HttpClient,
  token: string,
  name: string,
  settings: Record<string, unknown> = {},
): Promise<number> {
  const project = await client.call(addProject, {
    token,
    form: form({ title: `${name} project` }),
  });
  if (project.status !== 201 && project.status !== 200) throw new Error(project.text);
  const files = Object.entries(BOARD_FILES).map(([fileName, data]) => ({
    field: 'files',
    name: fileName,
    data,
  }));
  const product = await client.call(addProduct, {
    token,
    params: { id: project.json.data.id },
    form: form({ name, partNumber: `${name.replace(/\W+/g, '-').toUpperCase()}-1` }, files),
  });
  if (product.status !== 201 && product.status !== 200) throw new Error(product.text);
  const id = product.json.data.id as number;
  const saved = await client.call(saveBoardSettings, {
    token,
    params: { id },
    body: { unitsIn: 'mm', numberLayers: 2, boardWidth: 20, boardLength: 30, ...settings },
  });
  if (saved.status !== 200) throw new Error(saved.text);
  return id;
}

/** A complete shipping address of the company (its first: the company address stays). */
export async function shippingAddress(
  server: TestServer,
  companyId: number,
  countryCode = 'US',
): Promise<number> {
  const result = await server.services.companies.createAddress(SYSTEM_ACTOR, companyId, {
    contact_name: 'Receiving',
    line1: '1 Test Street',
    city: 'Testville',
    postal_code: '12345',
    country_code: countryCode,
  });
  return result.address.id;
}

export async function firstCarrier(client: HttpClient, token: string) {
  const agents = await client.call(listShippingAgents, { token });
  const agent = agents.data.shippingAgents[0]!;
  return { agentId: agent.id, serviceId: agent.services[0]!.id };
}

export function orderBody(input: {
  companyId: number;
  addressId: number;
  carrier: { agentId: number; serviceId: number };
  products: { id: number; amount: number; lead_time?: string }[];
  currencyId?: number;
  key?: string;
  extra?: Partial<CreateOrderInput>;
}): CreateOrderInput {
  return {
    type_id: 1,
    name: 'Test order',
    date: '2026-11-26',
    service_id: input.carrier.serviceId,
    agent_id: input.carrier.agentId,
    shipping_account_id: null,
    company_id: input.companyId,
    address_id: input.addressId,
    currency_id: input.currencyId ?? 2,
    create_proforma: true,
    lines: input.products.map((product, index) => ({
      line_number: index + 1,
      product_id: product.id,
      amount: product.amount,
      ...(product.lead_time ? { lead_time: product.lead_time } : {}),
    })),
    ...(input.key && { idempotency_key: input.key }),
    ...input.extra,
  };
}

/** Two companies and staff, an orderable board of Acme's, its shipping address and a carrier. */
export type OrderingSetup = {
  people: People;
  board: number;
  addressId: number;
  carrier: { agentId: number; serviceId: number };
};

export async function orderingSetup(server: TestServer, boardName: string): Promise<OrderingSetup> {
  const people = await createPeople(server);
  return {
    people,
    board: await orderableBoard(server, people.acme.editor.token, boardName),
    addressId: await shippingAddress(server, people.acme.companyId),
    carrier: await firstCarrier(server, people.acme.editor.token),
  };
}

/** An order of the setup's board placed by Acme's editor: its id and the provider's token. */
export async function placeOrder(
  server: HttpClient,
  setup: OrderingSetup,
  options: { amount?: number; extra?: Partial<CreateOrderInput> } = {},
): Promise<{ id: number; token: string | null }> {
  const placed = await server.call(createOrder, {
    token: setup.people.acme.editor.token,
    body: orderBody({
      companyId: setup.people.acme.companyId,
      addressId: setup.addressId,
      carrier: setup.carrier,
      products: [{ id: setup.board, amount: options.amount ?? 2 }],
      key: crypto.randomUUID(),
      extra: options.extra,
    }),
  });
  if (placed.status !== 200) throw new Error(`the order was not placed: ${placed.text}`);
  const link = placed.data.payment.payer_action_url;
  return {
    id: placed.data.output.id,
    token: link ? new URL(link).searchParams.get('token') : null,
  };
}
