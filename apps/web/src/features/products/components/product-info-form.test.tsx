import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeServer } from '../../../testing/fake-server.ts';
import { renderInApp } from '../../../testing/render.tsx';
import { sampleProduct } from '../../../testing/samples.ts';
import { ProductInfoForm } from './product-info-form.tsx';

let server: FakeServer;

beforeEach(() => {
  server = new FakeServer();
  vi.stubGlobal('fetch', server.fetch);
});

afterEach(() => vi.unstubAllGlobals());

const product = sampleProduct({
  id: 21,
  name: 'Main board',
  job: 'J-1',
  odoo_products: [{ key: 'odoo_id', value: '4471' }],
});

describe('ProductInfoForm', () => {
  it('shows the ERP records to staff only', async () => {
    renderInApp(<ProductInfoForm product={product} canEdit />);
    expect(await screen.findByRole('textbox', { name: /^Name/ })).toBeTruthy();
    expect(screen.queryByText('Odoo products')).toBeNull();
    expect(screen.queryByDisplayValue('4471')).toBeNull();
  });

  it('is valid only with a name (SPEC §5)', async () => {
    renderInApp(<ProductInfoForm product={product} canEdit showErpRecords />);
    const user = userEvent.setup();
    await user.clear(screen.getByRole('textbox', { name: /^Name/ }));
    await user.click(screen.getByRole('button', { name: 'Save product info' }));
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(server.requests).toHaveLength(0);
  });

  it('asks for the key of a record that has a value', async () => {
    renderInApp(<ProductInfoForm product={product} canEdit showErpRecords />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add record' }));
    await user.type(screen.getByRole('textbox', { name: 'Value 2' }), 'orphan');
    await user.click(screen.getByRole('button', { name: 'Save product info' }));
    expect(await screen.findByText('Key is required')).toBeTruthy();
    expect(server.requests).toHaveLength(0);
  });

  it('sends every field, the records as JSON without blank rows', async () => {
    server.on('POST', '/api/products/21/update', (request) => {
      const form = request.body as FormData;
      return {
        status: 200,
        body: {
          product: sampleProduct({
            id: 21,
            name: String(form.get('name')),
            job: String(form.get('job')),
            odoo_products: JSON.parse(String(form.get('odoo_products'))),
          }),
        },
      };
    });
    renderInApp(<ProductInfoForm product={product} canEdit showErpRecords />);
    const user = userEvent.setup();
    await user.clear(screen.getByRole('textbox', { name: /^Name/ }));
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Main board rev B');
    await user.click(screen.getByRole('button', { name: 'Add record' }));
    await user.click(screen.getByRole('button', { name: 'Add record' }));
    await user.type(screen.getByRole('textbox', { name: 'Key 2' }), 'mrp_bom');
    await user.type(screen.getByRole('textbox', { name: 'Value 2' }), 'BOM/0042');
    await user.click(screen.getByRole('button', { name: 'Save product info' }));
    await waitFor(() => expect(server.requests).toHaveLength(1));
    const form = server.requests[0]?.body as FormData;
    expect(form.get('name')).toBe('Main board rev B');
    expect(form.get('job')).toBe('J-1');
    expect(form.get('partNumber')).toBe('WS-100');
    expect(JSON.parse(String(form.get('odoo_products')))).toEqual([
      { key: 'odoo_id', value: '4471' },
      { key: 'mrp_bom', value: 'BOM/0042' },
    ]);
    expect(form.has('cover')).toBe(false);
  });

  it('shows a read-only member the information without ways to change it', () => {
    renderInApp(<ProductInfoForm product={product} canEdit={false} showErpRecords />);
    expect(screen.getByRole('textbox', { name: /^Name/ }).hasAttribute('readonly')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save product info' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add record' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Choose image|Change image/ })).toBeNull();
  });
});
