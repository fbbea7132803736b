import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-error.ts';
import { renderInApp } from '../testing/render.tsx';
import { ErrorBlock, errorReason, LoadErrorBlock } from './load-states.tsx';

const serverSaid = new ApiError(500, { type: 'message', message: 'The database is not reachable' });

describe('errorReason', () => {
  it("gives the server's message, and for anything else a plain sentence", () => {
    expect(errorReason(serverSaid)).toBe('The database is not reachable');
    expect(errorReason(new TypeError('Failed to fetch'))).toBe('Something went wrong');
    expect(errorReason('odd')).toBe('Something went wrong');
  });

  it("gives an error's own text when asked to", () => {
    const error = new Error('unable to determine filetype');
    expect(errorReason(error, { showErrorText: true })).toBe('unable to determine filetype');
    expect(errorReason('odd', { showErrorText: true })).toBe('Something went wrong');
  });
});

describe('LoadErrorBlock and ErrorBlock', () => {
  it('say what could not be loaded and why, and try again on request', async () => {
    const onRetry = vi.fn();
    renderInApp(<LoadErrorBlock what="Your company" error={serverSaid} onRetry={onRetry} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your company could not be loaded');
    expect(alert.textContent).toContain('The database is not reachable');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('take any title and reason', async () => {
    renderInApp(
      <ErrorBlock
        title="The board could not be rendered"
        reason="Out of memory"
        onRetry={vi.fn()}
      />,
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The board could not be rendered');
    expect(alert.textContent).toContain('Out of memory');
  });
});
