import { expect } from '@playwright/test';
import { type ApiSession, apiCreateProduct, apiCreateProject } from './api.ts';
import { smallBoard } from './small-board.ts';

// Orderable boards and orders made through the API, for the journeys that start from them.

function auth(session: ApiSession) {
  return { Authorization: `Bearer ${session.token}`, Accept: 'application/json' };
}

/** A small two-layer board with its files and valid settings; answers the product id. */
export async function apiOrderableBoard(
  session: ApiSession,
  name: string,
  widthMm = 40,
  lengthMm = 30,
): Promise<number> {
  const projectId = await apiCreateProject(session, `${name} project`);
  const productId = await apiCreateProduct(
    session,
    projectId,
    name,
    smallBoard(name, widthMm, lengthMm),
  );
  const saved = await session.request.post(`/api/products/${productId}/saveSettings`, {
    headers: auth(session),
    data: { unitsIn: 'mm', numberLayers: 2, boardWidth: widthMm, boardLength: lengthMm },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  return productId;
}

export async function apiGet<T>(session: ApiSession, path: string): Promise<T> {
  const response = await session.request.get(path, { headers: auth(session) });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

/** An order of the boards (amount each) to the company's first complete address. */
export async function apiPlaceOrder(
  session: ApiSession,
  boards: { id: number; amount: number }[],
  extra: Record<string, unknown> = {},
): Promise<{ id: number; payerActionUrl: string | null }> {
  const { user } = await apiGet<{ user: { company: { id: number } } }>(session, '/api/user');
  const { addresses } = await apiGet<{ addresses: { id: number; line1: string | null }[] }>(
    session,
    '/api/addresses',
  );
  const { shippingAgents } = await apiGet<{
    shippingAgents: { id: number; services: { id: number }[] }[];
  }>(session, '/api/shippingAgents');
  const response = await session.request.post('/api/documents', {
    headers: auth(session),
    data: {
      type_id: 1,
      name: 'Spring batch',
      company_id: user.company.id,
      address_id: addresses.find((address) => address.line1)!.id,
      agent_id: shippingAgents[0]!.id,
      service_id: shippingAgents[0]!.services[0]!.id,
      shipping_account_id: null,
      currency_id: 1,
      create_proforma: true,
      lines: boards.map((board, index) => ({
        line_number: index + 1,
        product_id: board.id,
        amount: board.amount,
      })),
      idempotency_key: crypto.randomUUID(),
      ...extra,
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as {
    output: { id: number };
    payment: { payer_action_url: string | null };
  };
  return { id: body.output.id, payerActionUrl: body.payment.payer_action_url };
}
