import { MantineProvider } from '@mantine/core';
import { notifications, notificationsStore } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
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

const routers: ReturnType<typeof createMemoryRouter>[] = [];

/**
 * The routes with their own `lazy` objects: a router marks a lazy property loaded by clearing it
 * in that object, so a router made for a later test would otherwise never load the view.
 */
function freshRoutes(routes: RouteObject[]): RouteObject[] {
  return routes.map(
    (route) =>
      ({
        ...route,
        lazy: typeof route.lazy === 'object' ? { ...route.lazy } : route.lazy,
        children: route.children ? freshRoutes(route.children) : undefined,
      }) as RouteObject,
  );
}

afterEach(() => {
  for (const router of routers.splice(0)) router.dispose();
  queryClient.clear();
  notifications.clean();
  vi.unstubAllGlobals();
});

function signedInAs(user: ReturnType<typeof sampleUser> | null) {
  writeToken('token-1');
  server.on('GET', '/api/user', { status: 200, body: { user } });
}

function open(path: string) {
  const router = createMemoryRouter(freshRoutes(appRoutes), { initialEntries: [path] });
  routers.push(router);
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

  it('tells members who are not administrators that the admin panel is not for them', async () => {
    signedInAs(sampleUser({ role: 'other', company_role: 'view' }));
    const router = open('/adminPanel');
    await landsOn(router, '/adminPanel');
    expect(
      await screen.findByRole('heading', { name: 'Not allowed' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(
      screen.getByText(/This page is for administrators and moderators of Circuits/),
    ).toBeTruthy();
    expect(screen.queryByText(/not available yet/)).toBeNull();
  });

  it('opens the admin panel for administrators', async () => {
    signedInAs(sampleUser({ role: 'admin' }));
    const router = open('/adminPanel');
    await landsOn(router, '/adminPanel');
    expect(
      await screen.findByRole('heading', { name: 'Admin panel' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Not allowed' })).toBeNull();
  });

  it('opens the admin panel read-only for moderators', async () => {
    signedInAs(sampleUser({ role: 'moderator' }));
    const router = open('/adminPanel');
    await landsOn(router, '/adminPanel');
    expect(
      await screen.findByRole('heading', { name: 'Admin panel' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(await screen.findByText(/Read-only: moderators see everything here/)).toBeTruthy();
  });

  it('tells company editors the admin panel is not for them', async () => {
    signedInAs(sampleUser({ role: 'other', company_role: 'edit' }));
    const router = open('/adminPanel');
    await landsOn(router, '/adminPanel');
    expect(
      await screen.findByRole('heading', { name: 'Not allowed' }, { timeout: 5000 }),
    ).toBeTruthy();
  });

  it('titles parameterised routes with the id', async () => {
    signedInAs(sampleUser());
    const router = open('/createDocument/order/17');
    await landsOn(router, '/createDocument/order/17');
    await waitFor(() => expect(document.title).toBe('Create document: 17'));
  });
});
