import { isCountryCode } from '@circuits/domain';
import { z } from 'zod';

// Reusable request fields with the messages a user reads next to the input.

/**
 * What the server needs to know of a text field beyond its schema: the label its messages name,
 * and whether it holds several lines (then tabs and line breaks are welcome in it). The server
 * refuses control characters in every text value of every request; this registry is where a field
 * says it is multi-line. Unregistered text is single-line and named by its path. An `opaque` value
 * is only compared, never stored or shown (a token from a link): any character may arrive in it.
 */
export type TextFieldRule = { label?: string; multiline?: boolean; opaque?: boolean };
export const textFields = z.registry<TextFieldRule>();

type TextOptions = { multiline?: boolean };

/** "X is required" when absent, "X must be <kind>" when of the wrong type. */
export function requiredMessage(label: string, kind: string) {
  return (issue: { input?: unknown }) =>
    issue.input === undefined || issue.input === null
      ? `${label} is required`
      : `${label} must be ${kind}`;
}

export function requiredText(label: string, maxLength: number, options: TextOptions = {}) {
  return z
    .string({ error: requiredMessage(label, 'text') })
    .trim()
    .min(1, `${label} is required`)
    .max(maxLength, `${label} must be at most ${maxLength} characters`)
    .register(textFields, { label, ...options });
}

/** Optional text: null, absent or blank all mean "no value". */
export function optionalText(label: string, maxLength: number, options: TextOptions = {}) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(maxLength, `${label} must be at most ${maxLength} characters`)
    .register(textFields, { label, ...options })
    .nullish();
}

export const emailField = z
  .string({ error: requiredMessage('Email', 'text') })
  .trim()
  .toLowerCase()
  .min(1, 'Email is required')
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email('Email must be a valid email address'));

/**
 * A password being chosen. The server also refuses the most common passwords and ones made of the
 * user's email or name (it holds the list and knows the user).
 */
export const newPasswordField = z
  .string({ error: requiredMessage('Password', 'text') })
  .min(8, 'Password must be at least 8 characters')
  .max(200, 'Password must be at most 200 characters')
  .refine((password) => !/^(.)\1*$/su.test(password), 'Password must not be one character repeated')
  .register(textFields, { label: 'Password' });

export const countryCodeField = z
  .string({ error: requiredMessage('Country', 'a two-letter country code') })
  .trim()
  .toUpperCase()
  .refine(isCountryCode, 'Country must be an ISO 3166-1 alpha-2 code such as US, CA or FR')
  .meta({ description: 'ISO 3166-1 alpha-2 country code', example: 'CA' });

/**
 * The largest id, and the largest whole number any request may store: ids and counts live in
 * PostgreSQL `integer` columns (2³¹ − 1). A larger number names nothing (404 in a path, 422 in a
 * field) instead of failing in the database.
 */
export const MAX_INT4 = 2_147_483_647;

const outOfRange = (label: string) => `${label} must be a whole number from 1 to ${MAX_INT4}`;

export function idField(label: string) {
  return z
    .int({ error: requiredMessage(label, 'a whole number') })
    .positive(`${label} must be a positive whole number`)
    .max(MAX_INT4, outOfRange(label));
}

/** A numeric id in the URL path: anything but an id of 1 to 2³¹ − 1 is not found (404). */
export const idParam = z.coerce.number().int().positive().max(MAX_INT4);

/** An id in a query string (`?companyId=`), with the message its field gets. */
export function idQuery(label: string) {
  return z.coerce
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .positive(`${label} must be a whole number`)
    .max(MAX_INT4, outOfRange(label));
}

export const Id = z.int().positive().max(MAX_INT4, outOfRange('Id'));

// ---- Form (multipart) fields: every value arrives as text.

/** "true"/"false" (also 1/0, yes/no, on/off) in a form. */
export function formBoolean(label: string) {
  return z.stringbool({
    error: `${label} must be true or false`,
    truthy: ['true', '1', 'yes', 'on'],
    falsy: ['false', '0', 'no', 'off'],
  });
}

/** A positive whole number sent as form text. */
export function formId(label: string) {
  return z
    .string({ error: requiredMessage(label, 'a whole number') })
    .trim()
    .regex(/^\d{1,15}$/, `${label} must be a positive whole number`)
    .transform(Number)
    .refine((value) => value > 0, `${label} must be a positive whole number`)
    .refine((value) => value <= MAX_INT4, outOfRange(label));
}

/** A list of ids (at least one, no more than 1000). */
export function idList(label: string) {
  return z
    .array(idField(label), { error: `${label} must be a list of ids` })
    .min(1, `${label} must name at least one id`)
    .max(1000, `${label} may name at most 1000 ids`);
}
