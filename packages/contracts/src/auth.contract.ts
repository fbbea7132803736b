import { z } from 'zod';
import { Company } from './company.contract.ts';
import { defineEndpoint, jsonBody } from './endpoint.ts';
import {
  countryCodeField,
  emailField,
  Id,
  newPasswordField,
  requiredMessage,
  requiredText,
} from './fields.ts';

// ---- Resources -------------------------------------------------------------------------------

export const ROLES = ['admin', 'moderator', 'other'] as const;
export const Role = z.enum(ROLES);
export type Role = z.infer<typeof Role>;

/** "edit" may change company data; "view" may only read it. */
export const COMPANY_ROLES = ['edit', 'view'] as const;
export const CompanyRole = z.enum(COMPANY_ROLES);
export type CompanyRole = z.infer<typeof CompanyRole>;

/** SPEC §3 User, with the company it belongs to. */
export const User = z
  .object({
    id: Id,
    name: z.string(),
    lastname: z.string(),
    email: z.string(),
    role: Role,
    company_role: CompanyRole,
    isConfirmedEmail: z.boolean(),
    company: Company,
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof User>;

// ---- Requests --------------------------------------------------------------------------------

export const LoginInput = z.object({
  email: emailField,
  password: z
    .string({ error: requiredMessage('Password', 'text') })
    .min(1, 'Password is required')
    .max(200, 'Password must be at most 200 characters'),
});
export type LoginInput = z.input<typeof LoginInput>;

export const RegisterInput = z.object({
  name: requiredText('First name', 100),
  lastname: requiredText('Last name', 100),
  email: emailField,
  password: newPasswordField,
  company_name: requiredText('Company name', 200),
  country_code: countryCodeField,
});
export type RegisterInput = z.input<typeof RegisterInput>;

export const ForgotPasswordInput = z.object({ email: emailField });
export type ForgotPasswordInput = z.input<typeof ForgotPasswordInput>;

/** The token of a password reset link, as the link carries it. */
const resetTokenField = z
  .string({ error: requiredMessage('The link', 'text') })
  .min(1, 'The link is incomplete: open it again from the email')
  .max(200, 'The link is not valid: open it again from the email');

export const PasswordResetLinkInput = z.object({ token: resetTokenField });
export type PasswordResetLinkInput = z.input<typeof PasswordResetLinkInput>;

export const ResetPasswordInput = z.object({ token: resetTokenField, password: newPasswordField });
export type ResetPasswordInput = z.input<typeof ResetPasswordInput>;

export const ChangePasswordInput = z.object({
  current_password: z
    .string({ error: requiredMessage('Current password', 'text') })
    .min(1, 'Current password is required')
    .max(200, 'Current password must be at most 200 characters'),
  password: newPasswordField,
});
export type ChangePasswordInput = z.input<typeof ChangePasswordInput>;

export const ErrorReportInput = z.object({
  message: requiredText('Message', 2000),
  error_name: z.string().max(200).nullish(),
  trace: z.string().max(20000).nullish(),
  location: z.string().max(2000).nullish(),
});
export type ErrorReportInput = z.input<typeof ErrorReportInput>;

// ---- Endpoints (SPEC §7 Auth) ----------------------------------------------------------------

const tag = 'Auth';

export const login = defineEndpoint({
  method: 'POST',
  path: '/api/login',
  summary: 'Log in; wrong credentials answer 422 invalid_credentials, too many attempts 429',
  tag,
  access: 'public',
  body: jsonBody(LoginInput),
  status: 200,
  response: z.object({ token: z.string(), user: User }),
});

export const register = defineEndpoint({
  method: 'POST',
  path: '/api/register',
  summary: 'Create a user with a new company and send the email confirmation link',
  tag,
  access: 'public',
  body: jsonBody(RegisterInput),
  status: 201,
  response: z.object({
    token: z.string(),
    user: User,
    isEmailWithConfirmWasSend: z.boolean(),
  }),
});

export const logout = defineEndpoint({
  method: 'GET',
  path: '/api/logout',
  summary: 'Revoke the token the request carries',
  tag,
  access: 'authenticated',
  status: 200,
  response: z.object({ success: z.literal(true) }),
});

export const logoutEverywhere = defineEndpoint({
  method: 'POST',
  path: '/api/logout/everywhere',
  summary: 'Revoke every token of the user, the one the request carries included',
  tag,
  access: 'authenticated',
  status: 200,
  response: z.object({
    success: z.literal(true),
    /** How many sessions were open, this one included. */
    endedSessions: z.int().nonnegative(),
  }),
});

export const forgotPassword = defineEndpoint({
  method: 'POST',
  path: '/api/password/forgot',
  summary:
    'Mail a link that sets a new password, if an account uses the email; the answer is the ' +
    'same either way (429 when asked too often for the email or from the address)',
  tag,
  access: 'public',
  body: jsonBody(ForgotPasswordInput),
  status: 200,
  response: z.object({
    success: z.literal(true),
    /** How long the mailed link works. */
    validMinutes: z.int().positive(),
  }),
});

export const checkPasswordResetLink = defineEndpoint({
  method: 'POST',
  path: '/api/password/reset/check',
  summary: 'Whether a password reset link still works, and for which email',
  tag,
  access: 'public',
  body: jsonBody(PasswordResetLinkInput),
  status: 200,
  response: z.object({ email: z.string() }),
});

export const resetPassword = defineEndpoint({
  method: 'POST',
  path: '/api/password/reset',
  summary:
    'Set a new password with the token of a reset link (once); every session of the user ends',
  tag,
  access: 'public',
  body: jsonBody(ResetPasswordInput),
  status: 200,
  response: z.object({ success: z.literal(true), email: z.string() }),
});

export const changePassword = defineEndpoint({
  method: 'POST',
  path: '/api/password/change',
  summary:
    'Change the password, given the current one; the other sessions of the user end, this one stays',
  tag,
  access: 'authenticated',
  body: jsonBody(ChangePasswordInput),
  status: 200,
  response: z.object({
    success: z.literal(true),
    /** How many other sessions were logged out. */
    endedSessions: z.int().nonnegative(),
  }),
});

export const getUser = defineEndpoint({
  method: 'GET',
  path: '/api/user',
  summary: 'The current user with their company',
  tag,
  access: 'authenticated',
  status: 200,
  response: z.object({ user: User }),
});

export const storeErrorReport = defineEndpoint({
  method: 'POST',
  path: '/api/errorReport/store',
  summary: 'Record an unexpected error seen in the web app',
  tag,
  access: 'authenticated',
  body: jsonBody(ErrorReportInput),
  status: 201,
  response: z.object({ success: z.literal(true) }),
});

/** Where the confirmation link sends the browser after confirming (or failing to). */
export const EMAIL_CONFIRMATION_REDIRECT = {
  confirmed: '/projects?emailConfirmed=1',
  expired: '/confirmEmail?error=expired',
  invalid: '/confirmEmail?error=invalid',
} as const;

export const confirmEmail = defineEndpoint({
  method: 'GET',
  path: '/api/email/confirm',
  summary:
    'The link in the confirmation email: confirms the address and redirects to the web app ' +
    '(see EMAIL_CONFIRMATION_REDIRECT)',
  tag,
  access: 'public',
  // Any value is accepted: a damaged link leads to the confirm page, not to an error body.
  query: z.object({ token: z.string().default('') }),
  status: 302,
  response: z.undefined(),
});

export const resendConfirmationEmail = defineEndpoint({
  method: 'POST',
  path: '/api/email/resend',
  summary: 'Send the confirmation link again (at most once a minute)',
  tag,
  access: 'authenticated',
  status: 200,
  response: z.object({ isEmailWithConfirmWasSend: z.boolean() }),
});
