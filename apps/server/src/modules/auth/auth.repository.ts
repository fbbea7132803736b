import { and, asc, count, desc, eq, gte, isNull, lt } from 'drizzle-orm';
import type { Transactor } from '../../db/database.ts';
import { authTokens, emailConfirmations, loginAttempts } from './auth.tables.ts';

export type AuthTokenRow = typeof authTokens.$inferSelect;
export type EmailConfirmationRow = typeof emailConfirmations.$inferSelect;

/** Which login attempts a limit counts: those for one account, or from one address. */
export type AttemptKey = { type: 'email'; email: string } | { type: 'ip'; ipAddress: string };

function attemptsOf(key: AttemptKey) {
  return key.type === 'email'
    ? eq(loginAttempts.email, key.email)
    : eq(loginAttempts.ipAddress, key.ipAddress);
}

export function createAuthRepository(transactor: Transactor) {
  const db = () => transactor.executor();
  return {
    // ---- bearer tokens
    async insertToken(row: typeof authTokens.$inferInsert): Promise<AuthTokenRow> {
      const [inserted] = await db().insert(authTokens).values(row).returning();
      return inserted!;
    },

    async findToken(tokenHash: string): Promise<AuthTokenRow | undefined> {
      const [row] = await db().select().from(authTokens).where(eq(authTokens.tokenHash, tokenHash));
      return row;
    },

    async extendToken(id: number, usedAt: Date, expiresAt: Date): Promise<void> {
      await db()
        .update(authTokens)
        .set({ lastUsedAt: usedAt, expiresAt })
        .where(and(eq(authTokens.id, id), isNull(authTokens.revokedAt)));
    },

    async revokeToken(id: number, now: Date): Promise<void> {
      await db()
        .update(authTokens)
        .set({ revokedAt: now })
        .where(and(eq(authTokens.id, id), isNull(authTokens.revokedAt)));
    },

    // ---- email confirmations
    async insertConfirmation(
      row: typeof emailConfirmations.$inferInsert,
    ): Promise<EmailConfirmationRow> {
      const [inserted] = await db().insert(emailConfirmations).values(row).returning();
      return inserted!;
    },

    async findConfirmation(tokenHash: string): Promise<EmailConfirmationRow | undefined> {
      const [row] = await db()
        .select()
        .from(emailConfirmations)
        .where(eq(emailConfirmations.tokenHash, tokenHash));
      return row;
    },

    async latestConfirmation(userId: number): Promise<EmailConfirmationRow | undefined> {
      const [row] = await db()
        .select()
        .from(emailConfirmations)
        .where(eq(emailConfirmations.userId, userId))
        .orderBy(desc(emailConfirmations.createdAt))
        .limit(1);
      return row;
    },

    async markConfirmationUsed(id: number, now: Date): Promise<void> {
      await db()
        .update(emailConfirmations)
        .set({ usedAt: now })
        .where(eq(emailConfirmations.id, id));
    },

    // ---- login attempts
    async recordAttempt(attempt: {
      email: string;
      ipAddress: string;
      succeeded: boolean;
      at: Date;
    }): Promise<void> {
      await db().insert(loginAttempts).values({
        email: attempt.email,
        ipAddress: attempt.ipAddress,
        succeeded: attempt.succeeded,
        createdAt: attempt.at,
      });
    },

    /** Failures since `since`, and when the oldest of them happened. */
    async failuresSince(
      key: AttemptKey,
      since: Date,
    ): Promise<{ failures: number; oldest: Date | undefined }> {
      const where = and(
        attemptsOf(key),
        eq(loginAttempts.succeeded, false),
        gte(loginAttempts.createdAt, since),
      );
      const [counted] = await db().select({ value: count() }).from(loginAttempts).where(where);
      const [oldest] = await db()
        .select({ at: loginAttempts.createdAt })
        .from(loginAttempts)
        .where(where)
        .orderBy(asc(loginAttempts.createdAt))
        .limit(1);
      return { failures: counted?.value ?? 0, oldest: oldest?.at };
    },

    async deleteAttemptsBefore(before: Date): Promise<void> {
      await db().delete(loginAttempts).where(lt(loginAttempts.createdAt, before));
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
