// The pieces the parts contract's files share (tags, paging, id lists, a spec value as input);
// internal to the contract, not exported from the package.

import { z } from 'zod';
import { idField, idParam, MAX_INT4, optionalText } from './fields.ts';

export const tag = 'Parts';
export const packagesTag = 'Packages';

export const PageOf = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), totalPages: z.int(), totalAmount: z.int() });

export const page = z
  .int({ error: 'page must be a whole number' })
  .min(1, 'page must be at least 1')
  .max(100_000, 'page must be at most 100000')
  .default(1);
export const perPage = z
  .int({ error: 'perPage must be a whole number' })
  .min(1, 'perPage must be at least 1')
  .max(200, 'perPage must be at most 200')
  .default(30);
export const keyword = z
  .string({ error: 'keyword must be text' })
  .trim()
  .max(200, 'keyword must be at most 200 characters')
  .nullish();

export function ids(label: string) {
  return z
    .array(idField(label), { error: `${label} must be a list of ids` })
    .max(1000, `${label} may name at most 1000 ids`)
    .nullish();
}

/** Where an option stands in its list. */
export const optionOrder = z
  .int({ error: 'order must be a whole number' })
  .min(-1_000_000, 'order must be between -1000000 and 1000000')
  .max(1_000_000, 'order must be between -1000000 and 1000000')
  .default(0);

/** The last page a listing offers (far beyond any catalogue at its smallest page size). */
export const MAX_PAGE = 100_000;

export const SpecValueInput = z.object({
  specification_id: idField('specification_id'),
  selected_option: z
    .union([z.int().positive().max(MAX_INT4), z.string().trim().min(1).max(100)], {
      error: 'selected_option must be an option id or a value',
    })
    .meta({ description: 'An option id (option specs) or the value as written (4k7, ±1%)' }),
  source: optionalText('source', 200),
});

export const idParams = z.object({ id: idParam });
