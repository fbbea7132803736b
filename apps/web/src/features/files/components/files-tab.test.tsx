import { notifications, notificationsStore } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeServer } from '../../../testing/fake-server.ts';
import { renderInApp } from '../../../testing/render.tsx';
import { sampleBoardFile, sampleFile, sampleProductPage } from '../../../testing/samples.ts';
import { FilesTab } from './files-tab.tsx';

let server: FakeServer;

beforeEach(() => {
  server = new FakeServer();
  vi.stubGlobal('fetch', server.fetch);
});

afterEach(() => {
  notifications.clean();
  vi.unstubAllGlobals();
});

const top = sampleFile(1, 'board.gtl', 2);
const drill = sampleFile(2, 'board.drl', 2);
const notes = sampleFile(3, 'readme.md', 1);
const bom = sampleFile(4, 'bom.csv', 4);
const spare = sampleFile(5, 'spare.gbr', 2);
const page = sampleProductPage({
  files: [top, drill, notes, bom, spare],
  boardFiles: [sampleBoardFile(top, 'topCopper'), sampleBoardFile(drill, 'initialType')],
});

function renderTab(canEdit: boolean) {
  renderInApp(
    <FilesTab
      productId={21}
      files={page.files}
      boardFiles={page.boardFiles}
      fileTypes={page.files_types}
      canEdit={canEdit}
      adminView={false}
    />,
  );
}

function row(name: string) {
  const cell = within(screen.getByRole('table', { name: 'Product files' })).getByText(name);
  const element = cell.closest('tr');
  if (!element) throw new Error(`no row for ${name}`);
  return within(element);
}

describe('FilesTab', () => {
  it('shows each file with its type, size and board layer, and what the board lacks', () => {
    renderTab(true);
    expect(row('board.gtl').getByRole('combobox', { name: 'Type of board.gtl' })).toHaveProperty(
      'value',
      'Gerber',
    );
    expect(row('board.gtl').getByTestId('board-layer').textContent).toBe('Top copper');
    expect(row('board.drl').getByTestId('board-layer').textContent).toBe('Not selected');
    expect(row('readme.md').getByTestId('board-layer').textContent).toBe('—');
    expect(row('board.gtl').getByText('2.0 KB')).toBeTruthy();
    // Only Gerber files (Gerber and drill content) not on the board yet are offered for it.
    expect(
      row('spare.gbr').getByRole('button', { name: 'Add spare.gbr to the board' }),
    ).toBeTruthy();
    expect(row('readme.md').queryByRole('button', { name: /to the board/ })).toBeNull();
    expect(row('bom.csv').queryByRole('button', { name: /to the board/ })).toBeNull();
    expect(row('board.gtl').queryByRole('button', { name: /to the board/ })).toBeNull();
    expect(screen.getByText('1 file has no type yet: choose one for each.')).toBeTruthy();
    const problems = screen.getByRole('alert', { name: 'The board is not ready' });
    expect(problems.textContent).toContain('Files types should be selected');
    expect(problems.textContent).toContain('Drills should be selected');
  });

  it('sends a new type for a file', async () => {
    server.on('POST', '/api/products/21/updateFiles', {
      status: 200,
      body: {
        files: [top, drill, { ...notes, type_id: 3 }, bom, spare],
        boardFiles: page.boardFiles,
      },
    });
    renderTab(true);
    const user = userEvent.setup();
    await user.click(row('readme.md').getByRole('combobox', { name: 'Type of readme.md' }));
    await user.click(await screen.findByRole('option', { name: 'Other' }));
    await waitFor(() => expect(server.requests).toHaveLength(1));
    expect(server.requests[0]?.body).toEqual({ files: [{ id: 3, type_id: 3 }] });
    await waitFor(() =>
      expect(notificationsStore.getState().notifications.map((toast) => toast.message)).toContain(
        'readme.md is now Other',
      ),
    );
  });

  it('deletes a file only after the user confirms', async () => {
    server.on('DELETE', '/api/products/21/files/1', {
      status: 200,
      body: { files: [drill, notes], boardFiles: [page.boardFiles[1]] },
    });
    renderTab(true);
    const user = userEvent.setup();
    await user.click(row('board.gtl').getByRole('button', { name: 'Delete board.gtl' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete file' });
    expect(dialog.textContent).toContain('and from the board');
    expect(server.requests).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete file' }));
    await waitFor(() => expect(server.requests[0]?.method).toBe('DELETE'));
    expect(server.requests[0]?.url).toBe('/api/products/21/files/1');
  });

  it('gives read-only members downloads and nothing to change', () => {
    renderTab(false);
    expect(screen.queryByRole('region', { name: 'Upload files' })).toBeNull();
    expect(screen.queryAllByRole('combobox')).toEqual([]);
    expect(screen.queryByRole('button', { name: /^Delete / })).toBeNull();
    expect(screen.queryByRole('button', { name: /to the board$|off the board$/ })).toBeNull();
    expect(
      row('board.gtl').getByRole('link', { name: 'Download board.gtl' }).getAttribute('href'),
    ).toBe(top.downloadLink);
    expect(row('readme.md').getByText('Unknown')).toBeTruthy();
  });
});
