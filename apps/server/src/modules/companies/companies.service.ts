import type {
  AddressInput,
  AddShippingAccountInput,
  Company,
  CompanySummary,
  ShippingAccount,
  UpdateShippingAccountInput,
} from '@circuits/contracts';
import { companyPricingForCountry, DEFAULT_CURRENCY_ID } from '@circuits/domain';
import type { z } from 'zod';
import type { Clock } from '../../clock.ts';
import type { CompanyScope } from '../../db/company-scope.ts';
import { isUniqueViolation, type Transactor } from '../../db/database.ts';
import { conflict, invalidField, notFound } from '../../http/errors.ts';
import type { AuditInput } from '../admin/audit-entry.ts';
import type { Actor } from '../auth/actor.ts';
import { assertCanEditCompany, canReadCompany, companyScope } from '../auth/authorization.ts';
import type { CurrenciesService } from '../currencies/currencies.service.ts';
import type { ShippingService } from '../shipping/shipping.service.ts';
import { presentAddress, presentCompany, presentShippingAccount } from './companies.presenter.ts';
import type {
  AddressRow,
  CompaniesRepository,
  CompanyChanges,
  CompanyRow,
} from './companies.repository.ts';

type AddressData = z.output<typeof AddressInput>;
type ShippingAccountData = z.output<typeof AddShippingAccountInput>;
type ShippingAccountUpdate = z.output<typeof UpdateShippingAccountInput>;

const EVERY_COMPANY: CompanyScope = { type: 'all' };

const blankToNull = (value: string | null | undefined) => (value ? value : null);

function shippingAccountFields(input: ShippingAccountData) {
  return {
    agentId: input.agent_id,
    accountNumber: input.account_number,
    description: blankToNull(input.description),
  };
}

function addressFields(input: AddressData) {
  return {
    countryCode: input.country_code,
    contactName: blankToNull(input.contact_name),
    line1: input.line1,
    line2: blankToNull(input.line2),
    city: input.city,
    region: blankToNull(input.region),
    postalCode: input.postal_code,
    phone: blankToNull(input.phone),
  };
}

/** The admin audit log, where a change of a company's country (and so its tax) is kept. */
export type CompanyAudit = { record(actor: Actor, entry: AuditInput): Promise<void> };

export function createCompaniesService(deps: {
  repository: CompaniesRepository;
  currencies: CurrenciesService;
  shipping: ShippingService;
  /** Late-bound: the audit log reads users, who belong to companies. */
  audit: () => CompanyAudit;
  transactor: Transactor;
  clock: Clock;
}) {
  const { repository, currencies, shipping, transactor, clock } = deps;

  async function loadCompany(id: number): Promise<CompanyRow> {
    const row = await repository.findCompany(EVERY_COMPANY, id);
    if (!row) throw notFound('company');
    return row;
  }

  async function shippingAccountsOf(company: CompanyRow): Promise<ShippingAccount[]> {
    const rows = await repository.listShippingAccounts([company.id]);
    const agents = await shipping.listAgents();
    return rows.map((row) =>
      presentShippingAccount(
        row,
        company,
        agents.find((agent) => agent.id === row.agentId)?.name ?? '',
      ),
    );
  }

  async function getCompany(id: number): Promise<Company> {
    const row = await loadCompany(id);
    return presentCompany(row, await currencies.get(row.currencyId), await shippingAccountsOf(row));
  }

  /** The company the actor asked for (their own by default), or 404 when they may not see it. */
  async function readableCompanyId(actor: Actor, requested: number | undefined): Promise<number> {
    const companyId = requested ?? actor.companyId;
    if (!canReadCompany(actor, companyId)) throw notFound('company');
    await loadCompany(companyId);
    return companyId;
  }

  async function editableCompanyId(actor: Actor, requested: number | undefined): Promise<number> {
    const companyId = await readableCompanyId(actor, requested);
    assertCanEditCompany(actor, companyId);
    return companyId;
  }

  async function assertAgentExists(agentId: number): Promise<void> {
    if (!(await shipping.findAgent(agentId))) {
      throw invalidField('agent_id', 'Choose one of the listed shipping agents');
    }
  }

  /** Runs an insert or update of an account; a number already saved for the carrier is a 409. */
  async function saveShippingAccount<T>(save: () => Promise<T>): Promise<T> {
    try {
      return await save();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      throw conflict({ account_number: 'This account number is already saved for this carrier' });
    }
  }

  async function shippingAccountResult(companyId: number, accountId: number, makeDefault: boolean) {
    if (makeDefault) {
      await repository.updateCompany(companyId, { shippingAccountId: accountId }, clock.now());
    }
    const company = await getCompany(companyId);
    const shippingAccount = company.shipping_accounts.find((account) => account.id === accountId)!;
    return { shippingAccount, company };
  }

  /**
   * Applies the address flags (a company's first address also becomes its company and default
   * address) and, when the company address is set or changes country, the SPEC §9 pricing. A
   * change of the company's country changes its currency and tax for every later order, so it is
   * kept in the audit log, whoever made it (a customer in the cabinet or staff).
   */
  async function afterAddressSaved(
    actor: Actor,
    company: CompanyRow,
    address: AddressRow,
    input: AddressData,
    previousCountry: string | undefined,
  ): Promise<void> {
    const changes: CompanyChanges = {};
    const isCompanyAddress = company.addressId === address.id;
    const becomesCompanyAddress =
      !isCompanyAddress && (input.is_company_address === true || !company.addressId);
    if (becomesCompanyAddress) changes.addressId = address.id;
    const countryChanged = isCompanyAddress && previousCountry !== address.countryCode;
    if (becomesCompanyAddress || countryChanged) {
      Object.assign(changes, companyPricingForCountry(address.countryCode));
    }
    if (input.is_default === true || !company.defaultAddressId) {
      changes.defaultAddressId = address.id;
    }
    if (Object.keys(changes).length === 0) return;
    await repository.updateCompany(company.id, changes, clock.now());
    const countryBefore = isCompanyAddress
      ? previousCountry
      : company.addressId
        ? (await repository.findAddress(EVERY_COMPANY, company.addressId))?.countryCode
        : undefined;
    if (changes.taxPercent !== undefined && countryBefore !== address.countryCode) {
      await auditCountry(actor, company, countryBefore ?? null, address.countryCode, changes);
    }
  }

  async function auditCountry(
    actor: Actor,
    company: CompanyRow,
    from: string | null,
    to: string,
    changes: CompanyChanges,
  ): Promise<void> {
    const currencyOf = async (id: number) => (await currencies.find(id))?.name ?? String(id);
    const before = {
      country: from,
      currency: await currencyOf(company.currencyId),
      tax_percent: company.taxPercent,
    };
    const after = {
      country: to,
      currency: await currencyOf(changes.currencyId ?? company.currencyId),
      tax_percent: changes.taxPercent ?? company.taxPercent,
    };
    await deps.audit().record(actor, {
      action: 'company.country',
      targetType: 'company',
      targetId: company.id,
      summary: `Moved ${company.name} from ${from ?? 'no country'} to ${to}: tax ${before.tax_percent} % to ${after.tax_percent} %, currency ${before.currency} to ${after.currency}, for every later order`,
      before,
      after,
    });
  }

  async function addressResult(addressId: number, companyId: number) {
    const company = await loadCompany(companyId);
    const address = await repository.findAddress(EVERY_COMPANY, addressId);
    return { address: presentAddress(address!, company), company: await getCompany(companyId) };
  }

  return {
    /** The company as members see it; callers have checked the actor may read it. */
    getCompany,

    /** The currency and tax percent a company is priced in (SPEC §9), in one lookup. */
    async pricingOf(companyId: number): Promise<{ currencyId: number; taxPercent: number }> {
      const row = await loadCompany(companyId);
      return { currencyId: row.currencyId, taxPercent: row.taxPercent };
    },

    /** A new company whose address so far is only its country (registration asks for no more). */
    async createCompany(input: { name: string; countryCode: string }): Promise<number> {
      return transactor.transaction(async () => {
        const now = clock.now();
        const company = await repository.insertCompany({
          name: input.name,
          currencyId: DEFAULT_CURRENCY_ID,
          createdAt: now,
          updatedAt: now,
        });
        const address = await repository.insertAddress(
          company.id,
          {
            countryCode: input.countryCode,
            contactName: null,
            line1: null,
            line2: null,
            city: null,
            region: null,
            postalCode: null,
            phone: null,
          },
          now,
        );
        await repository.updateCompany(
          company.id,
          // SPEC §9: the country of the company address sets currency and tax.
          { addressId: address.id, ...companyPricingForCountry(input.countryCode) },
          now,
        );
        return company.id;
      });
    },

    /**
     * Every company for the admin panel (callers have checked the actor is staff): country of
     * the company address, currency code and tax.
     */
    async listForStaff(search: string | undefined) {
      const rows = await repository.listWithCountry(search);
      const offered = await currencies.list();
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        countryCode: row.countryCode,
        currency: offered.find((currency) => currency.id === row.currencyId)?.name ?? '',
        taxPercent: row.taxPercent,
        createdAt: row.createdAt,
      }));
    },

    /** Ids and names of the companies whose name contains `search`. */
    async idsNamed(search: string): Promise<number[]> {
      return (await repository.listWithCountry(search)).map((row) => row.id);
    },

    async listCompanies(actor: Actor): Promise<CompanySummary[]> {
      return repository.listCompanies(companyScope(actor));
    },

    async listAddresses(actor: Actor, requestedCompanyId: number | undefined) {
      const companyId = await readableCompanyId(actor, requestedCompanyId);
      const company = await loadCompany(companyId);
      const rows = await repository.listAddresses(companyId);
      return rows.map((row) => presentAddress(row, company));
    },

    async createAddress(actor: Actor, requestedCompanyId: number | undefined, input: AddressData) {
      const companyId = await editableCompanyId(actor, requestedCompanyId);
      return transactor.transaction(async () => {
        const company = await loadCompany(companyId);
        const address = await repository.insertAddress(
          companyId,
          addressFields(input),
          clock.now(),
        );
        await afterAddressSaved(actor, company, address, input, undefined);
        return addressResult(address.id, companyId);
      });
    },

    async updateAddress(actor: Actor, addressId: number, input: AddressData) {
      const existing = await repository.findAddress(companyScope(actor), addressId);
      if (!existing) throw notFound('address');
      assertCanEditCompany(actor, existing.companyId);
      return transactor.transaction(async () => {
        const company = await loadCompany(existing.companyId);
        const address = await repository.updateAddress(
          addressId,
          addressFields(input),
          clock.now(),
        );
        await afterAddressSaved(actor, company, address, input, existing.countryCode);
        return addressResult(addressId, existing.companyId);
      });
    },

    async addShippingAccount(
      actor: Actor,
      requestedCompanyId: number | undefined,
      input: ShippingAccountData,
    ) {
      const companyId = await editableCompanyId(actor, requestedCompanyId);
      await assertAgentExists(input.agent_id);
      return transactor.transaction(async () => {
        const company = await loadCompany(companyId);
        const account = await saveShippingAccount(() =>
          repository.insertShippingAccount(companyId, shippingAccountFields(input), clock.now()),
        );
        const makeDefault = input.is_default === true || !company.shippingAccountId;
        return shippingAccountResult(companyId, account.id, makeDefault);
      });
    },

    async updateShippingAccount(actor: Actor, input: ShippingAccountUpdate) {
      const existing = await repository.findShippingAccount(companyScope(actor), input.id);
      if (!existing) throw notFound('shipping account');
      assertCanEditCompany(actor, existing.companyId);
      await assertAgentExists(input.agent_id);
      return transactor.transaction(async () => {
        await saveShippingAccount(() =>
          repository.updateShippingAccount(existing.id, shippingAccountFields(input), clock.now()),
        );
        return shippingAccountResult(existing.companyId, existing.id, input.is_default === true);
      });
    },

    async updateCurrency(actor: Actor, requestedCompanyId: number | undefined, currencyId: number) {
      const companyId = await editableCompanyId(actor, requestedCompanyId);
      if (!(await currencies.find(currencyId))) {
        throw invalidField('currency', 'Choose one of the offered currencies');
      }
      await repository.updateCompany(companyId, { currencyId }, clock.now());
      return getCompany(companyId);
    },
  };
}

export type CompaniesService = ReturnType<typeof createCompaniesService>;
