import { z } from 'zod';
import { defineEndpoint, jsonBody } from './endpoint.ts';
import { Id, idField, idParam } from './fields.ts';
import { Manufacturer, Part } from './parts.contract.ts';

// The parts catalogue's moderation queue (a tab of /adminPanel): the parts and manufacturers
// members added, waiting to be confirmed, merged into the entry they duplicate, or deleted.
// Administrators and moderators moderate; everyone else is refused (403) by every call. Every
// change is written to the admin audit log. Confirming a manufacturer and deleting a part or a
// manufacturer are the SPEC §7 Parts calls (POST /api/manufacturers/{id}/confirm, DELETE
// /api/parts/{id}, DELETE /api/manufacturers/{id}); the calls below complete them.

const tag = 'Moderation';

export const MODERATION_ONLY_MESSAGE =
  'Only administrators and moderators can moderate the parts catalogue';

export const MODERATION_PAGE_SIZE = 25;

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

const idParams = z.object({ id: idParam });

/** Who added an entry, and for which company (an unconfirmed entry is seen by it only). */
const AddedBy = z.object({
  user_id: Id.nullable(),
  user_name: z.string().nullable(),
  company_id: Id.nullable(),
  company_name: z.string().nullable(),
});

export const ModerationPart = z
  .object({
    id: Id,
    name: z.string(),
    part_number: z.string(),
    description: z.string(),
    manufacturer: z.object({ id: Id, name: z.string(), confirmed: z.boolean() }).nullable(),
    category: z.string().nullable(),
    package: z.string().nullable(),
    added: AddedBy,
    created_at: z.iso.datetime(),
    bom_rows: z.int().nonnegative().meta({ description: 'BOM rows of any company that use it' }),
    duplicates: z
      .array(
        z.object({ id: Id, name: z.string(), part_number: z.string(), manufacturer: z.string() }),
      )
      .meta({
        description:
          'Confirmed parts of the same part number (compared without case, spaces and dashes): merge candidates',
      }),
  })
  .meta({ id: 'ModerationPart' });
export type ModerationPart = z.infer<typeof ModerationPart>;

export const ModerationManufacturer = z
  .object({
    id: Id,
    name: z.string(),
    aliases: z.array(z.string()),
    added: AddedBy,
    created_at: z.iso.datetime(),
    parts_count: z.int().nonnegative(),
  })
  .meta({ id: 'ModerationManufacturer' });
export type ModerationManufacturer = z.infer<typeof ModerationManufacturer>;

export const moderationParts = defineEndpoint({
  method: 'GET',
  path: '/api/admin/moderation/parts',
  summary:
    'Unconfirmed parts of every company, oldest first, 25 a page; search by name, part number, manufacturer or company',
  tag,
  access: 'confirmed',
  query: z.object({ search: searchField, page: pageField }),
  status: 200,
  response: z.object({
    parts: z.array(ModerationPart),
    total: z.int().nonnegative(),
    page: z.int(),
  }),
});

export const moderationManufacturers = defineEndpoint({
  method: 'GET',
  path: '/api/admin/moderation/manufacturers',
  summary:
    'Unconfirmed manufacturers of every company, oldest first, 25 a page; search by name, alias or company',
  tag,
  access: 'confirmed',
  query: z.object({ search: searchField, page: pageField }),
  status: 200,
  response: z.object({
    manufacturers: z.array(ModerationManufacturer),
    total: z.int().nonnegative(),
    page: z.int(),
  }),
});

export const confirmPart = defineEndpoint({
  method: 'POST',
  path: '/api/parts/{id}/confirm',
  summary:
    'Confirm a part: every company sees it (its manufacturer is confirmed with it). Admins and moderators',
  tag,
  access: 'confirmed',
  params: idParams,
  status: 200,
  response: z.object({ part: Part }),
});

export const MergeInput = z.object({
  into_id: idField('into_id').meta({ description: 'The entry that is kept' }),
});

export const mergePart = defineEndpoint({
  method: 'POST',
  path: '/api/parts/{id}/merge',
  summary:
    'Merge a duplicate part into another: BOM rows (and their substitutions and suggestions), spec values, stock and price breaks move to the kept part (what it has already wins; stock of the same lot adds up), then the duplicate is deleted. Admins and moderators',
  tag,
  access: 'confirmed',
  params: idParams,
  body: jsonBody(MergeInput),
  status: 200,
  response: z.object({
    part: Part,
    moved: z.object({
      bom_rows: z.int().nonnegative(),
      specs: z.int().nonnegative(),
      stock_lots: z.int().nonnegative(),
      price_breaks: z.int().nonnegative(),
    }),
  }),
});

export const mergeManufacturer = defineEndpoint({
  method: 'POST',
  path: '/api/manufacturers/{id}/merge',
  summary:
    "Merge a duplicate manufacturer into another: its parts move to the kept one (a part the kept one has under the same number is merged into it), its name and aliases become the kept one's aliases, then it is deleted. Admins and moderators",
  tag,
  access: 'confirmed',
  params: idParams,
  body: jsonBody(MergeInput),
  status: 200,
  response: z.object({
    manufacturer: Manufacturer,
    moved: z.object({
      parts: z.int().nonnegative(),
      merged_parts: z.int().nonnegative(),
    }),
  }),
});
