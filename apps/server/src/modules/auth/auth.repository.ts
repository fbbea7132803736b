import { and, desc, eq, isNull, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { Transactor } from '../../db/database.ts';
import { authTokens, emailConfirmations, loginThrottles, passwordResets } from './auth.tables.ts';

export type AuthTokenRow = typeof authTokens.$inferSelect;
export type EmailConfirmationRow = typeof emailConfirmations.$inferSelect;
export type LoginThrottleRow = typeof loginThrottles.$inferSelect;
export type PasswordResetRow = typeof passwordResets.$inferSelect;

/** A point in time as an SQL value, for arithmetic inside statements. */
function sqlTime(at: Date): SQL {
  return sql`${at.toISOString()}::timestamptz`;
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

    /** Revokes every open token of the user, but `keepTokenId`; answers how many were open. */
    async revokeUserTokens(userId: number, now: Date, keepTokenId?: number): Promise<number> {
      const revoked = await db()
        .update(authTokens)
        .set({ revokedAt: now })
        .where(
          and(
            eq(authTokens.userId, userId),
            isNull(authTokens.revokedAt),
            sql`${authTokens.expiresAt} > ${sqlTime(now)}`,
            keepTokenId === undefined ? undefined : ne(authTokens.id, keepTokenId),
          ),
        )
        .returning({ id: authTokens.id });
      return revoked.length;
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

    // ---- password resets
    async insertPasswordReset(row: typeof passwordResets.$inferInsert): Promise<void> {
      await db().insert(passwordResets).values(row);
    },

    async findPasswordReset(tokenHash: string): Promise<PasswordResetRow | undefined> {
      const [row] = await db()
        .select()
        .from(passwordResets)
        .where(eq(passwordResets.tokenHash, tokenHash));
      return row;
    },

    /** Marks the link used unless it already is or has expired; false when it could not be. */
    async usePasswordReset(id: number, now: Date): Promise<boolean> {
      const used = await db()
        .update(passwordResets)
        .set({ usedAt: now })
        .where(
          and(
            eq(passwordResets.id, id),
            isNull(passwordResets.usedAt),
            sql`${passwordResets.expiresAt} > ${sqlTime(now)}`,
          ),
        )
        .returning({ id: passwordResets.id });
      return used.length > 0;
    },

    /** Ends every link of the user not used yet (the password has just changed). */
    async retirePasswordResets(userId: number, now: Date): Promise<void> {
      await db()
        .update(passwordResets)
        .set({ usedAt: now })
        .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
    },

    // ---- login throttle

    async findLoginThrottle(
      email: string,
      ipAddress: string,
    ): Promise<LoginThrottleRow | undefined> {
      const [row] = await db()
        .select()
        .from(loginThrottles)
        .where(and(eq(loginThrottles.email, email), eq(loginThrottles.ipAddress, ipAddress)));
      return row;
    },

    /**
     * Counts an attempt of the pair as a failure before its password is checked, in one statement,
     * so parallel attempts are counted one by one; refused (nothing counted) while the pair must
     * wait. A pair that has failed fewer than `freeFailures` times may try again at once; from
     * then on it waits `firstDelayMs`, doubled with each further failure, at most `maxDelayMs`.
     * Failures older than `forgetBefore` no longer count.
     */
    async claimLoginAttempt(input: {
      email: string;
      ipAddress: string;
      now: Date;
      forgetBefore: Date;
      delays: { freeFailures: number; firstDelayMs: number; maxDelayMs: number };
    }): Promise<{ claimed: true } | { claimed: false; nextAttemptAt: Date }> {
      const { email, ipAddress, now, delays } = input;
      const forgotten = sql`(${loginThrottles.lastFailureAt} is null or ${loginThrottles.lastFailureAt} < ${sqlTime(input.forgetBefore)})`;
      const failures = sql`(case when ${forgotten} then 1 else ${loginThrottles.failures} + 1 end)`;
      const nextAttemptAt = (count: SQL) =>
        sql`${sqlTime(now)} + make_interval(secs => (case when ${count} < ${delays.freeFailures} then 0 else least(${delays.maxDelayMs}::float8, ${delays.firstDelayMs}::float8 * power(2, least(${count} - ${delays.freeFailures}, 60))) end) / 1000.0)`;
      const claimed = await db()
        .insert(loginThrottles)
        .values({
          email,
          ipAddress,
          failures: 1,
          nextAttemptAt: nextAttemptAt(sql`1`),
          lastFailureAt: now,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: [loginThrottles.email, loginThrottles.ipAddress],
          set: {
            failures,
            nextAttemptAt: nextAttemptAt(failures),
            lastFailureAt: now,
            updatedAt: now,
          },
          setWhere: sql`${loginThrottles.nextAttemptAt} <= ${sqlTime(now)} or ${forgotten}`,
        })
        .returning({ failures: loginThrottles.failures });
      if (claimed.length > 0) return { claimed: true };
      const [row] = await db()
        .select({ nextAttemptAt: loginThrottles.nextAttemptAt })
        .from(loginThrottles)
        .where(and(eq(loginThrottles.email, email), eq(loginThrottles.ipAddress, ipAddress)));
      return { claimed: false, nextAttemptAt: row?.nextAttemptAt ?? now };
    },

    /** The password was right: the pair starts afresh, and the address is known to the account. */
    async recordLoginSuccess(email: string, ipAddress: string, now: Date): Promise<void> {
      await db()
        .update(loginThrottles)
        .set({
          failures: 0,
          nextAttemptAt: now,
          lastFailureAt: null,
          lastSuccessAt: now,
          updatedAt: now,
        })
        .where(and(eq(loginThrottles.email, email), eq(loginThrottles.ipAddress, ipAddress)));
    },

    /** Forgets the failures of one pair (the password has just been reset from there). */
    async clearLoginFailures(email: string, ipAddress: string, now: Date): Promise<void> {
      await db()
        .update(loginThrottles)
        .set({ failures: 0, nextAttemptAt: now, lastFailureAt: null, updatedAt: now })
        .where(and(eq(loginThrottles.email, email), eq(loginThrottles.ipAddress, ipAddress)));
    },

    async deleteLoginThrottlesBefore(before: Date): Promise<void> {
      await db().delete(loginThrottles).where(lt(loginThrottles.updatedAt, before));
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
