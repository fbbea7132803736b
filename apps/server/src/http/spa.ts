import fs from 'node:fs';
import path from 'node:path';
import { SPA_ROUTES } from '@circuits/contracts';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

export type SpaShell = {
  /** Answers with the web app's index.html (or a notice when it is not built). */
  send(reply: FastifyReply, status: number): FastifyReply;
};

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Circuits</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto">
<h1>Circuits</h1>
<p>The API is running, but the web app has not been built. Run <code>npm start</code> from the
project root (it builds the web app), or <code>npm run build</code> and restart the server.</p>
<p>API documentation: <a href="/api/docs">/api/docs</a></p>
</body></html>`;

/** Headers a hashed asset is sent without (see the hook in registerSpa). */
export const DOCUMENT_ONLY_HEADERS = [
  'etag',
  'last-modified',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-frame-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;

/**
 * Serves the built web app: hashed files under /assets/ are immutable, everything else is
 * revalidated, and every SPEC §2 route answers with the SPA shell. The build writes a brotli
 * (`.br`) and a gzip (`.gz`) copy beside each text file: the one the client accepts is sent
 * (brotli first), with `Content-Encoding` and `Vary: Accept-Encoding`.
 */
export async function registerSpa(app: FastifyInstance, distDir: string): Promise<SpaShell> {
  const indexFile = path.join(distDir, 'index.html');
  const built = fs.existsSync(indexFile);

  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/',
      index: false,
      wildcard: true,
      serveDotFiles: false,
      cacheControl: false,
      preCompressed: true,
      setHeaders(reply, filePath) {
        const hashedAsset = path.relative(distDir, filePath).startsWith(`assets${path.sep}`);
        reply.header(
          'cache-control',
          hashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  // A page loads twenty or more of these files: every header line is paid that many times, and
  // the headers of a small script outweigh its body. A content-hashed file is never revalidated,
  // so it needs no validators, and the headers that apply to documents only (framing, opener,
  // agent cluster, DNS prefetching, legacy IE, Flash and XSS-filter switches) do nothing on a
  // script or a stylesheet. The content security policy stays: a worker script takes its policy
  // from its own response.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/assets/')) {
      for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
    }
    return payload;
  });

  const shell: SpaShell = {
    send(reply, status) {
      reply.code(status).header('cache-control', 'no-cache');
      if (!built) return reply.code(503).type('text/html; charset=utf-8').send(NOT_BUILT_PAGE);
      return reply.sendFile('index.html', distDir);
    },
  };

  for (const route of SPA_ROUTES) {
    app.get(route.path, (_request, reply) => shell.send(reply, 200));
  }
  return shell;
}
