import { and, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { Transactor } from '../../db/database.ts';
import { escapeLike } from '../../lib/escape-like.ts';
import { users } from './users.tables.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

export function createUsersRepository(transactor: Transactor) {
  const db = () => transactor.executor();
  return {
    async insert(row: NewUserRow): Promise<UserRow> {
      const [inserted] = await db().insert(users).values(row).returning();
      return inserted!;
    },

    async findById(id: number): Promise<UserRow | undefined> {
      const [row] = await db().select().from(users).where(eq(users.id, id));
      return row;
    },

    async findByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db().select().from(users).where(eq(users.email, email));
      return row;
    },

    /** Accounts detached from `email` (registered with it while another held it), newest first. */
    async findClaiming(email: string, limit: number): Promise<UserRow[]> {
      return db()
        .select()
        .from(users)
        .where(eq(users.claimedEmail, email))
        .orderBy(desc(users.id))
        .limit(limit);
    },

    async update(
      id: number,
      changes: Partial<
        Pick<
          NewUserRow,
          'emailConfirmedAt' | 'disabledAt' | 'role' | 'companyRole' | 'passwordHash'
        >
      >,
      now: Date,
    ): Promise<void> {
      await db()
        .update(users)
        .set({ ...changes, updatedAt: now })
        .where(eq(users.id, id));
    },

    /**
     * Users whose name, last name or email contains `search`, or who belong to one of
     * `companyIds` (the companies named like it); newest first.
     */
    async search(filter: {
      search: string | undefined;
      companyIdsNamed: readonly number[];
      companyId: number | undefined;
      offset: number;
      limit: number;
    }): Promise<{ rows: UserRow[]; total: number }> {
      const conditions: (SQL | undefined)[] = [];
      if (filter.companyId !== undefined) conditions.push(eq(users.companyId, filter.companyId));
      if (filter.search) {
        const pattern = `%${escapeLike(filter.search)}%`;
        conditions.push(
          or(
            ilike(users.name, pattern),
            ilike(users.lastname, pattern),
            ilike(users.email, pattern),
            filter.companyIdsNamed.length > 0
              ? inArray(users.companyId, [...filter.companyIdsNamed])
              : undefined,
          ),
        );
      }
      const where = and(...conditions);
      const [rows, [total]] = await Promise.all([
        db()
          .select()
          .from(users)
          .where(where)
          .orderBy(desc(users.id))
          .offset(filter.offset)
          .limit(filter.limit),
        db().select({ value: count() }).from(users).where(where),
      ]);
      return { rows, total: total?.value ?? 0 };
    },

    listByCompany(companyId: number): Promise<UserRow[]> {
      return db()
        .select()
        .from(users)
        .where(eq(users.companyId, companyId))
        .orderBy(users.lastname, users.name, users.id);
    },

    async countByCompany(): Promise<Map<number, number>> {
      const rows = await db()
        .select({ companyId: users.companyId, value: count() })
        .from(users)
        .groupBy(users.companyId);
      return new Map(rows.map((row) => [row.companyId, row.value]));
    },

    async countAll(): Promise<number> {
      const [row] = await db().select({ value: count() }).from(users);
      return row?.value ?? 0;
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
