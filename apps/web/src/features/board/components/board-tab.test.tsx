import {
  BOARD_SETTINGS_MESSAGES,
  DEFAULT_BOARD_SETTINGS,
  DEFAULT_BOARD_SETTINGS_OPTIONS,
} from '@circuits/domain';
import { notifications, notificationsStore } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeServer } from '../../../testing/fake-server.ts';
import { renderInApp } from '../../../testing/render.tsx';
import { sampleProductPage } from '../../../testing/samples.ts';
import { type BoardEditState, BoardTab } from './board-tab.tsx';

let server: FakeServer;

beforeEach(() => {
  server = new FakeServer().on('GET', '/api/getBoardSettingsOptions', {
    status: 200,
    body: { options: DEFAULT_BOARD_SETTINGS_OPTIONS, defaults: DEFAULT_BOARD_SETTINGS },
  });
  vi.stubGlobal('fetch', server.fetch);
});

afterEach(() => {
  notifications.clean();
  vi.unstubAllGlobals();
});

const analysis = {
  widthMm: 28,
  lengthMm: 80,
  copperLayers: 4,
  sizeFrom: 'outline' as const,
  analysedAt: '2026-11-22T10:00:00.000Z',
};

function renderTab(
  page = sampleProductPage({ boardAnalysis: analysis }),
  canEdit = true,
  onEditState?: (state: BoardEditState) => void,
) {
  renderInApp(
    <BoardTab
      onEditState={onEditState}
      page={page}
      canEdit={canEdit}
      boardFilesList={<div>Board files list</div>}
      filesPath="/product/1?initTab=Files"
      createOutlinePath="/createOutline/1"
    />,
  );
}

async function settingsForm() {
  return within(await screen.findByRole('form', { name: 'Board settings' }));
}

// The whole tab (form, viewer, options) renders in every test: slow on a busy two-core machine.
describe('BoardTab', { timeout: 15_000 }, () => {
  it('proposes size and layers from the analysis and converts them to millimetres', async () => {
    renderTab();
    const form = await settingsForm();
    expect(form.getByRole('textbox', { name: 'Width' })).toHaveProperty('value', '1.102');
    expect(form.getByRole('textbox', { name: 'Length' })).toHaveProperty('value', '3.15');
    // The size says what it was measured on; the layer count comes from the files.
    expect(form.getAllByText('From the outline')).toHaveLength(2);
    expect(form.getAllByText('From files')).toHaveLength(1);
    await userEvent.click(form.getByText('Metric (mm)'));
    expect(form.getByRole('textbox', { name: 'Width' })).toHaveProperty('value', '27.99');
    expect(form.getByRole('textbox', { name: 'Length' })).toHaveProperty('value', '80.01');
    // The board has no files yet: the viewer says so and leads to the Files tab.
    expect(screen.getByText('There are no files attached to the board')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create outline' }).getAttribute('href')).toBe(
      '/createOutline/1',
    );
  });

  it('says the settings were taken from the files, marks them and asks to save them', async () => {
    const taken = { ...DEFAULT_BOARD_SETTINGS, boardWidth: 1.102, boardLength: 3.15 };
    renderTab(
      sampleProductPage({
        boardAnalysis: analysis,
        settings: { ...taken, numberLayers: 4 },
        settingsFromFiles: true,
      }),
    );
    const form = await settingsForm();
    expect(
      screen.getByText('Size and layer count taken from the files; check and save.'),
    ).toBeTruthy();
    // The size says what it was measured on; the layer count comes from the files.
    expect(form.getAllByText('From the outline')).toHaveLength(2);
    expect(form.getAllByText('From files')).toHaveLength(1);
    expect(form.getByRole('textbox', { name: 'Width' })).toHaveProperty('value', '1.102');
    expect(form.getByRole('button', { name: 'Save settings' })).toHaveProperty('disabled', false);
  });

  it('refuses a size below what the files measure, and says when the price uses the measure', async () => {
    const saved = {
      ...DEFAULT_BOARD_SETTINGS,
      unitsIn: 'mm',
      boardWidth: 27.8,
      boardLength: 80,
      numberLayers: 2,
    };
    renderTab(sampleProductPage({ boardAnalysis: analysis, settings: saved }));
    const form = await settingsForm();
    // Saved before the files gave 4 layers and within the 0.5 mm allowed: priced as measured.
    const note = form.getByRole('note');
    expect(note.textContent).toBe(
      'The price uses the size the board files measure, 28 × 80 mm, which is more than entered. The price uses the 4 copper layers the board files hold.',
    );
    const width = form.getByRole('textbox', { name: 'Width' });
    await userEvent.clear(width);
    await userEvent.type(width, '10');
    expect(
      form.getByText('Width 10 mm is less than the 28 mm the board files measure'),
    ).toBeTruthy();
    expect(form.getByRole('note').textContent).toBe(
      'The price uses the 4 copper layers the board files hold.',
    );
    await userEvent.click(form.getByRole('button', { name: 'Save settings' }));
    expect(
      form.getByText('2 layers are fewer than the 4 copper layers in the board files'),
    ).toBeTruthy();
    expect(server.requests.some((request) => request.url.includes('saveSettings'))).toBe(false);
  });

  it('shows the SPEC message of an invalid panel and sends nothing', async () => {
    renderTab();
    const form = await settingsForm();
    await userEvent.click(form.getByRole('switch', { name: /Deliver in panels/ }));
    const across = form.getByRole('textbox', { name: 'Boards across (X)' });
    await userEvent.clear(across);
    await userEvent.type(across, '0');
    await userEvent.click(form.getByRole('button', { name: 'Save settings' }));
    expect(form.getByText(BOARD_SETTINGS_MESSAGES.panelizationSizes)).toBeTruthy();
    expect(server.requests.some((request) => request.url.includes('saveSettings'))).toBe(false);
  });

  it('tells the order card of unsaved changes and of the first invalid one', async () => {
    const states: BoardEditState[] = [];
    const saved = {
      ...DEFAULT_BOARD_SETTINGS,
      unitsIn: 'mm',
      boardWidth: 28,
      boardLength: 80,
      numberLayers: 4,
      innerCooper: 0.5,
    };
    renderTab(sampleProductPage({ boardAnalysis: analysis, settings: saved }), true, (state) =>
      states.push(state),
    );
    const form = await settingsForm();
    await waitFor(() => expect(states.at(-1)).toEqual({ dirty: false, firstError: null }));
    const width = form.getByRole('textbox', { name: 'Width' });
    await userEvent.clear(width);
    await userEvent.type(width, '30');
    await waitFor(() => expect(states.at(-1)).toEqual({ dirty: true, firstError: null }));
    await userEvent.clear(width);
    await userEvent.type(width, '10');
    await waitFor(() =>
      expect(states.at(-1)).toEqual({
        dirty: true,
        firstError: 'Width 10 mm is less than the 28 mm the board files measure',
      }),
    );
  });

  it('checks the V-scoring panel size as the panel is typed, before any save', async () => {
    renderTab();
    const form = await settingsForm();
    // A 1.102 × 3.15 in board in a panel of 1 × 1 is too narrow to V-score.
    await userEvent.click(form.getByRole('switch', { name: /Deliver in panels/ }));
    expect(
      await form.findByText('Panel sizes should be greater than 3in for V-Scoring'),
    ).toBeTruthy();
    const across = form.getByRole('textbox', { name: 'Boards across (X)' });
    await userEvent.clear(across);
    await userEvent.type(across, '3');
    await waitFor(() =>
      expect(form.queryByText('Panel sizes should be greater than 3in for V-Scoring')).toBeNull(),
    );
    expect(server.requests.some((request) => request.url.includes('saveSettings'))).toBe(false);
  });

  it('refuses a negative minimum hole size: says why and focuses the field', async () => {
    renderTab();
    const form = await settingsForm();
    const hole = form.getByRole('textbox', { name: 'Min hole size' });
    await userEvent.clear(hole);
    await userEvent.type(hole, '-0.2');
    expect(hole).toHaveProperty('value', '-0.2');
    await userEvent.click(form.getByRole('button', { name: 'Save settings' }));
    expect(form.getByText('Min hole size should be greater than 0 mm')).toBeTruthy();
    expect(document.activeElement).toBe(hole);
    await waitFor(() =>
      expect(notificationsStore.getState().notifications.map((toast) => toast.message)).toContain(
        'Board settings not saved\nMin hole size should be greater than 0 mm',
      ),
    );
    expect(server.requests.some((request) => request.url.includes('saveSettings'))).toBe(false);
    // A cleared field is no size either, not 0.
    await userEvent.clear(hole);
    await userEvent.tab();
    expect(hole).toHaveProperty('value', '');
    expect(form.getByText('Min hole size should be greater than 0 mm')).toBeTruthy();
  });

  it('saves valid settings and shows what the server refuses on its field', async () => {
    let answer: { status: number; body: unknown } = {
      status: 422,
      body: { error: { boardMaterial: 'Board material should be selected' }, code: 'VALIDATION' },
    };
    server.on('POST', '/api/products/21/saveSettings', () => answer);
    renderTab(sampleProductPage({ product: { ...sampleProductPage().product, id: 21 } }));
    const form = await settingsForm();
    await userEvent.type(form.getByRole('textbox', { name: 'Width' }), '2');
    await userEvent.type(form.getByRole('textbox', { name: 'Length' }), '3');
    await userEvent.click(form.getByRole('combobox', { name: 'Number of layers' }));
    await userEvent.click(await screen.findByRole('option', { name: '2' }));
    await userEvent.click(form.getByRole('button', { name: 'Save settings' }));
    expect(await form.findByText('Board material should be selected')).toBeTruthy();
    const sent = server.requests.find((request) => request.url.endsWith('/saveSettings'));
    expect(sent?.body).toMatchObject({ boardWidth: 2, boardLength: 3, numberLayers: 2 });

    answer = { status: 200, body: { settings: { ...DEFAULT_BOARD_SETTINGS, boardWidth: 2 } } };
    await userEvent.click(form.getByRole('button', { name: 'Save settings' }));
    await waitFor(() =>
      expect(notificationsStore.getState().notifications.map((toast) => toast.message)).toContain(
        'Board settings saved',
      ),
    );
    expect(form.queryByText('Board material should be selected')).toBeNull();
  });

  it('shows everything disabled to a read-only member', async () => {
    renderTab(sampleProductPage({ canEdit: false }), false);
    const form = await settingsForm();
    expect(form.getByRole('textbox', { name: 'Width' })).toHaveProperty('disabled', true);
    expect(form.queryByRole('button', { name: 'Save settings' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Create outline' })).toBeNull();
  });
});
