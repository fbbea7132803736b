import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { onceAsync } from '../../lib/once-async.ts';
import type { PaymentsRepository } from './payments.repository.ts';

// The embedded sandbox provider's credentials. Its client secret is made at random once per
// installation and kept in the database (every instance reads the same); its access tokens are
// signed with that secret and carry their expiry, so any instance checks them without storing
// them, and nobody without the secret can make one.

export const SANDBOX_CLIENT_ID = 'circuits-sandbox';

/** How long an access token works, as PayPal's do (the client renews it a minute early). */
export const SANDBOX_TOKEN_TTL_S = 32_400;

export function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export type SandboxCredentials = ReturnType<typeof createSandboxCredentials>;

export function createSandboxCredentials(deps: {
  repository: PaymentsRepository;
  now: () => Date;
}) {
  const secret = onceAsync(() =>
    deps.repository.sandboxSecret(randomBytes(32).toString('base64url')),
  );

  const signature = (key: string, expiresAt: number) =>
    createHmac('sha256', key).update(`sandbox-access-token:${expiresAt}`).digest('base64url');

  return {
    /** The client id and secret the app's PayPal adapter signs in with. */
    async client(): Promise<{ clientId: string; clientSecret: string }> {
      return { clientId: SANDBOX_CLIENT_ID, clientSecret: await secret() };
    },

    async checkClient(clientId: string, clientSecret: string): Promise<boolean> {
      return clientId === SANDBOX_CLIENT_ID && sameText(clientSecret, await secret());
    },

    async issueToken(): Promise<{ token: string; expiresInS: number }> {
      const expiresAt = deps.now().getTime() + SANDBOX_TOKEN_TTL_S * 1000;
      return {
        token: `${expiresAt}.${signature(await secret(), expiresAt)}`,
        expiresInS: SANDBOX_TOKEN_TTL_S,
      };
    },

    async checkToken(token: string): Promise<boolean> {
      const [expiry, signed] = token.split('.');
      const expiresAt = Number(expiry);
      if (!signed || !Number.isSafeInteger(expiresAt) || expiresAt <= deps.now().getTime()) {
        return false;
      }
      return sameText(signed, signature(await secret(), expiresAt));
    },
  };
}
