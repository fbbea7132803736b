import { randomUUID } from 'node:crypto';
import type { CompanyRole, Role, User } from '@circuits/contracts';
import type { Clock } from '../../clock.ts';
import { type ChangeFeed, createReadThroughCache } from '../../db/change-feed.ts';
import { isUniqueViolation, type Transactor } from '../../db/database.ts';
import { conflict, invalidField, notFound } from '../../http/errors.ts';
import type { CompaniesService } from '../companies/companies.service.ts';
import { type PasswordOwner, passwordProblem } from './password-policy.ts';
import { hashPassword, verifyAgainstNothing, verifyPassword } from './passwords.ts';
import { presentUser } from './users.presenter.ts';
import type { UserRow, UsersRepository } from './users.repository.ts';

export type NewUser = {
  companyId: number;
  name: string;
  lastname: string;
  /** Already normalised (trimmed, lower-case) by the contract. */
  email: string;
  password: string;
  role: Role;
  companyRole: CompanyRole;
  emailConfirmed: boolean;
};

/** What authorisation needs to know about a user. */
export type AuthSubject = Pick<UserRow, 'id' | 'companyId' | 'role' | 'companyRole'> & {
  emailConfirmed: boolean;
  disabled: boolean;
};

/** A user as the admin panel shows it. */
export type UserRecord = {
  id: number;
  name: string;
  lastname: string;
  email: string;
  role: Role;
  companyRole: CompanyRole;
  emailConfirmed: boolean;
  disabled: boolean;
  companyId: number;
  createdAt: Date;
};

function toRecord(row: UserRow): UserRecord {
  return {
    id: row.id,
    name: row.name,
    lastname: row.lastname,
    email: row.email,
    role: row.role,
    companyRole: row.companyRole,
    emailConfirmed: row.emailConfirmedAt !== null,
    disabled: row.disabledAt !== null,
    companyId: row.companyId,
    createdAt: row.createdAt,
  };
}

/** Who an account is, for the emails and password rules of the auth area. */
/**
 * `detached`: registered with an address another account holds (users.tables.ts `claimedEmail`);
 * `email` is then the address it was registered with, which it does not own: nothing is mailed
 * to it on the account's behalf.
 */
export type Account = PasswordOwner & { id: number; disabled: boolean; detached: boolean };

/** Detached accounts of one address checked at login: a few, so a login stays fast. */
const CLAIMING_CHECKED = 3;

/** The placeholder address of a detached account: the .invalid domain reaches no one. */
function placeholderEmail(): string {
  return `${randomUUID()}@unclaimed.invalid`;
}

export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists';

/** Why a detached account cannot be confirmed or sent a link (see Account). */
export const DETACHED_ACCOUNT_MESSAGE =
  'This account was registered with an address another account holds: it cannot be confirmed or sent a link, as the address is not its own';

// Users kept in memory while they do not change (every authenticated request reads its user).
const CACHED_USERS = 10_000;

export function createUsersService(deps: {
  repository: UsersRepository;
  companies: CompaniesService;
  clock: Clock;
  changes: ChangeFeed;
  transactor: Transactor;
}) {
  const { repository, companies, clock, changes, transactor } = deps;
  const forgetUser = (key: string, cache: { delete(key: number): void }) =>
    cache.delete(Number(key));
  const subjects = createReadThroughCache<number, AuthSubject>({
    feed: changes,
    maxEntries: CACHED_USERS,
    bypass: transactor.inTransaction,
    invalidatedBy: { users: forgetUser },
  });
  // A profile shows the user's company (its currency and shipping accounts): rarely changed.
  const profiles = createReadThroughCache<number, User>({
    feed: changes,
    maxEntries: CACHED_USERS,
    bypass: transactor.inTransaction,
    invalidatedBy: { users: forgetUser, companies: 'all', shipping_accounts: 'all' },
  });

  /** Changes a user; this instance forgets it at once (the others when notified). */
  async function update(
    userId: number,
    changes: Parameters<UsersRepository['update']>[1],
  ): Promise<void> {
    try {
      await repository.update(userId, changes, clock.now());
    } finally {
      subjects.delete(userId);
      profiles.delete(userId);
    }
  }

  function toSubject(row: UserRow): AuthSubject {
    return {
      id: row.id,
      companyId: row.companyId,
      role: row.role,
      companyRole: row.companyRole,
      emailConfirmed: row.emailConfirmedAt !== null,
      disabled: row.disabledAt !== null,
    };
  }

  function toAccount(row: UserRow): Account {
    return {
      id: row.id,
      email: row.claimedEmail ?? row.email,
      name: row.name,
      lastname: row.lastname,
      disabled: row.disabledAt !== null,
      detached: row.claimedEmail !== null,
    };
  }

  return {
    /** Hash the password before opening a transaction: it takes tens of milliseconds. */
    hashPassword,

    /** Refuses (422 on `password`) a new password that is too common or made of who owns it. */
    assertPasswordAllowed(password: string, owner: PasswordOwner): void {
      const problem = passwordProblem(password, owner);
      if (problem) throw invalidField('password', problem);
    },

    async createUser(user: Omit<NewUser, 'password'> & { passwordHash: string }): Promise<UserRow> {
      const now = clock.now();
      try {
        return await repository.insert({
          companyId: user.companyId,
          name: user.name,
          lastname: user.lastname,
          email: user.email,
          passwordHash: user.passwordHash,
          role: user.role,
          companyRole: user.companyRole,
          emailConfirmedAt: user.emailConfirmed ? now : null,
          createdAt: now,
          updatedAt: now,
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict({ email: EMAIL_TAKEN_MESSAGE });
        throw error;
      }
    },

    /**
     * A new unconfirmed user for an address another account holds: detached from it (a
     * placeholder address, the one typed kept as `claimedEmail`), so the registration answers as
     * for a new address while the address's owner keeps it.
     */
    async createDetachedUser(user: {
      companyId: number;
      name: string;
      lastname: string;
      email: string;
      passwordHash: string;
    }): Promise<UserRow> {
      const now = clock.now();
      return repository.insert({
        companyId: user.companyId,
        name: user.name,
        lastname: user.lastname,
        email: placeholderEmail(),
        claimedEmail: user.email,
        passwordHash: user.passwordHash,
        role: 'other',
        companyRole: 'edit',
        emailConfirmedAt: null,
        createdAt: now,
        updatedAt: now,
      });
    },

    async isEmailTaken(email: string): Promise<boolean> {
      return (await repository.findByEmail(email)) !== undefined;
    },

    /**
     * The user whose password matches, or undefined; as slow for unknown emails as for known.
     * The account holding the address first, then the accounts detached from it (registered
     * with it by someone else, who logs in as they registered).
     */
    async verifyCredentials(email: string, password: string): Promise<AuthSubject | undefined> {
      const [owner, claiming] = await Promise.all([
        repository.findByEmail(email),
        repository.findClaiming(email, CLAIMING_CHECKED),
      ]);
      if (!owner && claiming.length === 0) {
        await verifyAgainstNothing(password);
        return undefined;
      }
      for (const row of owner ? [owner, ...claiming] : claiming) {
        if (await verifyPassword(row.passwordHash, password)) return toSubject(row);
      }
      return undefined;
    },

    /** Whether `password` is the user's password; as slow as a login check. */
    async isPassword(userId: number, password: string): Promise<boolean> {
      const row = await repository.findById(userId);
      if (!row) return verifyAgainstNothing(password);
      return verifyPassword(row.passwordHash, password);
    },

    /** Stores a new password (already hashed, outside any transaction). */
    async setPasswordHash(userId: number, passwordHash: string): Promise<void> {
      await update(userId, { passwordHash });
    },

    async findAccountByEmail(email: string): Promise<Account | undefined> {
      const row = await repository.findByEmail(email);
      return row && toAccount(row);
    },

    async getAccount(userId: number): Promise<Account> {
      const row = await repository.findById(userId);
      if (!row) throw notFound('user');
      return toAccount(row);
    },

    findSubject(userId: number): Promise<AuthSubject | undefined> {
      return subjects.get(userId, async () => {
        const row = await repository.findById(userId);
        return row && toSubject(row);
      });
    },

    /** Where mail for the user goes; `detached`: the address is not theirs (see Account). */
    async getEmailRecipient(
      userId: number,
    ): Promise<{ email: string; name: string; detached: boolean }> {
      const row = await repository.findById(userId);
      if (!row) throw notFound('user');
      return {
        email: row.claimedEmail ?? row.email,
        name: `${row.name} ${row.lastname}`,
        detached: row.claimedEmail !== null,
      };
    },

    async getProfile(userId: number): Promise<User> {
      const profile = await profiles.get(userId, async () => {
        const row = await repository.findById(userId);
        return row && presentUser(row, await companies.getCompany(row.companyId));
      });
      if (!profile) throw notFound('user');
      return profile;
    },

    async markEmailConfirmed(userId: number): Promise<void> {
      await update(userId, { emailConfirmedAt: clock.now() });
    },

    async setDisabled(userId: number, disabled: boolean): Promise<void> {
      await update(userId, { disabledAt: disabled ? clock.now() : null });
    },

    /** The admin panel's user search (callers have checked the actor is staff). */
    async search(filter: {
      search: string | undefined;
      companyId: number | undefined;
      offset: number;
      limit: number;
    }): Promise<{ users: UserRecord[]; total: number }> {
      const companyIdsNamed = filter.search ? await companies.idsNamed(filter.search) : [];
      const { rows, total } = await repository.search({ ...filter, companyIdsNamed });
      return { users: rows.map(toRecord), total };
    },

    async getRecord(userId: number): Promise<UserRecord> {
      const row = await repository.findById(userId);
      if (!row) throw notFound('user');
      return toRecord(row);
    },

    /**
     * Whether `email` is the confirmed address of an enabled member of the company: the only
     * addresses mail about the company's products may be sent to on a member's word.
     */
    async isConfirmedMemberEmail(companyId: number, email: string): Promise<boolean> {
      const row = await repository.findByEmail(email);
      return (
        row !== undefined &&
        row.companyId === companyId &&
        row.emailConfirmedAt !== null &&
        row.disabledAt === null
      );
    },

    async membersOf(companyId: number): Promise<UserRecord[]> {
      return (await repository.listByCompany(companyId)).map(toRecord);
    },

    memberCounts(): Promise<Map<number, number>> {
      return repository.countByCompany();
    },

    async setRoles(
      userId: number,
      changes: { role?: Role | undefined; companyRole?: CompanyRole | undefined },
    ): Promise<void> {
      await update(userId, {
        ...(changes.role === undefined ? {} : { role: changes.role }),
        ...(changes.companyRole === undefined ? {} : { companyRole: changes.companyRole }),
      });
    },

    async countUsers(): Promise<number> {
      return repository.countAll();
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
