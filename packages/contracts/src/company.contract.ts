import { z } from 'zod';
import { defineEndpoint, jsonBody } from './endpoint.ts';
import {
  countryCodeField,
  Id,
  idField,
  idParam,
  idQuery,
  optionalText,
  requiredText,
} from './fields.ts';

// ---- Resources -------------------------------------------------------------------------------

export const Currency = z
  .object({ id: Id, name: z.string().meta({ example: 'USD' }) })
  .meta({ id: 'Currency' });
export type Currency = z.infer<typeof Currency>;

export const ShippingService = z
  .object({ id: Id, name: z.string() })
  .meta({ id: 'ShippingService' });
export type ShippingService = z.infer<typeof ShippingService>;

export const ShippingAgent = z
  .object({ id: Id, name: z.string(), code: z.string(), services: z.array(ShippingService) })
  .meta({ id: 'ShippingAgent' });
export type ShippingAgent = z.infer<typeof ShippingAgent>;

/** A company's own account with a carrier, billed for shipping instead of the company. */
export const ShippingAccount = z
  .object({
    id: Id,
    agent_id: Id,
    agent_name: z.string(),
    account_number: z.string(),
    description: z.string().nullable(),
    is_default: z.boolean(),
  })
  .meta({ id: 'ShippingAccount' });
export type ShippingAccount = z.infer<typeof ShippingAccount>;

/** SPEC §3 Company. `tax` is a percentage (13 means 13 %). */
export const Company = z
  .object({
    id: Id,
    name: z.string(),
    address_id: Id.nullable().meta({ description: 'The company (billing) address' }),
    default_address_id: Id.nullable().meta({ description: 'The default shipping address' }),
    shipping_account_id: Id.nullable().meta({ description: 'The default shipping account' }),
    shipping_accounts: z.array(ShippingAccount),
    currency: Currency,
    tax: z.number(),
  })
  .meta({ id: 'Company' });
export type Company = z.infer<typeof Company>;

export const CompanySummary = z.object({ id: Id, name: z.string() }).meta({ id: 'CompanySummary' });
export type CompanySummary = z.infer<typeof CompanySummary>;

export const Address = z
  .object({
    id: Id,
    country_code: z.string(),
    contact_name: z.string().nullable(),
    line1: z.string().nullable(),
    line2: z.string().nullable(),
    city: z.string().nullable(),
    region: z.string().nullable(),
    postal_code: z.string().nullable(),
    phone: z.string().nullable(),
    is_company_address: z.boolean(),
    is_default: z.boolean(),
  })
  .meta({ id: 'Address' });
export type Address = z.infer<typeof Address>;

// ---- Requests --------------------------------------------------------------------------------

export const AddressInput = z.object({
  contact_name: optionalText('Contact name', 120),
  line1: requiredText('Street address', 200),
  line2: optionalText('Address line 2', 200),
  city: requiredText('City', 120),
  region: optionalText('State or province', 120),
  postal_code: requiredText('Postal code', 20),
  country_code: countryCodeField,
  phone: optionalText('Phone', 40),
  is_company_address: z
    .boolean()
    .optional()
    .meta({
      description:
        'Make this the company address; its country sets the company currency and tax (SPEC §9). ' +
        'false leaves the current company address in place.',
    }),
  is_default: z.boolean().optional().meta({
    description: 'Make this the default shipping address. false leaves the current default.',
  }),
});
export type AddressInput = z.input<typeof AddressInput>;

const ShippingAccountFields = {
  agent_id: idField('Shipping agent'),
  account_number: requiredText('Account number', 40).regex(
    /^[A-Za-z0-9][A-Za-z0-9 -]*$/,
    'Account number may contain only letters, digits, spaces and dashes',
  ),
  description: optionalText('Description', 200, { multiline: true }),
  is_default: z.boolean().optional().meta({
    description: 'Use this account by default. false leaves the current default.',
  }),
};

export const AddShippingAccountInput = z.object(ShippingAccountFields);
export type AddShippingAccountInput = z.input<typeof AddShippingAccountInput>;

export const UpdateShippingAccountInput = z.object({
  id: idField('Shipping account'),
  ...ShippingAccountFields,
});
export type UpdateShippingAccountInput = z.input<typeof UpdateShippingAccountInput>;

const CompanyScopeQuery = z.object({
  companyId: idQuery('companyId')
    .optional()
    .meta({ description: 'Admins and moderators only: another company; defaults to your own.' }),
});

// ---- Endpoints (SPEC §7 Company) -------------------------------------------------------------

const tag = 'Company';

export const getCompanyShort = defineEndpoint({
  method: 'GET',
  path: '/api/company/short',
  summary: 'Companies the user can choose from: their own, or every company for admins/moderators',
  tag,
  access: 'confirmed',
  status: 200,
  response: z.object({ companies: z.array(CompanySummary) }),
});

export const listAddresses = defineEndpoint({
  method: 'GET',
  path: '/api/addresses',
  summary: "The company's addresses",
  tag,
  access: 'confirmed',
  query: CompanyScopeQuery,
  status: 200,
  response: z.object({ addresses: z.array(Address) }),
});

export const createAddress = defineEndpoint({
  method: 'POST',
  path: '/api/addresses',
  summary: 'Add an address to the company (company editors)',
  tag,
  access: 'confirmed',
  query: CompanyScopeQuery,
  body: jsonBody(AddressInput),
  status: 201,
  response: z.object({ address: Address, company: Company }),
});

export const updateAddress = defineEndpoint({
  method: 'PUT',
  path: '/api/addresses/{id}',
  summary: 'Replace an address of the company (company editors)',
  tag,
  access: 'confirmed',
  params: z.object({ id: idParam }),
  body: jsonBody(AddressInput),
  status: 200,
  response: z.object({ address: Address, company: Company }),
});

export const listShippingAgents = defineEndpoint({
  method: 'GET',
  path: '/api/shippingAgents',
  summary: 'Carriers and their services',
  tag,
  access: 'confirmed',
  status: 200,
  response: z.object({ shippingAgents: z.array(ShippingAgent) }),
});

export const addShippingAccount = defineEndpoint({
  method: 'POST',
  path: '/api/company/addShippingAccount',
  summary: 'Add a carrier account to the company (company editors)',
  tag,
  access: 'confirmed',
  query: CompanyScopeQuery,
  body: jsonBody(AddShippingAccountInput),
  status: 201,
  response: z.object({ shippingAccount: ShippingAccount, company: Company }),
});

export const updateShippingAccount = defineEndpoint({
  method: 'POST',
  path: '/api/company/updateShippingAccount',
  summary: 'Change a carrier account of the company (company editors)',
  tag,
  access: 'confirmed',
  body: jsonBody(UpdateShippingAccountInput),
  status: 200,
  response: z.object({ shippingAccount: ShippingAccount, company: Company }),
});

export const listCurrencies = defineEndpoint({
  method: 'GET',
  path: '/api/currency',
  summary: 'Currencies prices are quoted in',
  tag,
  access: 'confirmed',
  status: 200,
  response: z.object({ currencies: z.array(Currency) }),
});

export const updateCompanyCurrency = defineEndpoint({
  method: 'POST',
  path: '/api/v2/company/updateCompanyCurrency',
  summary: "Change the company's currency (company editors)",
  tag,
  access: 'confirmed',
  query: CompanyScopeQuery,
  body: jsonBody(z.object({ currency: idField('Currency') })),
  status: 200,
  response: z.object({ company: Company }),
});
