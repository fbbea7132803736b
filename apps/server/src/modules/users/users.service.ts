import type { CompanyRole, Role, User } from '@circuits/contracts';
import type { Clock } from '../../clock.ts';
import { isUniqueViolation } from '../../db/database.ts';
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

/** Who an account is, for the emails and password rules of the auth area. */
export type Account = PasswordOwner & { id: number; disabled: boolean };

export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists';

export function createUsersService(deps: {
  repository: UsersRepository;
  companies: CompaniesService;
  clock: Clock;
}) {
  const { repository, companies, clock } = deps;

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
      email: row.email,
      name: row.name,
      lastname: row.lastname,
      disabled: row.disabledAt !== null,
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

    async isEmailTaken(email: string): Promise<boolean> {
      return (await repository.findByEmail(email)) !== undefined;
    },

    /** The user whose password matches, or undefined; as slow for unknown emails as for known. */
    async verifyCredentials(email: string, password: string): Promise<AuthSubject | undefined> {
      const row = await repository.findByEmail(email);
      if (!row) {
        await verifyAgainstNothing(password);
        return undefined;
      }
      return (await verifyPassword(row.passwordHash, password)) ? toSubject(row) : undefined;
    },

    /** Whether `password` is the user's password; as slow as a login check. */
    async isPassword(userId: number, password: string): Promise<boolean> {
      const row = await repository.findById(userId);
      if (!row) return verifyAgainstNothing(password);
      return verifyPassword(row.passwordHash, password);
    },

    /** Stores a new password (already hashed, outside any transaction). */
    async setPasswordHash(userId: number, passwordHash: string): Promise<void> {
      await repository.update(userId, { passwordHash }, clock.now());
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

    async findSubject(userId: number): Promise<AuthSubject | undefined> {
      const row = await repository.findById(userId);
      return row && toSubject(row);
    },

    async getEmailRecipient(userId: number): Promise<{ email: string; name: string }> {
      const row = await repository.findById(userId);
      if (!row) throw notFound('user');
      return { email: row.email, name: `${row.name} ${row.lastname}` };
    },

    async getProfile(userId: number): Promise<User> {
      const row = await repository.findById(userId);
      if (!row) throw notFound('user');
      return presentUser(row, await companies.getCompany(row.companyId));
    },

    async markEmailConfirmed(userId: number): Promise<void> {
      await repository.update(userId, { emailConfirmedAt: clock.now() }, clock.now());
    },

    async setDisabled(userId: number, disabled: boolean): Promise<void> {
      await repository.update(userId, { disabledAt: disabled ? clock.now() : null }, clock.now());
    },

    async countUsers(): Promise<number> {
      return repository.countAll();
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
