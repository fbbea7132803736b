import { DEFAULT_PRICE_BOOK } from '@circuits/domain';
import { notifications } from '@mantine/notifications';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeServer } from '../../../testing/fake-server.ts';
import { renderInApp } from '../../../testing/render.tsx';
import { PriceBookSection } from './price-book-section.tsx';

let server: FakeServer;

const sample = (usd: number) => ({ total: { USD: usd, CAD: usd, EUR: usd }, message: null });

beforeEach(() => {
  server = new FakeServer()
    .on('GET', '/api/admin/priceBook', {
      status: 200,
      body: {
        current: {
          version: 2,
          note: 'Spring rates',
          created_at: '2026-11-20T10:00:00.000Z',
          book: DEFAULT_PRICE_BOOK,
        },
        versions: [
          {
            version: 2,
            note: 'Spring rates',
            created_at: '2026-11-20T10:00:00.000Z',
            created_by: 'Ada Admin',
          },
          { version: 1, note: null, created_at: '2026-11-01T10:00:00.000Z', created_by: null },
        ],
      },
    })
    .on('POST', '/api/admin/priceBook/preview', {
      status: 200,
      body: {
        current_version: 2,
        samples: [
          {
            label: '2 layers, 5 boards',
            quantity: 5,
            current: sample(1000),
            proposed: sample(1250),
          },
        ],
      },
    });
  vi.stubGlobal('fetch', server.fetch);
});

afterEach(() => {
  notifications.clean();
  vi.unstubAllGlobals();
});

describe('PriceBookSection', { timeout: 40_000 }, () => {
  it('edits the set-up fee in the form, compares sample quotes side by side, and keeps the JSON in step', async () => {
    const user = userEvent.setup();
    renderInApp(<PriceBookSection canChange />);
    const fee = await screen.findByRole('textbox', { name: 'Set-up fee up to 2 layers (USD)' });
    expect(fee).toHaveProperty('value', '3');
    await user.clear(fee);
    await user.type(fee, '4.5');
    await user.click(screen.getByRole('button', { name: 'Compare sample quotes' }));
    expect(await screen.findByText('+25.0 %')).toBeTruthy();
    const row = document.querySelector('[data-sample="2 layers, 5 boards"]') as HTMLElement;
    expect(row.textContent).toContain('$10.00');
    expect(row.textContent).toContain('$12.50');
    const sent = server.requests.find((request) => request.url.endsWith('/preview'))!;
    const book = (sent.body as { book: typeof DEFAULT_PRICE_BOOK }).book;
    expect(book.layerBands[1]).toEqual({ maxLayers: 2, setupFee: 450, perCm2: 0.6 });
    expect(book.materials).toEqual(DEFAULT_PRICE_BOOK.materials);
    expect(screen.getByRole('button', { name: 'Publish as version 3' })).toBeTruthy();

    await user.click(screen.getByRole('radio', { name: 'JSON (everything)' }));
    const json = screen.getByRole('textbox', { name: 'New version (JSON)' }) as HTMLTextAreaElement;
    expect(JSON.parse(json.value).layerBands[1].setupFee).toBe(450);
    expect(screen.getByText('Version 1')).toBeTruthy();
    expect(screen.getByText(/Ada Admin · Spring rates/)).toBeTruthy();
  });

  it('adds a material to the surcharges and names a field the book refuses', async () => {
    const user = userEvent.setup();
    renderInApp(<PriceBookSection canChange={false} />);
    const name = await screen.findByRole('textbox', {
      name: 'Add a material by its name on the Board tab',
    });
    await user.type(name, 'CEM-3');
    // The first of the surcharge lists' Add buttons is the materials'.
    await user.click(screen.getAllByRole('button', { name: 'Add' })[0]!);
    const surcharges = within(screen.getByRole('table', { name: 'Materials surcharges' }));
    expect(surcharges.getByText('CEM-3')).toBeTruthy();
    const rate = screen.getByRole('textbox', { name: 'CAD per USD' });
    await user.clear(rate);
    await user.type(rate, '0');
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'rates.CAD: Too small: expected number to be >0',
    );
    expect(screen.getByRole('button', { name: 'Compare sample quotes' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(screen.queryByRole('button', { name: /Publish/ })).toBeNull();
  });
});
