import {
  checkProductIssues,
  DEFAULT_BOARD_SETTINGS,
  DEFAULT_BOARD_SETTINGS_OPTIONS,
} from '@circuits/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../testing/render.tsx';
import { ProductIssuesPanel } from './product-issues-panel.tsx';

const issues = checkProductIssues({
  product: { name: 'Gateway', partNumber: 'G1' },
  files: [],
  boardFiles: [],
  settings: DEFAULT_BOARD_SETTINGS,
  options: DEFAULT_BOARD_SETTINGS_OPTIONS,
  bom: [],
  placements: [],
});

function renderPanel(onSendReport: (email: string) => Promise<unknown> = vi.fn()) {
  renderInApp(
    <ProductIssuesPanel
      issues={issues}
      defaultEmail="erin@northwind.example"
      onSendReport={onSendReport}
    />,
  );
}

describe('ProductIssuesPanel', () => {
  it('counts the issues per tab and lists them numbered', async () => {
    renderPanel();
    expect(screen.getByText(`${issues.length} issues to check`)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    const product = within(screen.getByRole('group', { name: 'Product issues' }));
    expect(product.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Product part number is too short',
    ]);
    const board = within(screen.getByRole('group', { name: 'Board issues' }));
    expect(board.getAllByRole('listitem')[0]?.textContent).toBe(
      'There are no files attached to the board',
    );
  });

  it('says when there is nothing to fix', () => {
    renderInApp(<ProductIssuesPanel issues={[]} defaultEmail="" onSendReport={vi.fn()} />);
    expect(screen.getByText('No issues')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show' })).toBeNull();
  });

  it('sends the report to a valid address only', async () => {
    const send = vi.fn().mockResolvedValue(undefined);
    renderPanel(send);
    await userEvent.click(screen.getByRole('button', { name: 'Send report' }));
    const form = within(await screen.findByRole('form', { name: 'Send report' }));
    const email = form.getByRole('textbox', { name: 'Email' });
    expect(email).toHaveProperty('value', 'erin@northwind.example');
    await userEvent.clear(email);
    await userEvent.type(email, 'erin');
    await userEvent.click(form.getByRole('button', { name: 'Send' }));
    expect(form.getByText('Enter a valid email address')).toBeTruthy();
    expect(send).not.toHaveBeenCalled();
    await userEvent.type(email, '@northwind.example');
    await userEvent.click(form.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(send).toHaveBeenCalledWith('erin@northwind.example'));
  });

  it('opens the report form inside the panel, above the issue list it sends', async () => {
    renderPanel();
    const panel = within(screen.getByRole('region', { name: 'Issues' }));
    await userEvent.click(panel.getByRole('button', { name: 'Show' }));
    await userEvent.click(panel.getByRole('button', { name: 'Send report' }));
    const form = panel.getByRole('form', { name: 'Send report' });
    const list = panel.getByRole('group', { name: 'Board issues' });
    // In the document flow before the list, not floating over it.
    expect(form.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(form).getByRole('textbox', { name: 'Email' })).toBe(document.activeElement);
    await userEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(panel.queryByRole('form', { name: 'Send report' })).toBeNull();
    expect(panel.getByRole('group', { name: 'Board issues' })).toBeTruthy();
  });
});
