import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { SPA_ROUTES } from '@circuits/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../test/test-server.ts';
import { DOCUMENT_ONLY_HEADERS } from './spa.ts';

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
// The build's compressed copies (apps/web/build/precompress.ts) beside a script and the shell.
const SCRIPT = `export const parts = [${Array.from({ length: 400 }, (_, i) => `"part ${i}"`).join(',')}];`;
fs.writeFileSync(path.join(dist, 'assets/app/js/parts-5e6f7a.js'), SCRIPT);
fs.writeFileSync(
  path.join(dist, 'assets/app/js/parts-5e6f7a.js.br'),
  zlib.brotliCompressSync(SCRIPT),
);
fs.writeFileSync(path.join(dist, 'assets/app/js/parts-5e6f7a.js.gz'), zlib.gzipSync(SCRIPT));
fs.writeFileSync(path.join(dist, 'index.html.br'), zlib.brotliCompressSync(INDEX));
fs.writeFileSync(path.join(dist, 'index.html.gz'), zlib.gzipSync(INDEX));

/** A GET that leaves the body as sent (fetch would decompress it). */
function rawGet(
  url: string,
  acceptEncoding: string | undefined,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
      })
      .on('error', reject);
  });
}

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

  it('sends hashed files without validators or document-only headers, the page with them', async () => {
    const script = await server().request('GET', '/assets/app/js/main-3f2a1b.js');
    expect(script.status).toBe(200);
    for (const name of DOCUMENT_ONLY_HEADERS) expect(script.headers.get(name), name).toBeNull();
    // What a script still needs: no sniffing, same-origin only, and its own policy for workers.
    expect(script.headers.get('x-content-type-options')).toBe('nosniff');
    expect(script.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(script.headers.get('content-security-policy')).toContain("default-src 'self'");
    const page = await server().request('GET', '/login');
    expect(page.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(page.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(page.headers.get('etag')).not.toBeNull();
  });

  it('sends the compressed copy the browser accepts, brotli first, varying on Accept-Encoding', async () => {
    const url = `${server().url}/assets/app/js/parts-5e6f7a.js`;
    const browser = await rawGet(url, 'gzip, deflate, br, zstd');
    expect(browser.status).toBe(200);
    expect(browser.headers['content-encoding']).toBe('br');
    expect(browser.headers.vary).toContain('accept-encoding');
    expect(browser.headers['content-type']).toContain('javascript');
    expect(browser.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(browser.headers['content-length'])).toBe(browser.body.length);
    expect(browser.body.length).toBeLessThan(SCRIPT.length / 3);
    expect(zlib.brotliDecompressSync(browser.body).toString()).toBe(SCRIPT);

    const gzipOnly = await rawGet(url, 'gzip');
    expect(gzipOnly.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzipOnly.body).toString()).toBe(SCRIPT);

    for (const plain of [await rawGet(url, undefined), await rawGet(url, 'identity')]) {
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toContain('accept-encoding');
      expect(plain.body.toString()).toBe(SCRIPT);
    }

    // A file the build left uncompressed is sent as it is.
    const style = await rawGet(`${server().url}/assets/app/css/main-9c8d7e.css`, 'br, gzip');
    expect(style.headers['content-encoding']).toBeUndefined();
    expect(style.body.toString()).toBe('body{margin:0}');
  });

  it('sends the shell of every route compressed too, revalidated', async () => {
    const shell = await rawGet(`${server().url}/login`, 'gzip, deflate, br');
    expect(shell.status).toBe(200);
    expect(shell.headers['content-encoding']).toBe('br');
    expect(shell.headers['content-type']).toContain('text/html');
    expect(shell.headers['cache-control']).toBe('no-cache');
    expect(zlib.brotliDecompressSync(shell.body).toString()).toBe(INDEX);
    const missing = await rawGet(`${server().url}/no/such/page`, 'gzip');
    expect(missing.status).toBe(404);
    expect(zlib.gunzipSync(missing.body).toString()).toBe(INDEX);
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
