import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readLastUserId, readToken } from '../../../lib/browser-storage.ts';
import { FakeServer, sampleUser } from '../../../testing/fake-server.ts';
import { renderInApp } from '../../../testing/render.tsx';
import { LoginForm } from './login-form.tsx';

let server: FakeServer;

beforeEach(() => {
  server = new FakeServer();
  vi.stubGlobal('fetch', server.fetch);
});

afterEach(() => vi.unstubAllGlobals());

async function submit(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByRole('textbox', { name: 'Email' }), email);
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('LoginForm', () => {
  it('checks the fields before asking the server', async () => {
    renderInApp(<LoginForm onLoggedIn={() => {}} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log in' }));
    // The checks (the contracts and zod) are loaded by the first submit or keystroke: the first
    // one in this process compiles them.
    expect(await screen.findByText('Email is required', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(server.requests).toHaveLength(0);
  });

  it('shows the server message when the login is refused', async () => {
    server.on('POST', '/api/login', {
      status: 422,
      body: { error: 'Wrong email or password', code: 'invalid_credentials' },
    });
    const onLoggedIn = vi.fn();
    renderInApp(<LoginForm onLoggedIn={onLoggedIn} />);
    await submit('Erin@Northwind.example', 'wrong');
    expect((await screen.findByRole('alert')).textContent).toContain('Wrong email or password');
    expect(server.requests[0]?.body).toEqual({
      email: 'erin@northwind.example',
      password: 'wrong',
    });
    expect(onLoggedIn).not.toHaveBeenCalled();
    expect(readToken()).toBeNull();
  });

  it('puts field messages from the server on their fields', async () => {
    server.on('POST', '/api/login', {
      status: 422,
      body: { error: { email: 'No account uses this email' }, code: 'validation_failed' },
    });
    renderInApp(<LoginForm onLoggedIn={() => {}} />);
    await submit('nobody@example.com', 'secret-secret');
    expect(await screen.findByText('No account uses this email')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('starts the session and remembers the user on success', async () => {
    server.on('POST', '/api/login', {
      status: 200,
      body: { token: 'fresh-token', user: sampleUser({ id: 41 }) },
    });
    const onLoggedIn = vi.fn();
    renderInApp(<LoginForm onLoggedIn={onLoggedIn} />);
    await submit('editor@northwind.example', 'circuits-demo');
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledOnce());
    expect(readToken()).toBe('fresh-token');
    expect(readLastUserId()).toBe(41);
  });
});
