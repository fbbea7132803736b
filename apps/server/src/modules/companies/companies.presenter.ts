import type { Address, Company, Currency, ShippingAccount } from '@circuits/contracts';
import type { AddressRow, CompanyRow, ShippingAccountRow } from './companies.repository.ts';

export function presentShippingAccount(
  row: ShippingAccountRow,
  company: CompanyRow,
  agentName: string,
): ShippingAccount {
  return {
    id: row.id,
    agent_id: row.agentId,
    agent_name: agentName,
    account_number: row.accountNumber,
    description: row.description,
    is_default: company.shippingAccountId === row.id,
  };
}

export function presentCompany(
  row: CompanyRow,
  currency: Currency,
  shippingAccounts: ShippingAccount[],
): Company {
  return {
    id: row.id,
    name: row.name,
    address_id: row.addressId,
    default_address_id: row.defaultAddressId,
    shipping_account_id: row.shippingAccountId,
    shipping_accounts: shippingAccounts,
    currency,
    tax: row.taxPercent,
  };
}

export function presentAddress(row: AddressRow, company: CompanyRow): Address {
  return {
    id: row.id,
    country_code: row.countryCode,
    contact_name: row.contactName,
    line1: row.line1,
    line2: row.line2,
    city: row.city,
    region: row.region,
    postal_code: row.postalCode,
    phone: row.phone,
    is_company_address: company.addressId === row.id,
    is_default: company.defaultAddressId === row.id,
  };
}
