import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { writeToken } from '../lib/browser-storage.ts';
import { FakeServer } from '../testing/fake-server.ts';
import { RouteErrorBoundary } from './route-error-boundary.tsx';
import { theme } from './theme.ts';

let server: FakeServer;

beforeEach(() => {
  server = new FakeServer().on('POST', '/api/errorReport/store', {
    status: 201,
    body: { success: true },
  });
  vi.stubGlobal('fetch', server.fetch);
  // React and the router log caught render errors; the assertions below are what matters.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

let viewError: Error = new Error('not set');

function FailingView(): never {
  throw viewError;
}

function renderFailingView(error: Error) {
  viewError = error;
  const router = createMemoryRouter([
    { path: '/', Component: FailingView, ErrorBoundary: RouteErrorBoundary },
  ]);
  render(
    <MantineProvider theme={theme}>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
}

describe('RouteErrorBoundary', () => {
  it('offers a reload when a view chunk failed to download', async () => {
    writeToken('token-1');
    renderFailingView(
      new TypeError('Failed to fetch dynamically imported module: /assets/app/js/cabinet-1.js'),
    );
    expect(
      await screen.findByRole('heading', { name: 'This page could not be loaded' }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload page' })).toBeTruthy();
    // A download failure is not a bug in the app: nothing is reported.
    expect(server.requests).toHaveLength(0);
  });

  it('reports an unexpected error to the server when logged in', async () => {
    writeToken('token-1');
    renderFailingView(new RangeError('Invalid array length'));
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    await waitFor(() => expect(server.requests).toHaveLength(1));
    const report = server.requests[0]!;
    expect(report.url).toBe('/api/errorReport/store');
    expect(report.headers.get('Authorization')).toBe('Bearer token-1');
    expect(report.body).toMatchObject({
      message: 'Invalid array length',
      error_name: 'RangeError',
      location: window.location.href,
    });
    expect((report.body as { trace: string }).trace).toContain('Invalid array length');
  });

  it('reports nothing without a token', async () => {
    renderFailingView(new Error('Something else broke'));
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(server.requests).toHaveLength(0);
  });
});
