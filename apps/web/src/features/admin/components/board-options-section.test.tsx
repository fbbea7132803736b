import type { AdminBoardOptionList } from '@circuits/contracts';
import { notifications, notificationsStore } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeServer } from '../../../testing/fake-server.ts';
import { renderInApp } from '../../../testing/render.tsx';
import { BoardOptionsSection } from './board-options-section.tsx';

const materials: AdminBoardOptionList = {
  name: 'materials',
  label: 'Base materials',
  kind: 'text',
  unit: null,
  allowed: null,
  min: null,
  max: null,
  integer: false,
  options: [
    { value: 'FR4', hex: null, boards: 3, priced: true },
    { value: 'Rogers', hex: null, boards: 0, priced: false },
    { value: 'Aluminum', hex: null, boards: 1, priced: true },
  ],
};

const masks: AdminBoardOptionList = {
  ...materials,
  name: 'maskColors',
  label: 'Solder mask colours',
  kind: 'color',
  options: [{ value: 'Green', hex: '#004200', boards: 0, priced: null }],
};

let server: FakeServer;

beforeEach(() => {
  server = new FakeServer().on('GET', '/api/admin/boardOptions', {
    status: 200,
    body: { lists: [materials, masks] },
  });
  vi.stubGlobal('fetch', server.fetch);
});

afterEach(() => {
  notifications.clean();
  vi.unstubAllGlobals();
});

const toasts = () =>
  notificationsStore.getState().notifications.map((toast) => `${toast.title}: ${toast.message}`);

const optionsShown = () =>
  within(screen.getByRole('list', { name: 'Base materials, in the order offered' }))
    .getAllByRole('listitem')
    .map((item) => item.dataset.option);

describe('BoardOptionsSection', { timeout: 15_000 }, () => {
  it('shows moderators every option with its use, and nothing to change', async () => {
    renderInApp(<BoardOptionsSection canChange={false} />);
    const list = await screen.findByRole('list', { name: 'Base materials, in the order offered' });
    expect(optionsShown()).toEqual(['FR4', 'Rogers', 'Aluminum']);
    expect(within(list).getByText('3 saved boards')).toBeTruthy();
    expect(within(list).getByText('no saved boards')).toBeTruthy();
    // Only Rogers lacks a price: boards choosing it could not be priced.
    expect(within(list).getAllByText('not in the price book')).toHaveLength(1);
    expect(
      within(list.querySelector('[data-option="Rogers"]') as HTMLElement).getByText(
        'not in the price book',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Move|Rename|Delete|Add to/ })).toBeNull();
  });

  it('moves an option up from the keyboard and keeps the focus on it', async () => {
    server.on('POST', '/api/admin/boardOptions/materials/order', (request) => ({
      status: 200,
      body: {
        list: {
          ...materials,
          options: (request.body as { options: string[] }).options.map(
            (value) => materials.options.find((option) => option.value === value)!,
          ),
        },
        boards_updated: 0,
        price_book_version: null,
      },
    }));
    const user = userEvent.setup();
    renderInApp(<BoardOptionsSection canChange />);
    const up = await screen.findByRole('button', { name: 'Move Aluminum up' });
    expect(screen.getByRole('button', { name: 'Move FR4 up' })).toHaveProperty('disabled', true);
    up.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(optionsShown()).toEqual(['FR4', 'Aluminum', 'Rogers']));
    const sent = server.requests.find((request) => request.method === 'POST');
    expect(sent!.body).toEqual({ options: ['FR4', 'Aluminum', 'Rogers'] });
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move Aluminum up' })),
    );
    expect(toasts()).toContain('Success: The new order is offered');
  });

  it('adds a colour, showing the field messages the server gives', async () => {
    let attempt = 0;
    server.on('POST', '/api/admin/boardOptions/maskColors/add', () => {
      attempt += 1;
      return attempt === 1
        ? {
            status: 422,
            body: {
              error: { hex: 'Colour must be #rrggbb, e.g. #004200' },
              code: 'validation_failed',
            },
          }
        : {
            status: 201,
            body: {
              list: {
                ...masks,
                options: [
                  ...masks.options,
                  { value: 'Orange', hex: '#ff8800', boards: 0, priced: null },
                ],
              },
              boards_updated: 0,
              price_book_version: null,
            },
          };
    });
    const user = userEvent.setup();
    renderInApp(<BoardOptionsSection canChange />);
    await user.click(await screen.findByRole('button', { name: 'Solder mask colours 1 option' }));
    await user.click(await screen.findByRole('button', { name: 'Add to solder mask colours' }));
    const form = within(screen.getByRole('form', { name: 'Add in Solder mask colours' }));
    await user.type(form.getByRole('textbox', { name: 'Name' }), 'Orange');
    await user.type(form.getByRole('textbox', { name: 'Colour (#rrggbb)' }), 'orange');
    await user.click(form.getByRole('button', { name: 'Add' }));
    expect(await form.findByText('Colour must be #rrggbb, e.g. #004200')).toBeTruthy();
    await user.clear(form.getByRole('textbox', { name: 'Colour (#rrggbb)' }));
    await user.type(form.getByRole('textbox', { name: 'Colour (#rrggbb)' }), '#ff8800');
    await user.click(form.getByRole('button', { name: 'Add' }));
    const list = await screen.findByRole('list', {
      name: 'Solder mask colours, in the order offered',
    });
    expect(await within(list).findByText('Orange')).toBeTruthy();
    expect(server.requests.at(-1)!.body).toEqual({ value: 'Orange', hex: '#ff8800' });
  });

  it('asks before deleting, and shows why the server refuses an option in use', async () => {
    const refusal =
      'Aluminum is chosen by 1 saved board: Lamp (LMP-1) of Northwind. Change their board settings first, or rename the option.';
    server.on('POST', '/api/admin/boardOptions/materials/delete', {
      status: 409,
      body: { error: refusal, code: 'conflict' },
    });
    const user = userEvent.setup();
    renderInApp(<BoardOptionsSection canChange />);
    await user.click(await screen.findByRole('button', { name: 'Delete Aluminum' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Stop offering Aluminum?' }));
    expect(dialog.getByText(/1 saved board choose it/)).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toasts()).toContain(`Error: ${refusal}`));
    expect(optionsShown()).toEqual(['FR4', 'Rogers', 'Aluminum']);
  });
});
