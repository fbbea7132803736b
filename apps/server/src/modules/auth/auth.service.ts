import type { LoginInput, RegisterInput, User } from '@circuits/contracts';
import type { z } from 'zod';
import type { Clock } from '../../clock.ts';
import type { Transactor } from '../../db/database.ts';
import {
  accountDisabled,
  conflict,
  invalidCredentials,
  tokenExpired,
  tokenInvalid,
} from '../../http/errors.ts';
import type { CompaniesService } from '../companies/companies.service.ts';
import type { RateLimitsService } from '../rate-limits/rate-limits.service.ts';
import { EMAIL_TAKEN_MESSAGE, type UsersService } from '../users/users.service.ts';
import type { Actor } from './actor.ts';
import type { AuthRepository } from './auth.repository.ts';
import type { EmailConfirmationService } from './email-confirmation.service.ts';
import type { LoginThrottle } from './login-throttle.ts';
import { hashSecretToken, newSecretToken } from './secret-tokens.ts';

/** Where a request comes from, recorded with tokens and login attempts. */
export type ClientInfo = { ipAddress: string; userAgent: string | undefined };

// A used token has its expiry pushed forward at most this often (and at least every tenth of its
// lifetime), so an active session stays open without a database write on every request.
const MAX_EXTEND_INTERVAL_MS = 60_000;

export function createAuthService(deps: {
  repository: AuthRepository;
  users: UsersService;
  companies: CompaniesService;
  confirmations: EmailConfirmationService;
  throttle: LoginThrottle;
  rateLimits: RateLimitsService;
  transactor: Transactor;
  clock: Clock;
  tokenTtlMs: number;
}) {
  const { repository, users, companies, confirmations, throttle, rateLimits, transactor, clock } =
    deps;
  const extendIntervalMs = Math.min(MAX_EXTEND_INTERVAL_MS, deps.tokenTtlMs / 10);

  async function issueToken(userId: number, client: ClientInfo): Promise<string> {
    const { token, hash } = newSecretToken();
    const now = clock.now();
    await repository.insertToken({
      userId,
      tokenHash: hash,
      expiresAt: new Date(now.getTime() + deps.tokenTtlMs),
      lastUsedAt: now,
      ipAddress: client.ipAddress,
      userAgent: client.userAgent?.slice(0, 500) ?? null,
      createdAt: now,
    });
    return token;
  }

  return {
    async register(input: z.output<typeof RegisterInput>, client: ClientInfo) {
      // Counted before anything else, so a registration that then fails (email taken) counts too.
      await rateLimits.consume(
        { limit: 'registrationsPerAddress', subject: client.ipAddress },
        { limit: 'confirmationEmailsPerAddress', subject: client.ipAddress },
      );
      const passwordHash = await users.hashPassword(input.password);
      const { userId, token } = await transactor.transaction(async () => {
        if (await users.isEmailTaken(input.email)) throw conflict({ email: EMAIL_TAKEN_MESSAGE });
        const companyId = await companies.createCompany({
          name: input.company_name,
          countryCode: input.country_code,
        });
        const user = await users.createUser({
          companyId,
          name: input.name,
          lastname: input.lastname,
          email: input.email,
          passwordHash,
          role: 'other',
          // The person who registers a company manages it.
          companyRole: 'edit',
          emailConfirmed: false,
        });
        return { userId: user.id, token: await issueToken(user.id, client) };
      });
      const isEmailWithConfirmWasSend = await confirmations.send(userId);
      return { token, user: await users.getProfile(userId), isEmailWithConfirmWasSend };
    },

    async login(input: z.output<typeof LoginInput>, client: ClientInfo) {
      await throttle.assertAllowed(input.email, client.ipAddress);
      const subject = await users.verifyCredentials(input.email, input.password);
      await throttle.record(input.email, client.ipAddress, subject !== undefined);
      if (!subject) throw invalidCredentials();
      if (subject.disabled) throw accountDisabled();
      const token = await issueToken(subject.id, client);
      return { token, user: await users.getProfile(subject.id) };
    },

    async logout(actor: Actor): Promise<void> {
      await repository.revokeToken(actor.tokenId, clock.now());
    },

    /** The actor a bearer token stands for; throws the SPEC §8 token errors. */
    async authenticate(token: string): Promise<Actor> {
      const row = await repository.findToken(hashSecretToken(token));
      if (!row || row.revokedAt) throw tokenInvalid();
      const now = clock.now();
      if (row.expiresAt <= now) throw tokenExpired();
      const subject = await users.findSubject(row.userId);
      if (!subject) throw tokenInvalid();
      if (subject.disabled) throw accountDisabled();
      if (now.getTime() - row.lastUsedAt.getTime() >= extendIntervalMs) {
        await repository.extendToken(row.id, now, new Date(now.getTime() + deps.tokenTtlMs));
      }
      return {
        userId: subject.id,
        companyId: subject.companyId,
        role: subject.role,
        companyRole: subject.companyRole,
        emailConfirmed: subject.emailConfirmed,
        tokenId: row.id,
      };
    },

    currentUser(actor: Actor): Promise<User> {
      return users.getProfile(actor.userId);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
