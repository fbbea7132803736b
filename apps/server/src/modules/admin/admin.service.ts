import {
  ADMIN_PAGE_SIZE,
  type AdminCompanySummary,
  type AdminUser,
  type AuditEntry,
  type CompanyRole,
  type OrderStatus,
  type Role,
} from '@circuits/contracts';
import type { PriceBook } from '@circuits/domain';
import type { Transactor } from '../../db/database.ts';
import { conflict } from '../../http/errors.ts';
import type { Actor } from '../auth/actor.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { assertPanelAdmin, assertStaff } from '../auth/authorization.ts';
import type { PasswordResetService } from '../auth/password-reset.service.ts';
import type { CompaniesService } from '../companies/companies.service.ts';
import type { ErrorReportsService } from '../error-reports/error-reports.service.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import type { PricingService } from '../pricing/pricing.service.ts';
import {
  DETACHED_ACCOUNT_MESSAGE,
  type UserRecord,
  type UsersService,
} from '../users/users.service.ts';
import { presentAdminUser, presentAuditEntry, presentErrorReport } from './admin.presenter.ts';
import type { AdminRepository } from './admin.repository.ts';
import { type AuditLog, who } from './audit-log.ts';

/** The part of a user an audit entry records. */
function userState(user: UserRecord) {
  return {
    role: user.role,
    company_role: user.companyRole,
    isConfirmedEmail: user.emailConfirmed,
    disabled: user.disabled,
  };
}

/**
 * The admin panel: every read checks the actor is staff (admin or moderator), every change that
 * the actor is an administrator, and every change is written to the audit log in the same
 * transaction as the change itself.
 */
export function createAdminService(deps: {
  repository: AdminRepository;
  users: UsersService;
  companies: CompaniesService;
  auth: AuthService;
  passwordResets: PasswordResetService;
  orders: OrdersService;
  errorReports: ErrorReportsService;
  pricing: PricingService;
  auditLog: AuditLog;
  transactor: Transactor;
}) {
  const { repository, users, companies, auth, passwordResets, orders, transactor } = deps;

  const audit = deps.auditLog.record;

  async function companyNames(): Promise<Map<number, string>> {
    const all = await companies.listForStaff(undefined);
    return new Map(all.map((company) => [company.id, company.name]));
  }

  async function presentOne(user: UserRecord): Promise<AdminUser> {
    const company = await companies.getCompany(user.companyId);
    return presentAdminUser(user, company.name);
  }

  /** Changes a user and records it; answers the user as it is afterwards. */
  async function changeUser(
    actor: Actor,
    userId: number,
    action: string,
    describe: (user: UserRecord) => string,
    work: (user: UserRecord) => Promise<void>,
  ): Promise<AdminUser> {
    assertPanelAdmin(actor);
    const after = await transactor.transaction(async () => {
      const before = await users.getRecord(userId);
      await work(before);
      const changed = await users.getRecord(userId);
      await audit(actor, {
        action,
        targetType: 'user',
        targetId: userId,
        summary: describe(changed),
        before: userState(before),
        after: userState(changed),
      });
      return changed;
    });
    return presentOne(after);
  }

  return {
    async listUsers(
      actor: Actor,
      query: { search?: string | undefined; companyId?: number | undefined; page: number },
    ): Promise<{ users: AdminUser[]; total: number; page: number }> {
      assertStaff(actor);
      const { users: found, total } = await users.search({
        search: query.search || undefined,
        companyId: query.companyId,
        offset: (query.page - 1) * ADMIN_PAGE_SIZE,
        limit: ADMIN_PAGE_SIZE,
      });
      const names = await companyNames();
      return {
        users: found.map((user) => presentAdminUser(user, names.get(user.companyId) ?? '')),
        total,
        page: query.page,
      };
    },

    async getUser(actor: Actor, userId: number): Promise<AdminUser> {
      assertStaff(actor);
      return presentOne(await users.getRecord(userId));
    },

    async updateUser(
      actor: Actor,
      userId: number,
      changes: { role?: Role | undefined; company_role?: CompanyRole | undefined },
    ): Promise<AdminUser> {
      assertPanelAdmin(actor);
      if (userId === actor.userId && changes.role !== undefined && changes.role !== 'admin') {
        throw conflict('You cannot take away your own administrator role');
      }
      return changeUser(
        actor,
        userId,
        'user.roles',
        (user) => `Set ${who(user)} to role ${user.role}, company_role ${user.companyRole}`,
        () => users.setRoles(userId, { role: changes.role, companyRole: changes.company_role }),
      );
    },

    async setDisabled(actor: Actor, userId: number, disabled: boolean): Promise<AdminUser> {
      assertPanelAdmin(actor);
      if (userId === actor.userId && disabled) {
        throw conflict('You cannot disable your own account');
      }
      return changeUser(
        actor,
        userId,
        disabled ? 'user.disable' : 'user.enable',
        (user) => `${disabled ? 'Disabled' : 'Enabled'} ${who(user)}`,
        async () => {
          await users.setDisabled(userId, disabled);
          // Its open sessions end: their next call answers disabledAccountError (SPEC §8).
          if (disabled) await auth.endSessionsOf(userId);
        },
      );
    },

    async confirmEmail(actor: Actor, userId: number): Promise<AdminUser> {
      return changeUser(
        actor,
        userId,
        'user.confirmEmail',
        (user) => `Marked the email of ${who(user)} confirmed`,
        async (user) => {
          if ((await users.getAccount(userId)).detached) throw conflict(DETACHED_ACCOUNT_MESSAGE);
          if (!user.emailConfirmed) await users.markEmailConfirmed(userId);
        },
      );
    },

    async sendPasswordReset(actor: Actor, userId: number): Promise<{ email: string }> {
      assertPanelAdmin(actor);
      const sent = await passwordResets.sendLinkTo(userId);
      await audit(actor, {
        action: 'user.sendPasswordReset',
        targetType: 'user',
        targetId: userId,
        summary: `Sent a password reset link to ${sent.email}`,
      });
      return sent;
    },

    async listCompanies(actor: Actor, search: string | undefined): Promise<AdminCompanySummary[]> {
      assertStaff(actor);
      const [rows, counts] = await Promise.all([
        companies.listForStaff(search || undefined),
        users.memberCounts(),
      ]);
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        country_code: row.countryCode,
        currency: row.currency,
        tax: row.taxPercent,
        members: counts.get(row.id) ?? 0,
        created_at: row.createdAt.toISOString(),
      }));
    },

    async getCompany(actor: Actor, companyId: number) {
      assertStaff(actor);
      const company = await companies.getCompany(companyId);
      const [addresses, members] = await Promise.all([
        companies.listAddresses(actor, companyId),
        users.membersOf(companyId),
      ]);
      return {
        company,
        addresses,
        members: members.map((member) => presentAdminUser(member, company.name)),
      };
    },

    async setCompanyCurrency(actor: Actor, companyId: number, currencyId: number) {
      assertPanelAdmin(actor);
      return transactor.transaction(async () => {
        const before = await companies.getCompany(companyId);
        const company = await companies.updateCurrency(actor, companyId, currencyId);
        await audit(actor, {
          action: 'company.currency',
          targetType: 'company',
          targetId: companyId,
          summary: `Set the currency of ${company.name} to ${company.currency.name}`,
          before: { currency: before.currency.name },
          after: { currency: company.currency.name },
        });
        return company;
      });
    },

    async setOrderStatus(actor: Actor, orderId: number, status: OrderStatus, note: string) {
      assertPanelAdmin(actor);
      const { order } = await orders.changeStatus(orderId, status, note, ({ before, order }) =>
        audit(actor, {
          action: 'order.status',
          targetType: 'order',
          targetId: orderId,
          summary: `Set order ${order.name} (${order.snapshot.companyName}) to ${status}: ${note}`,
          before: { status: before },
          after: { status, note },
        }),
      );
      return order;
    },

    async priceBooks(actor: Actor) {
      assertStaff(actor);
      const [current, versions] = await Promise.all([
        deps.pricing.currentBook(),
        deps.pricing.versions(),
      ]);
      const names = new Map<number, string>();
      for (const userId of new Set(versions.map((row) => row.createdBy))) {
        if (userId === null) continue;
        const user = await users.getRecord(userId).catch(() => undefined);
        if (user) names.set(userId, `${user.name} ${user.lastname}`);
      }
      return {
        current,
        versions: versions.map((row) => ({
          version: row.version,
          note: row.note,
          created_at: row.createdAt.toISOString(),
          created_by: row.createdBy === null ? null : (names.get(row.createdBy) ?? null),
        })),
      };
    },

    async previewPriceBook(actor: Actor, book: PriceBook) {
      assertStaff(actor);
      const { currentVersion, samples } = await deps.pricing.sampleQuotes(book);
      return { current_version: currentVersion, samples };
    },

    async publishPriceBook(actor: Actor, book: PriceBook, note: string | null | undefined) {
      assertPanelAdmin(actor);
      return transactor.transaction(async () => {
        const before = await deps.pricing.currentBook();
        const published = await deps.pricing.addVersion(actor, book, note);
        await audit(actor, {
          action: 'priceBook.publish',
          targetType: 'priceBook',
          targetId: published.version,
          summary: `Put price book version ${published.version} in force${note ? `: ${note}` : ''}`,
          before: { version: before.version, book: before.book },
          after: { version: published.version, book: published.book },
        });
        return published;
      });
    },

    async listAudit(
      actor: Actor,
      page: number,
    ): Promise<{ entries: AuditEntry[]; total: number; page: number }> {
      assertStaff(actor);
      const { rows, total } = await repository.listAudit(
        (page - 1) * ADMIN_PAGE_SIZE,
        ADMIN_PAGE_SIZE,
      );
      return { entries: rows.map(presentAuditEntry), total, page };
    },

    async listErrorReports(actor: Actor, page: number) {
      assertStaff(actor);
      const { rows, total } = await deps.errorReports.list(
        (page - 1) * ADMIN_PAGE_SIZE,
        ADMIN_PAGE_SIZE,
      );
      const emails = new Map<number, string | null>();
      for (const userId of new Set(rows.map((row) => row.userId))) {
        emails.set(
          userId,
          await users.getRecord(userId).then(
            (user) => user.email,
            () => null,
          ),
        );
      }
      return {
        reports: rows.map((row) => presentErrorReport(row, emails.get(row.userId) ?? null)),
        total,
        page,
      };
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
