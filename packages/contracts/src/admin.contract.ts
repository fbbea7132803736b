import { z } from 'zod';
import { CompanyRole, Role } from './auth.contract.ts';
import { Address, Company } from './company.contract.ts';
import { defineEndpoint, jsonBody } from './endpoint.ts';
import { Id, idField, idParam, idQuery, optionalText, requiredText } from './fields.ts';
import { Order, OrderStatus } from './order.contract.ts';
import { Amounts, PriceBookData, PriceBookVersion } from './pricing.contract.ts';

// The admin panel (/adminPanel): administrators change, moderators only read, everyone else is
// refused (403) by every call. Every change made here is written to the audit log.

const tag = 'Admin';

export const ADMIN_ONLY_MESSAGE = 'Only administrators can change this';
export const STAFF_ONLY_MESSAGE = 'Only administrators and moderators can open the admin panel';

const pageField = z.coerce
  .number({ error: 'Page must be a whole number' })
  .int('Page must be a whole number')
  .min(1, 'Page must be 1 or more')
  .max(100_000, 'Page must be at most 100000')
  .default(1);

const searchField = z
  .string({ error: 'Search must be text' })
  .trim()
  .max(200, 'Search must be at most 200 characters')
  .optional();

export const ADMIN_PAGE_SIZE = 25;

// ---- Users -------------------------------------------------------------------------------------

export const AdminUser = z
  .object({
    id: Id,
    name: z.string(),
    lastname: z.string(),
    email: z.string(),
    role: Role,
    company_role: CompanyRole,
    isConfirmedEmail: z.boolean(),
    disabled: z.boolean(),
    company_id: Id,
    company_name: z.string(),
    created_at: z.iso.datetime(),
  })
  .meta({ id: 'AdminUser' });
export type AdminUser = z.infer<typeof AdminUser>;

const userParams = z.object({ id: idParam });
const userAnswer = z.object({ user: AdminUser });

export const adminListUsers = defineEndpoint({
  method: 'GET',
  path: '/api/admin/users',
  summary: 'Users of every company, found by name, email or company; newest first, 25 a page',
  tag,
  access: 'confirmed',
  query: z.object({
    search: searchField,
    companyId: idQuery('companyId').optional(),
    page: pageField,
  }),
  status: 200,
  response: z.object({ users: z.array(AdminUser), total: z.int().nonnegative(), page: z.int() }),
});

export const adminGetUser = defineEndpoint({
  method: 'GET',
  path: '/api/admin/users/{id}',
  summary: 'One user, with the company and whether the account is disabled',
  tag,
  access: 'confirmed',
  params: userParams,
  status: 200,
  response: userAnswer,
});

export const AdminUserUpdate = z
  .object({
    role: Role.optional(),
    company_role: CompanyRole.optional(),
  })
  .refine((input) => input.role !== undefined || input.company_role !== undefined, {
    message: 'Give role or company_role',
    path: ['role'],
  });

export const adminUpdateUser = defineEndpoint({
  method: 'POST',
  path: '/api/admin/users/{id}/update',
  summary: "Change a user's role (admin, moderator, other) or company_role (edit, view)",
  tag,
  access: 'confirmed',
  params: userParams,
  body: jsonBody(AdminUserUpdate),
  status: 200,
  response: userAnswer,
});

export const adminSetUserDisabled = defineEndpoint({
  method: 'POST',
  path: '/api/admin/users/{id}/disabled',
  summary:
    'Disable (every open session ends; its next call answers disabledAccountError) or enable an account',
  tag,
  access: 'confirmed',
  params: userParams,
  body: jsonBody(
    z.object({
      disabled: z.boolean({ error: 'Disabled must be true or false' }),
    }),
  ),
  status: 200,
  response: userAnswer,
});

export const adminConfirmUserEmail = defineEndpoint({
  method: 'POST',
  path: '/api/admin/users/{id}/confirmEmail',
  summary: "Mark the user's email as confirmed",
  tag,
  access: 'confirmed',
  params: userParams,
  status: 200,
  response: userAnswer,
});

export const adminSendPasswordReset = defineEndpoint({
  method: 'POST',
  path: '/api/admin/users/{id}/sendPasswordReset',
  summary: 'Email the user a link to set a new password',
  tag,
  access: 'confirmed',
  params: userParams,
  status: 200,
  response: z.object({ success: z.literal(true), message: z.string() }),
});

// ---- Companies ---------------------------------------------------------------------------------

export const AdminCompanySummary = z
  .object({
    id: Id,
    name: z.string(),
    country_code: z.string().nullable(),
    currency: z.string(),
    tax: z.number(),
    members: z.int().nonnegative(),
    created_at: z.iso.datetime(),
  })
  .meta({ id: 'AdminCompanySummary' });
export type AdminCompanySummary = z.infer<typeof AdminCompanySummary>;

export const adminListCompanies = defineEndpoint({
  method: 'GET',
  path: '/api/admin/companies',
  summary: 'Every company with its country, currency, tax and number of members',
  tag,
  access: 'confirmed',
  query: z.object({ search: searchField }),
  status: 200,
  response: z.object({ companies: z.array(AdminCompanySummary) }),
});

export const adminGetCompany = defineEndpoint({
  method: 'GET',
  path: '/api/admin/companies/{id}',
  summary: 'A company: details, currency and tax, addresses and members',
  tag,
  access: 'confirmed',
  params: z.object({ id: idParam }),
  status: 200,
  response: z.object({
    company: Company,
    addresses: z.array(Address),
    members: z.array(AdminUser),
  }),
});

export const adminSetCompanyCurrency = defineEndpoint({
  method: 'POST',
  path: '/api/admin/companies/{id}/currency',
  summary: "Change a company's currency (1 CAD, 2 USD, 3 EUR)",
  tag,
  access: 'confirmed',
  params: z.object({ id: idParam }),
  body: jsonBody(z.object({ currency: idField('Currency') })),
  status: 200,
  response: z.object({ company: Company }),
});

// ---- Orders ------------------------------------------------------------------------------------

export const adminSetOrderStatus = defineEndpoint({
  method: 'POST',
  path: '/api/admin/orders/{id}/status',
  summary: "Change an order's status; the note is shown to the customer on the order's timeline",
  tag,
  access: 'confirmed',
  params: z.object({ id: idParam }),
  body: jsonBody(
    z.object({
      status: z.enum(OrderStatus.options, {
        error: `Status must be one of ${OrderStatus.options.join(', ')}`,
      }),
      note: requiredText('Note', 1000, { multiline: true }),
    }),
  ),
  status: 200,
  response: z.object({ order: Order }),
});

// ---- Audit log ---------------------------------------------------------------------------------

export const AuditEntry = z
  .object({
    id: Id,
    at: z.iso.datetime(),
    actor_id: Id.nullable(),
    actor_name: z.string(),
    action: z.string().meta({ example: 'user.disable' }),
    target_type: z.string(),
    target_id: z.string(),
    summary: z.string(),
    before: z.unknown().nullable(),
    after: z.unknown().nullable(),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof AuditEntry>;

export const adminListAudit = defineEndpoint({
  method: 'GET',
  path: '/api/admin/audit',
  summary:
    "Every change made in the admin panel, and every change of a company's country (its tax) by anyone, newest first: who, what, when, before and after",
  tag,
  access: 'confirmed',
  query: z.object({ page: pageField }),
  status: 200,
  response: z.object({ entries: z.array(AuditEntry), total: z.int().nonnegative(), page: z.int() }),
});

// ---- Error reports -----------------------------------------------------------------------------

export const AdminErrorReport = z
  .object({
    id: Id,
    at: z.iso.datetime(),
    user_id: Id,
    user_email: z.string().nullable(),
    message: z.string(),
    error_name: z.string().nullable(),
    trace: z.string().nullable(),
    location: z.string().nullable(),
    user_agent: z.string().nullable(),
  })
  .meta({ id: 'AdminErrorReport' });
export type AdminErrorReport = z.infer<typeof AdminErrorReport>;

export const adminListErrorReports = defineEndpoint({
  method: 'GET',
  path: '/api/admin/errorReports',
  summary: 'Errors reported by browsers (POST /api/errorReport/store), newest first',
  tag,
  access: 'confirmed',
  query: z.object({ page: pageField }),
  status: 200,
  response: z.object({
    reports: z.array(AdminErrorReport),
    total: z.int().nonnegative(),
    page: z.int(),
  }),
});

// ---- Price book --------------------------------------------------------------------------------

export const adminPriceBooks = defineEndpoint({
  method: 'GET',
  path: '/api/admin/priceBook',
  summary: 'The price book in force and the history of its versions, newest first',
  tag,
  access: 'confirmed',
  status: 200,
  response: z.object({
    current: PriceBookVersion,
    versions: z.array(
      z.object({
        version: z.int().positive(),
        note: z.string().nullable(),
        created_at: z.iso.datetime(),
        created_by: z.string().nullable(),
      }),
    ),
  }),
});

const SampleTotal = z.object({
  total: Amounts.nullable(),
  message: z.string().nullable().meta({ description: 'Why the book cannot price the board' }),
});

export const adminPreviewPriceBook = defineEndpoint({
  method: 'POST',
  path: '/api/admin/priceBook/preview',
  summary: 'Sample boards priced by the book in force and by a proposed new version, side by side',
  tag,
  access: 'confirmed',
  readOnly: true,
  body: jsonBody(z.object({ book: PriceBookData })),
  status: 200,
  response: z.object({
    current_version: z.int().positive(),
    samples: z.array(
      z.object({
        label: z.string(),
        quantity: z.int().positive(),
        current: SampleTotal,
        proposed: SampleTotal,
      }),
    ),
  }),
});

export const adminPublishPriceBook = defineEndpoint({
  method: 'POST',
  path: '/api/admin/priceBook/publish',
  summary: 'Put a new version of the price book in force (quotes made before keep theirs)',
  tag,
  access: 'confirmed',
  body: jsonBody(z.object({ book: PriceBookData, note: optionalText('Note', 500) })),
  status: 201,
  response: z.object({ priceBook: PriceBookVersion }),
});
