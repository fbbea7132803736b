import type { ModerationManufacturer, ModerationPart, Part } from '@circuits/contracts';
import { notifications, notificationsStore } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeServer } from '../../../testing/fake-server.ts';
import { renderInApp } from '../../../testing/render.tsx';
import { ModerationSection } from './moderation-section.tsx';

const added = {
  user_id: 7,
  user_name: 'Erin Editor',
  company_id: 3,
  company_name: 'Northwind Electronics',
};

function queuedPart(overrides: Partial<ModerationPart> = {}): ModerationPart {
  return {
    id: 41,
    name: '10k 1% 0805 resistor',
    part_number: 'RC0805FR-07-10KL',
    description: 'Chip resistor',
    manufacturer: { id: 90, name: 'Yageo Corp.', confirmed: false },
    category: 'Resistors',
    package: null,
    added,
    created_at: '2026-11-20T10:00:00.000Z',
    bom_rows: 2,
    duplicates: [
      {
        id: 5,
        name: '10kΩ ±1% 0805 resistor',
        part_number: 'RC0805FR-0710KL',
        manufacturer: 'YAGEO',
      },
    ],
    ...overrides,
  };
}

const led = queuedPart({
  id: 42,
  name: 'Green chip LED 0805',
  part_number: 'LTST-C171GKT',
  manufacturer: { id: 91, name: 'Lite-On', confirmed: false },
  category: 'Diodes',
  bom_rows: 0,
  duplicates: [],
});

function keptPart(id: number, partNumber: string): Part {
  return {
    id,
    name: 'Kept',
    part_number: partNumber,
    image: null,
    datasheet: null,
    description: '',
    brand: null,
    manufacturer: null,
    category: null,
    package: null,
    mount_type: null,
    confirmed: true,
    added_by: null,
    specifications: [],
    qty: { qty: 0, reserved: 0, available: 0 },
    locs: [],
    price_breaks: [],
    supplier_codes: [],
    price: null,
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
  };
}

const liteOn: ModerationManufacturer = {
  id: 91,
  name: 'Lite-On',
  aliases: ['LITEON'],
  added,
  created_at: '2026-11-20T10:00:00.000Z',
  parts_count: 1,
};

let server: FakeServer;
let queue: ModerationPart[];

beforeEach(() => {
  queue = [queuedPart(), led];
  server = new FakeServer()
    .on('GET', '/api/admin/moderation/parts', (request) => {
      const search = new URL(request.url, 'http://x').searchParams.get('search');
      const parts = queue.filter((part) => !search || part.part_number.includes(search));
      return { status: 200, body: { parts, total: parts.length, page: 1 } };
    })
    .on('GET', '/api/admin/moderation/manufacturers', {
      status: 200,
      body: { manufacturers: [liteOn], total: 1, page: 1 },
    });
  vi.stubGlobal('fetch', server.fetch);
});

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

const toastMessages = () =>
  notificationsStore.getState().notifications.map((toast) => String(toast.message));

const sent = (method: string, path: string) =>
  server.requests.filter((request) => request.method === method && request.url === path);

describe('ModerationSection', () => {
  it('lists the unconfirmed parts with who added them, where they are used and their duplicates', async () => {
    renderInApp(<ModerationSection />);
    const table = await screen.findByRole('table', { name: 'Unconfirmed parts' });
    const row = within(table).getByText('RC0805FR-07-10KL').closest('tr')!;
    expect(within(row).getByText('Yageo Corp.')).toBeTruthy();
    expect(within(row).getByText('unconfirmed')).toBeTruthy();
    expect(within(row).getByText('Erin Editor')).toBeTruthy();
    expect(within(row).getByText('2 BOM rows')).toBeTruthy();
    expect(within(row).getByText('Same number as RC0805FR-0710KL (YAGEO)')).toBeTruthy();
    expect(within(table).getByText('LTST-C171GKT').closest('tr')!.textContent).toContain('No BOM');
  });

  it('confirms a part, and the queue shows what is left', async () => {
    server.on('POST', '/api/parts/42/confirm', () => {
      queue = queue.filter((part) => part.id !== 42);
      return { status: 200, body: { part: keptPart(42, 'LTST-C171GKT') } };
    });
    renderInApp(<ModerationSection />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Confirm LTST-C171GKT' }));
    await waitFor(() => expect(screen.queryByText('LTST-C171GKT')).toBeNull());
    expect(sent('POST', '/api/parts/42/confirm')).toHaveLength(1);
    expect(screen.getByText('RC0805FR-07-10KL')).toBeTruthy();
  });

  it('merges a duplicate into the part of the same number', async () => {
    server.on('POST', '/api/parts/41/merge', () => {
      queue = queue.filter((part) => part.id !== 41);
      return {
        status: 200,
        body: {
          part: keptPart(5, 'RC0805FR-0710KL'),
          moved: { bom_rows: 2, specs: 0, stock_lots: 0, price_breaks: 0 },
        },
      };
    });
    renderInApp(<ModerationSection />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Merge RC0805FR-07-10KL' }));
    const dialog = await screen.findByRole('dialog', { name: 'Merge RC0805FR-07-10KL' });
    const merge = within(dialog).getByRole('button', { name: 'Merge into …' });
    expect((merge as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(dialog).getByRole('radio', { name: 'RC0805FR-0710KL (#5)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Merge into RC0805FR-0710KL' }));
    await waitFor(() => expect(sent('POST', '/api/parts/41/merge')).toHaveLength(1));
    expect(sent('POST', '/api/parts/41/merge')[0]!.body).toEqual({ into_id: 5 });
    await waitFor(() =>
      expect(toastMessages()).toContain(
        'RC0805FR-07-10KL is merged into RC0805FR-0710KL: 2 BOM rows, 0 spec values, 0 stock lots and 0 price breaks moved',
      ),
    );
    await waitFor(() => expect(screen.queryByText('RC0805FR-07-10KL')).toBeNull());
  });

  it('asks before deleting, and keeps a part the server refuses to delete', async () => {
    server.on('DELETE', '/api/parts/41', {
      status: 409,
      body: {
        error:
          'RC0805FR-07-10KL cannot be deleted: 2 BOM rows still use it. Merge it into the part that replaces it instead',
      },
    });
    renderInApp(<ModerationSection />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete RC0805FR-07-10KL' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this part?' });
    expect(sent('DELETE', '/api/parts/41')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(sent('DELETE', '/api/parts/41')).toHaveLength(1));
    // The server's reason is what the moderator reads.
    await waitFor(() =>
      expect(toastMessages()).toContain(
        'RC0805FR-07-10KL cannot be deleted: 2 BOM rows still use it. Merge it into the part that replaces it instead',
      ),
    );
    expect(screen.getByText('RC0805FR-07-10KL')).toBeTruthy();
  });

  it('says so when nothing waits', async () => {
    queue = [];
    renderInApp(<ModerationSection />);
    expect(await screen.findByText('No parts wait for moderation')).toBeTruthy();
  });

  it('merges a manufacturer into one picked from the catalogue', async () => {
    server
      .on('GET', '/api/parts/brands/all', {
        status: 200,
        body: {
          brands: [
            { id: 91, name: 'Lite-On', aliases: [], confirmed: false, parts_count: 1 },
            { id: 12, name: 'Lite-On Technology', aliases: [], confirmed: true, parts_count: 40 },
          ],
        },
      })
      .on('POST', '/api/manufacturers/91/merge', {
        status: 200,
        body: {
          manufacturer: {
            id: 12,
            name: 'Lite-On Technology',
            aliases: ['Lite-On', 'LITEON'],
            confirmed: true,
            parts_count: 41,
          },
          moved: { parts: 1, merged_parts: 0 },
        },
      });
    renderInApp(<ModerationSection />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'Unconfirmed manufacturers' }));
    const table = await screen.findByRole('table', { name: 'Unconfirmed manufacturers' });
    expect(within(table).getByText('Also LITEON')).toBeTruthy();
    await user.click(within(table).getByRole('button', { name: 'Merge Lite-On' }));
    const dialog = await screen.findByRole('dialog', { name: 'Merge Lite-On' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Manufacturer to keep' }));
    // The duplicate itself is not offered.
    expect(screen.queryByRole('option', { name: 'Lite-On (unconfirmed)' })).toBeNull();
    await user.click(await screen.findByRole('option', { name: 'Lite-On Technology' }));
    await user.click(within(dialog).getByRole('button', { name: 'Merge into Lite-On Technology' }));
    await waitFor(() => expect(sent('POST', '/api/manufacturers/91/merge')).toHaveLength(1));
    expect(sent('POST', '/api/manufacturers/91/merge')[0]!.body).toEqual({ into_id: 12 });
  });
});
