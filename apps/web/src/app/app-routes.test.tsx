import { MantineProvider } from '@mantine/core';
import { notifications, notificationsStore } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readLastVisitedPath, writeLastVisitedPath, writeToken } from '../lib/browser-storage.ts';
import { queryClient } from '../lib/query-client.ts';
import { FakeServer, sampleUser } from '../testing/fake-server.ts';
import { appRoutes } from './app-routes.tsx';
import { theme } from './theme.ts';

// The guard as wired into the router: real routes, lazy views and the middleware, with the
// server answered by a FakeServer.

let server: FakeServer;

beforeEach(() => {
  server = new FakeServer()
    .on('GET', '/api/addresses', { status: 200, body: { addresses: [] } })
    .on('GET', '/api/currency', { status: 200, body: { currencies: [] } });
  vi.stubGlobal('fetch', server.fetch);
});

afterEach(() => {
  queryClient.clear();
  notifications.clean();
  vi.unstubAllGlobals();
});

function signedInAs(user: ReturnType<typeof sampleUser> | null) {
  writeToken('token-1');
  server.on('GET', '/api/user', { status: 200, body: { user } });
}

function open(path: string) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return router;
}

async function landsOn(router: ReturnType<typeof open>, path: string) {
  await waitFor(() => {
    expect(router.state.navigation.state).toBe('idle');
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(path);
  });
}

describe('the navigation guard in the router', () => {
  it('sends anonymous users to /login and remembers where they were going', async () => {
    const router = open('/cabinet');
    await landsOn(router, '/login');
    expect(readLastVisitedPath()).toBe('/cabinet');
    await waitFor(() => expect(document.title).toBe('Log in'));
  });

  it('sends users with an unconfirmed email to /confirmEmail', async () => {
    signedInAs(sampleUser({ isConfirmedEmail: false }));
    const router = open('/workspace');
    await landsOn(router, '/confirmEmail');
    expect(readLastVisitedPath()).toBe('/workspace');
  });

  it('sends logged-in users from /login through /projects to the workspace', async () => {
    signedInAs(sampleUser());
    const router = open('/login');
    await landsOn(router, '/workspace');
  });

  it('sends confirmed users away from /confirmEmail', async () => {
    signedInAs(sampleUser());
    const router = open('/confirmEmail');
    await landsOn(router, '/workspace');
  });

  it('returns to the recorded path after the email confirmation link', async () => {
    signedInAs(sampleUser());
    writeLastVisitedPath('/cabinet');
    const router = open('/projects?emailConfirmed=1');
    await landsOn(router, '/cabinet');
    const titles = notificationsStore.getState().notifications.map((toast) => toast.title);
    expect(titles).toContain('Success');
  });

  it('re-reads the token on each navigation', async () => {
    signedInAs(sampleUser());
    const router = open('/workspace');
    await landsOn(router, '/workspace');
    // Another tab logs out.
    writeToken(null);
    await act(() => router.navigate('/cabinet'));
    await landsOn(router, '/login');
  });

  it('titles parameterised routes with the id', async () => {
    signedInAs(sampleUser());
    const router = open('/createDocument/order/17');
    await landsOn(router, '/createDocument/order/17');
    await waitFor(() => expect(document.title).toBe('Create document: 17'));
  });
});
