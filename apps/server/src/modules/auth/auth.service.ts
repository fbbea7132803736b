import type { ChangePasswordInput, LoginInput, RegisterInput, User } from '@circuits/contracts';
import type { z } from 'zod';
import type { Clock } from '../../clock.ts';
import { type ChangeFeed, createReadThroughCache } from '../../db/change-feed.ts';
import type { Transactor } from '../../db/database.ts';
import {
  AppError,
  accountDisabled,
  invalidCredentials,
  invalidField,
  tokenExpired,
  tokenInvalid,
} from '../../http/errors.ts';
import type { CompaniesService } from '../companies/companies.service.ts';
import type { RateLimitsService } from '../rate-limits/rate-limits.service.ts';
import type { UsersService } from '../users/users.service.ts';
import type { Actor } from './actor.ts';
import type { AuthRepository, AuthTokenRow } from './auth.repository.ts';
import type { EmailConfirmationService } from './email-confirmation.service.ts';
import type { LoginThrottle } from './login-throttle.ts';
import type { PasswordNotices } from './password-notices.ts';
import { hashSecretToken, newSecretToken } from './secret-tokens.ts';

/** Where a request comes from, recorded with tokens and login attempts. */
export type ClientInfo = { ipAddress: string; userAgent: string | undefined };

// A used token has its expiry pushed forward at most this often (and at least every tenth of its
// lifetime), so an active session stays open without a database write on every request.
const MAX_EXTEND_INTERVAL_MS = 60_000;

// Sessions kept in memory while their token row does not change.
const CACHED_SESSIONS = 20_000;

export function createAuthService(deps: {
  repository: AuthRepository;
  users: UsersService;
  companies: CompaniesService;
  confirmations: EmailConfirmationService;
  throttle: LoginThrottle;
  notices: PasswordNotices;
  rateLimits: RateLimitsService;
  transactor: Transactor;
  clock: Clock;
  changes: ChangeFeed;
  /** Idle lifetime of a token. */
  tokenTtlMs: number;
  /** Absolute lifetime of a token, from the login that issued it. */
  sessionMaxAgeMs: number;
}) {
  const {
    repository,
    users,
    companies,
    confirmations,
    throttle,
    notices,
    rateLimits,
    transactor,
    clock,
  } = deps;
  const extendIntervalMs = Math.min(MAX_EXTEND_INTERVAL_MS, deps.tokenTtlMs / 10);
  // By token hash; a revoked or extended token is forgotten by every instance when notified,
  // by this one at once.
  const sessions = createReadThroughCache<string, AuthTokenRow>({
    feed: deps.changes,
    maxEntries: CACHED_SESSIONS,
    bypass: transactor.inTransaction,
    invalidatedBy: { auth_tokens: (tokenHash, cache) => cache.delete(tokenHash) },
  });
  const forgetSessions = (matches: (row: AuthTokenRow) => boolean) => sessions.deleteWhere(matches);

  /** The idle expiry of a token used at `now`, never past its absolute end. */
  function expiryAfterUse(issuedAt: Date, now: Date): Date {
    return new Date(
      Math.min(now.getTime() + deps.tokenTtlMs, issuedAt.getTime() + deps.sessionMaxAgeMs),
    );
  }

  async function issueToken(userId: number, client: ClientInfo): Promise<string> {
    const { token, hash } = newSecretToken();
    const now = clock.now();
    await repository.insertToken({
      userId,
      tokenHash: hash,
      expiresAt: expiryAfterUse(now, now),
      lastUsedAt: now,
      ipAddress: client.ipAddress,
      userAgent: client.userAgent?.slice(0, 500) ?? null,
      createdAt: now,
    });
    return token;
  }

  return {
    /**
     * Registers a user with a new company, logged in and unconfirmed. The answer is the same
     * whether the address has an account or not, so registering tells no one which addresses
     * are known: for a known address the account made is detached from it (it shows the address
     * and logs in with it, but never owns it or gets mail for it: users.tables.ts), and the
     * address's owner is mailed that they have an account already instead of a link.
     */
    async register(input: z.output<typeof RegisterInput>, client: ClientInfo) {
      // Counted before anything else, for a known address as for a new one.
      await rateLimits.consume(
        { limit: 'registrationsPerAddress', subject: client.ipAddress },
        { limit: 'confirmationEmailsPerAddress', subject: client.ipAddress },
      );
      users.assertPasswordAllowed(input.password, input);
      const passwordHash = await users.hashPassword(input.password);
      const make = (detached: boolean) =>
        transactor.transaction(async () => {
          const known = detached || (await users.isEmailTaken(input.email));
          const companyId = await companies.createCompany({
            name: input.company_name,
            countryCode: input.country_code,
          });
          const person = { companyId, name: input.name, lastname: input.lastname, passwordHash };
          const user = known
            ? await users.createDetachedUser({ ...person, email: input.email })
            : await users.createUser({
                ...person,
                email: input.email,
                role: 'other',
                // The person who registers a company manages it.
                companyRole: 'edit',
                emailConfirmed: false,
              });
          return { userId: user.id, token: await issueToken(user.id, client) };
        });
      // Two registrations of one new address at once: the later one is the detached one.
      const { userId, token } = await make(false).catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'conflict') return make(true);
        throw error;
      });
      const isEmailWithConfirmWasSend = await confirmations.send(userId);
      return { token, user: await users.getProfile(userId), isEmailWithConfirmWasSend };
    },

    async login(input: z.output<typeof LoginInput>, client: ClientInfo) {
      const attempt = await throttle.begin(input.email, client.ipAddress);
      const subject = await users.verifyCredentials(input.email, input.password);
      if (!subject) {
        await attempt.failed();
        throw invalidCredentials();
      }
      await attempt.succeeded();
      if (subject.disabled) throw accountDisabled();
      const token = await issueToken(subject.id, client);
      return { token, user: await users.getProfile(subject.id) };
    },

    async logout(actor: Actor): Promise<void> {
      try {
        await repository.revokeToken(actor.tokenId, clock.now());
      } finally {
        forgetSessions((row) => row.id === actor.tokenId);
      }
    },

    /** Ends every session of the user, this one included; answers how many were open. */
    async logoutEverywhere(actor: Actor): Promise<number> {
      try {
        return await repository.revokeUserTokens(actor.userId, clock.now());
      } finally {
        forgetSessions((row) => row.userId === actor.userId);
      }
    },

    /**
     * Sets a new password when the current one is given (guesses count as failed logins); the
     * other sessions end, this one stays. Answers how many other sessions were ended.
     */
    async changePassword(
      actor: Actor,
      input: z.output<typeof ChangePasswordInput>,
      client: ClientInfo,
    ): Promise<number> {
      const account = await users.getAccount(actor.userId);
      const attempt = await throttle.begin(account.email, client.ipAddress);
      if (!(await users.isPassword(actor.userId, input.current_password))) {
        await attempt.failed();
        throw invalidField('current_password', 'Current password is not right');
      }
      await attempt.succeeded();
      if (input.password === input.current_password) {
        throw invalidField('password', 'New password must differ from the current one');
      }
      users.assertPasswordAllowed(input.password, account);
      const passwordHash = await users.hashPassword(input.password);
      const endedSessions = await transactor
        .transaction(async () => {
          const now = clock.now();
          await users.setPasswordHash(actor.userId, passwordHash);
          await repository.retirePasswordResets(actor.userId, now);
          return repository.revokeUserTokens(actor.userId, now, actor.tokenId);
        })
        .finally(() => forgetSessions((row) => row.userId === actor.userId));
      notices.passwordChanged(account);
      return endedSessions;
    },

    /**
     * The actor a bearer token stands for; throws the SPEC §8 token errors. Whatever was
     * changed anywhere before the call (a logout, a role) applies to it.
     */
    async authenticate(token: string): Promise<Actor> {
      await deps.changes.settle();
      const tokenHash = hashSecretToken(token);
      const row = await sessions.get(tokenHash, () => repository.findToken(tokenHash));
      if (!row) throw tokenInvalid();
      if (row.revokedAt) {
        // A session ended by disabling the account says why (SPEC §8 disabledAccountError).
        if ((await users.findSubject(row.userId))?.disabled) throw accountDisabled();
        throw tokenInvalid();
      }
      const now = clock.now();
      // The absolute end is checked here too, so a shortened SESSION_MAX_AGE applies at once.
      const absoluteEnd = row.createdAt.getTime() + deps.sessionMaxAgeMs;
      if (row.expiresAt <= now || absoluteEnd <= now.getTime()) throw tokenExpired();
      const subject = await users.findSubject(row.userId);
      if (!subject) throw tokenInvalid();
      if (subject.disabled) throw accountDisabled();
      if (now.getTime() - row.lastUsedAt.getTime() >= extendIntervalMs) {
        await repository.extendToken(row.id, now, expiryAfterUse(row.createdAt, now));
        sessions.delete(tokenHash);
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

    /** Ends every session of a user (an account being disabled); answers how many were open. */
    async endSessionsOf(userId: number): Promise<number> {
      try {
        return await repository.revokeUserTokens(userId, clock.now());
      } finally {
        forgetSessions((row) => row.userId === userId);
      }
    },

    /** This instance forgets the user's sessions at once (after their tokens were revoked). */
    forgetUserSessions(userId: number): void {
      forgetSessions((row) => row.userId === userId);
    },

    currentUser(actor: Actor): Promise<User> {
      return users.getProfile(actor.userId);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
