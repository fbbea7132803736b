import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe. Only the hash is stored, so a database leak reveals no token. */
export function newSecretToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashSecretToken(token) };
}

export function hashSecretToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
