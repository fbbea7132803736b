import { and, asc, eq, ilike, inArray } from 'drizzle-orm';
import { type CompanyScope, inScope } from '../../db/company-scope.ts';
import type { Transactor } from '../../db/database.ts';
import { escapeLike } from '../../lib/escape-like.ts';
import { addresses, companies, shippingAccounts } from './companies.tables.ts';

export type CompanyRow = typeof companies.$inferSelect;
export type AddressRow = typeof addresses.$inferSelect;
export type ShippingAccountRow = typeof shippingAccounts.$inferSelect;

export type CompanyChanges = Partial<
  Pick<
    CompanyRow,
    'name' | 'addressId' | 'defaultAddressId' | 'shippingAccountId' | 'currencyId' | 'taxPercent'
  >
>;
type AddressFields = Omit<AddressRow, 'id' | 'companyId' | 'createdAt' | 'updatedAt'>;
type ShippingAccountFields = Pick<ShippingAccountRow, 'agentId' | 'accountNumber' | 'description'>;

export function createCompaniesRepository(transactor: Transactor) {
  const db = () => transactor.executor();
  return {
    // ---- companies
    async insertCompany(row: typeof companies.$inferInsert): Promise<CompanyRow> {
      const [inserted] = await db().insert(companies).values(row).returning();
      return inserted!;
    },

    async findCompany(scope: CompanyScope, id: number): Promise<CompanyRow | undefined> {
      const [row] = await db()
        .select()
        .from(companies)
        .where(and(eq(companies.id, id), inScope(scope, companies.id)));
      return row;
    },

    listCompanies(scope: CompanyScope): Promise<Pick<CompanyRow, 'id' | 'name'>[]> {
      return db()
        .select({ id: companies.id, name: companies.name })
        .from(companies)
        .where(inScope(scope, companies.id))
        .orderBy(asc(companies.name), asc(companies.id));
    },

    /** Every company with the country of its company address; `search` matches the name. */
    listWithCountry(
      search: string | undefined,
    ): Promise<(CompanyRow & { countryCode: string | null })[]> {
      return db()
        .select({
          id: companies.id,
          name: companies.name,
          addressId: companies.addressId,
          defaultAddressId: companies.defaultAddressId,
          shippingAccountId: companies.shippingAccountId,
          currencyId: companies.currencyId,
          taxPercent: companies.taxPercent,
          createdAt: companies.createdAt,
          updatedAt: companies.updatedAt,
          countryCode: addresses.countryCode,
        })
        .from(companies)
        .leftJoin(addresses, eq(addresses.id, companies.addressId))
        .where(search ? ilike(companies.name, `%${escapeLike(search)}%`) : undefined)
        .orderBy(asc(companies.name), asc(companies.id));
    },

    async updateCompany(id: number, changes: CompanyChanges, now: Date): Promise<void> {
      await db()
        .update(companies)
        .set({ ...changes, updatedAt: now })
        .where(eq(companies.id, id));
    },

    // ---- addresses
    async insertAddress(companyId: number, fields: AddressFields, now: Date): Promise<AddressRow> {
      const [inserted] = await db()
        .insert(addresses)
        .values({ ...fields, companyId, createdAt: now, updatedAt: now })
        .returning();
      return inserted!;
    },

    async findAddress(scope: CompanyScope, id: number): Promise<AddressRow | undefined> {
      const [row] = await db()
        .select()
        .from(addresses)
        .where(and(eq(addresses.id, id), inScope(scope, addresses.companyId)));
      return row;
    },

    listAddresses(companyId: number): Promise<AddressRow[]> {
      return db()
        .select()
        .from(addresses)
        .where(eq(addresses.companyId, companyId))
        .orderBy(asc(addresses.id));
    },

    async updateAddress(id: number, fields: AddressFields, now: Date): Promise<AddressRow> {
      const [updated] = await db()
        .update(addresses)
        .set({ ...fields, updatedAt: now })
        .where(eq(addresses.id, id))
        .returning();
      return updated!;
    },

    // ---- shipping accounts
    async insertShippingAccount(
      companyId: number,
      fields: ShippingAccountFields,
      now: Date,
    ): Promise<ShippingAccountRow> {
      const [inserted] = await db()
        .insert(shippingAccounts)
        .values({ ...fields, companyId, createdAt: now, updatedAt: now })
        .returning();
      return inserted!;
    },

    async findShippingAccount(
      scope: CompanyScope,
      id: number,
    ): Promise<ShippingAccountRow | undefined> {
      const [row] = await db()
        .select()
        .from(shippingAccounts)
        .where(and(eq(shippingAccounts.id, id), inScope(scope, shippingAccounts.companyId)));
      return row;
    },

    listShippingAccounts(companyIds: readonly number[]): Promise<ShippingAccountRow[]> {
      return db()
        .select()
        .from(shippingAccounts)
        .where(inArray(shippingAccounts.companyId, [...companyIds]))
        .orderBy(asc(shippingAccounts.id));
    },

    async updateShippingAccount(
      id: number,
      fields: ShippingAccountFields,
      now: Date,
    ): Promise<ShippingAccountRow> {
      const [updated] = await db()
        .update(shippingAccounts)
        .set({ ...fields, updatedAt: now })
        .where(eq(shippingAccounts.id, id))
        .returning();
      return updated!;
    },
  };
}

export type CompaniesRepository = ReturnType<typeof createCompaniesRepository>;
