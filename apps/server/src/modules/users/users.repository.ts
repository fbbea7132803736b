import { count, eq } from 'drizzle-orm';
import type { Transactor } from '../../db/database.ts';
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

    async countAll(): Promise<number> {
      const [row] = await db().select({ value: count() }).from(users);
      return row?.value ?? 0;
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
