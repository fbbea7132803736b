import { notifications, notificationsStore } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { writeToken } from '../../../lib/browser-storage.ts';
import { FakeServer, sampleUser } from '../../../testing/fake-server.ts';
import { renderInApp } from '../../../testing/render.tsx';
import { ConfirmEmailPanel, RESEND_PAUSE_SECONDS } from './confirm-email-panel.tsx';

let server: FakeServer;

beforeEach(() => {
  writeToken('token-1');
  server = new FakeServer()
    .on('GET', '/api/user', {
      status: 200,
      body: { user: sampleUser({ isConfirmedEmail: false }) },
    })
    .on('POST', '/api/email/resend', { status: 200, body: { isEmailWithConfirmWasSend: true } });
  vi.stubGlobal('fetch', server.fetch);
});

afterEach(() => {
  notifications.clean();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function toastMessages() {
  return notificationsStore.getState().notifications.map((toast) => toast.message);
}

describe('ConfirmEmailPanel', () => {
  it('sends the link once for four quick clicks, with one toast, then rests', async () => {
    renderInApp(<ConfirmEmailPanel linkProblem={null} onConfirmed={() => {}} />);
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Send the link again' });
    // As in the app, where the route has loaded the user before the panel shows.
    await screen.findAllByText(/editor@northwind\.example/, {}, { timeout: 15_000 });
    for (let click = 0; click < 4; click += 1) await user.click(button);

    await waitFor(() =>
      expect(button.textContent).toBe(`Sent. Again in ${RESEND_PAUSE_SECONDS} s`),
    );
    expect(button).toHaveProperty('disabled', true);
    expect(server.requests.filter((request) => request.url === '/api/email/resend')).toHaveLength(
      1,
    );
    expect(toastMessages()).toEqual([
      'A new confirmation link is on its way to editor@northwind.example.',
    ]);

    // Once the pause is over the link can be sent again, and its toast replaces the first.
    const later = Date.now() + RESEND_PAUSE_SECONDS * 1000 + 1;
    vi.spyOn(Date, 'now').mockReturnValue(later);
    await waitFor(() => expect(button.textContent).toBe('Send the link again'), { timeout: 3000 });
    vi.restoreAllMocks();
    await user.click(button);
    await waitFor(() =>
      expect(server.requests.filter((request) => request.url === '/api/email/resend')).toHaveLength(
        2,
      ),
    );
    await waitFor(() => expect(button.textContent).toMatch(/^Sent\. Again in/));
    expect(toastMessages()).toHaveLength(1);
  });

  it('shows the server\'s "wait" once for four clicks too soon after the last email', async () => {
    const wait =
      'We have just sent you an email. Please wait 42 seconds before asking for another.';
    server.on('POST', '/api/email/resend', {
      status: 429,
      body: { error: wait, code: 'rate_limited' },
    });
    renderInApp(<ConfirmEmailPanel linkProblem={null} onConfirmed={() => {}} />);
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Send the link again' });
    // As in the app, where the route has loaded the user before the panel shows.
    await screen.findAllByText(/editor@northwind\.example/, {}, { timeout: 15_000 });
    for (let click = 0; click < 4; click += 1) await user.click(button);

    await waitFor(() => expect(button).toHaveProperty('disabled', true));
    expect(server.requests.filter((request) => request.url === '/api/email/resend')).toHaveLength(
      1,
    );
    expect(toastMessages()).toEqual([wait]);
    expect(notificationsStore.getState().notifications[0]?.title).toBe('Warning');
  });
});
