import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SPA_ROUTES } from '@circuits/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../test/test-server.ts';

// A stand-in for the Vite build, laid out as the web app builds it.
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'circuits-dist-'));
const INDEX =
  '<!doctype html><html><head><title>Circuits</title></head><body><div id="root"></div></body></html>';
fs.mkdirSync(path.join(dist, 'assets/app/js'), { recursive: true });
fs.mkdirSync(path.join(dist, 'assets/app/css'), { recursive: true });
fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
fs.writeFileSync(path.join(dist, 'assets/app/js/main-3f2a1b.js'), 'console.log("app")');
fs.writeFileSync(path.join(dist, 'assets/app/css/main-9c8d7e.css'), 'body{margin:0}');
fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

function concrete(route: string): string {
  return route.replace(/:(\w+)/g, (_, name: string) => (name === 'type' ? 'order' : '42'));
}

describe('serving the web app', () => {
  const server = useTestServer('pglite', { env: { WEB_DIST_DIR: dist } });
  afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

  it('answers every SPEC §2 route with the shell, revalidated on each visit', async () => {
    for (const route of SPA_ROUTES) {
      const response = await server().request('GET', `${concrete(route.path)}?initTab=Files`);
      expect(response.status, route.path).toBe(200);
      expect(response.text).toBe(INDEX);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    }
  });

  it('serves hashed scripts and styles as immutable', async () => {
    const script = await server().request('GET', '/assets/app/js/main-3f2a1b.js');
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toContain('javascript');
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const style = await server().request('GET', '/assets/app/css/main-9c8d7e.css');
    expect(style.headers.get('content-type')).toContain('text/css');
    expect(style.text).toBe('body{margin:0}');
  });

  it('serves other files of the build, revalidated', async () => {
    const icon = await server().request('GET', '/favicon.svg');
    expect(icon.status).toBe(200);
    expect(icon.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers a missing asset with a plain 404, never the shell', async () => {
    const response = await server().request('GET', '/assets/app/js/998-missing.js');
    expect(response.status).toBe(404);
    expect(response.text).toBe('Not found');
  });

  it('answers unknown pages with the shell and status 404, so the app shows its not-found view', async () => {
    const response = await server().request('GET', '/no/such/page');
    expect(response.status).toBe(404);
    expect(response.text).toBe(INDEX);
  });

  it('does not serve files outside the build', async () => {
    const response = await server().request('GET', '/assets/../../../etc/passwd');
    expect(response.status).toBe(404);
    expect(response.text).not.toContain('root:');
  });
});

describe('before the web app is built', () => {
  const server = useTestServer('pglite');

  it('explains how to build it', async () => {
    const response = await server().request('GET', '/workspace');
    expect(response.status).toBe(503);
    expect(response.text).toContain('the web app has not been built');
  });
});
