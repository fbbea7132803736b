import { createHmac, timingSafeEqual } from 'node:crypto';

export type LinkDisposition = 'inline' | 'attachment';

export const STORAGE_PATH_PREFIX = '/storage/';

const MAX_REMEMBERED_LINKS = 100_000;

export type LinkCheck =
  | { type: 'valid'; disposition: LinkDisposition }
  | { type: 'expired' }
  | { type: 'invalid' };

export type LinkQuery = { expires?: string; disposition?: string; signature?: string };

/**
 * Signs /storage links so <img> and <a> can fetch a file without a bearer header. A link names
 * the object key, an expiry and how to present the file, and is valid only with all three as
 * signed. Expiries are rounded to half the lifetime, so a file's link stays the same (and
 * cacheable) for a while and is always valid for at least half the lifetime.
 */
export function createLinkSigner(secret: string, ttlMs: number) {
  const stepSeconds = Math.max(1, Math.floor(ttlMs / 2000));

  const hmacOf = (key: string, expires: number, disposition: LinkDisposition) =>
    createHmac('sha256', secret).update(`${key}\n${expires}\n${disposition}`).digest('base64url');

  // A link stays the same for a whole step: it is signed once per step.
  let signedExpiry = 0;
  const signed = new Map<string, string>();

  return {
    /** Links signed in one period are the same: a number that changes when they would. */
    periodOf(now: Date): number {
      return Math.floor(now.getTime() / 1000 / stepSeconds);
    },

    sign(key: string, disposition: LinkDisposition, now: Date): string {
      const nowSeconds = Math.floor(now.getTime() / 1000);
      const expires = (Math.floor(nowSeconds / stepSeconds) + 2) * stepSeconds;
      if (expires !== signedExpiry || signed.size >= MAX_REMEMBERED_LINKS) {
        signed.clear();
        signedExpiry = expires;
      }
      const name = `${disposition}:${key}`;
      let link = signed.get(name);
      if (link === undefined) {
        const query = new URLSearchParams({
          expires: String(expires),
          disposition,
          signature: hmacOf(key, expires, disposition),
        });
        link = `${STORAGE_PATH_PREFIX}${key}?${query}`;
        signed.set(name, link);
      }
      return link;
    },

    verify(key: string, query: LinkQuery, now: Date): LinkCheck {
      const { expires, disposition, signature } = query;
      if (!expires || !signature || (disposition !== 'inline' && disposition !== 'attachment')) {
        return { type: 'invalid' };
      }
      const expiresSeconds = Number(expires);
      if (!/^\d{1,12}$/.test(expires)) return { type: 'invalid' };
      const expected = Buffer.from(hmacOf(key, expiresSeconds, disposition));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return { type: 'invalid' };
      }
      if (expiresSeconds * 1000 <= now.getTime()) return { type: 'expired' };
      return { type: 'valid', disposition };
    },
  };
}

export type LinkSigner = ReturnType<typeof createLinkSigner>;
