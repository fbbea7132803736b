import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { forbidden, notFound } from '../../http/errors.ts';
import type { Authenticator } from '../../http/router.ts';
import { canReadCompany } from '../auth/authorization.ts';
import { isObjectKey } from './object-store.ts';
import type { LinkDisposition } from './signed-links.ts';
import type { StorageService } from './storage.service.ts';

const StorageQuery = z.object({
  expires: z.string().optional(),
  disposition: z.enum(['inline', 'attachment']).optional(),
  signature: z.string().optional(),
  download: z.string().optional().meta({ description: 'With a bearer token: 1 downloads' }),
});

/** RFC 6266 / 5987: an ASCII fallback plus the exact UTF-8 name. */
function contentDisposition(disposition: LinkDisposition, name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * GET /storage/{key}: a stored file, to members of its company (bearer token) and to anyone with
 * a valid signed link (for <img> and <a>, which send no header). Other companies' files answer
 * 404, as if they did not exist.
 */
export function registerStorageRoutes(
  app: FastifyInstance,
  storage: StorageService,
  authenticate: Authenticator,
): void {
  app.get(
    '/storage/*',
    {
      schema: {
        summary:
          'A stored file: with a signed link (expires, disposition, signature) or a bearer token',
        tags: ['Storage'],
        querystring: StorageQuery,
      },
    },
    async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      const query = request.query as z.infer<typeof StorageQuery>;
      if (!isObjectKey(key)) throw notFound('file');

      let disposition: LinkDisposition;
      if (query.signature !== undefined) {
        const check = await storage.checkLink(key, query);
        if (check.type === 'invalid') throw notFound('file');
        if (check.type === 'expired') {
          throw forbidden('This link has expired: reload the page for a new one');
        }
        disposition = check.disposition;
      } else {
        const actor = await authenticate(request, 'confirmed');
        const owner = await storage.findOne(key);
        if (!owner || !canReadCompany(actor, owner.companyId)) throw notFound('file');
        disposition = query.download === '1' ? 'attachment' : 'inline';
      }
      // A signed link outlives nothing: a deleted file is gone.
      const row = await storage.findOne(key);
      if (!row) throw notFound('file');
      const object = await storage.store.open(key);
      if (!object) {
        request.log.error({ key }, 'a registered file is missing from the object store');
        throw notFound('file');
      }
      return (
        reply
          .header('content-type', row.contentType)
          .header('content-length', String(object.size))
          .header('content-disposition', contentDisposition(disposition, row.name))
          .header('cache-control', 'private, max-age=300')
          // User content: never run as a page of this origin, whatever it contains.
          .header(
            'content-security-policy',
            "default-src 'none'; style-src 'unsafe-inline'; sandbox",
          )
          .header('x-content-type-options', 'nosniff')
          .send(object.body)
      );
    },
  );
}
