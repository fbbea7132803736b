import { markOrderPaid } from '@circuits/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { People } from '../../../test/fixtures.ts';
import { type OrderingSetup, orderingSetup, placeOrder } from '../../../test/orders.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { databaseKinds, queryRows, useTestServer } from '../../../test/test-server.ts';

// Rendered documents are kept in the object store per version: an unchanged document is read
// back, a changed one (its payment arrived) is rendered again and replaces the old file, and
// new renders count against the PDF limits of the user and of the address.

type Kept = { order_id: number; type: string; version: string; storage_key: string };

describe.each(databaseKinds())('order PDFs kept per version, on %s', (kind) => {
  const server = useTestServer(kind, {
    env: { LIMIT_PDF_RENDERS_PER_USER: '3/1h', LIMIT_PDF_RENDERS_PER_ADDRESS: '5/1h' },
  });
  let setup: OrderingSetup;
  let people: People;

  beforeAll(async () => {
    setup = await orderingSetup(server(), 'Kept PDF board');
    people = setup.people;
  });

  const place = async () =>
    (await placeOrder(server(), setup, { extra: { payment_method: 'bank_transfer' } })).id;

  const download = (id: number, type: 'order' | 'proforma', token: string) =>
    fetch(`${server().url}/api/documents/${type}/${id}/pdf`, {
      headers: { authorization: `Bearer ${token}` },
    });

  const kept = (id: number) =>
    queryRows<Kept>(
      server(),
      sql`select * from order_document_files where order_id = ${id} order by type`,
    );

  it('serves an unchanged document from the store and renders a changed one anew', async () => {
    const id = await place();
    // The placed email rendered both documents: they are kept, and downloads cost no render.
    const first = await kept(id);
    expect(first.map((row) => row.type)).toEqual(['order', 'proforma']);
    const bytes: Buffer[] = [];
    for (let time = 0; time < 6; time += 1) {
      const response = await download(id, 'proforma', people.acme.editor.token);
      expect(response.status).toBe(200);
      bytes.push(Buffer.from(await response.arrayBuffer()));
    }
    expect(bytes.every((pdf) => pdf.equals(bytes[0]!))).toBe(true);
    expect(await kept(id)).toEqual(first);

    const paid = await server().call(markOrderPaid, {
      token: people.admin.token,
      params: { id },
    });
    expect(paid.status).toBe(200);
    const after = await kept(id);
    const proforma = after.find((row) => row.type === 'proforma')!;
    // The paid email rendered the paid proforma; the unpaid one is gone, row and file.
    expect(proforma.version).not.toBe(first.find((row) => row.type === 'proforma')!.version);
    expect(after).toHaveLength(2);
    const stale = first.find((row) => row.type === 'proforma')!.storage_key;
    expect(
      await queryRows(server(), sql`select key from stored_files where key = ${stale}`),
    ).toEqual([]);
    expect(await server().services.storage.store.exists(stale)).toBe(false);
    const now = await download(id, 'proforma', people.acme.editor.token);
    const text = await pdfText(Buffer.from(await now.arrayBuffer()));
    expect(text.replace(/\n/g, ' ')).toContain('the order was paid by bank transfer on');
  });

  it('counts new renders against the user and the address, not kept ones', async () => {
    const orders = [await place(), await place(), await place(), await place()];
    // Forget what the emails kept, as a new version would.
    await server().database.db.execute(sql`delete from order_document_files`);
    const editor = people.acme.editor.token;
    for (const id of orders.slice(0, 3)) {
      expect((await download(id, 'order', editor)).status).toBe(200);
    }
    // Kept now: free.
    expect((await download(orders[0]!, 'order', editor)).status).toBe(200);
    const refused = await download(orders[3]!, 'order', editor);
    expect(refused.status).toBe(429);
    const refusal = (await refused.json()) as { error: string };
    expect(refusal.error).toMatch(
      /^You have asked for too many new PDF documents: at most 3 per hour\. Please try again in /,
    );
    expect(refused.headers.get('retry-after')).not.toBeNull();
    // Another user at the same address: two more renders, then the address is spent.
    const viewer = people.acme.viewer.token;
    expect((await download(orders[3]!, 'order', viewer)).status).toBe(200);
    expect((await download(orders[0]!, 'proforma', viewer)).status).toBe(200);
    const address = await download(orders[1]!, 'proforma', viewer);
    expect(address.status).toBe(429);
    expect(((await address.json()) as { error: string }).error).toMatch(
      /^Too many new PDF documents have been asked for from your network address: at most 5 per hour/,
    );
    // Another company's document is not found, whatever the limits.
    const outsider = await download(orders[0]!, 'order', people.globex.editor.token);
    expect(outsider.status).toBe(404);
  });
});
