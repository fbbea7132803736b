import { BOARD_OPTION_LIST_NAMES } from '@circuits/domain';
import { z } from 'zod';
import { defineEndpoint, jsonBody } from './endpoint.ts';
import { textFields } from './fields.ts';

// The board settings options in the admin panel: the lists the Board tab offers (domain
// BOARD_OPTION_LISTS), each option with the number of saved boards choosing it. Administrators
// add, rename, reorder and delete options; moderators read; everyone else is refused.

const tag = 'Admin';

export const BoardOptionListName = z.enum(BOARD_OPTION_LIST_NAMES, {
  error: `List must be one of ${BOARD_OPTION_LIST_NAMES.join(', ')}`,
});

/** An option as settings name it: its text, its number, or its colour's name. */
const optionKey = (label: string) =>
  z
    .union(
      [
        z.string().trim().max(100, `${label} must be at most 100 characters`),
        // Thicknesses, layer counts and copper weights: a board's numbers are far below this.
        z.number().min(0).max(1000),
      ],
      {
        error: `${label} must be text or a number`,
      },
    )
    .register(textFields, { label });

const hexField = z
  .string({ error: 'Colour must be text' })
  .trim()
  .max(7, 'Colour must be #rrggbb, e.g. #004200')
  .optional()
  .meta({ description: 'Colour lists only: #rrggbb' });

export const AdminBoardOption = z
  .object({
    value: z.union([z.string(), z.number()]),
    hex: z.string().nullable().meta({ description: 'Colour lists: #rrggbb; otherwise null' }),
    boards: z.int().nonnegative().meta({ description: 'Saved boards whose settings choose it' }),
    priced: z.boolean().nullable().meta({
      description:
        'Materials and finishings: whether the price book in force prices it (a board choosing an unpriced one cannot be priced); null for other lists',
    }),
  })
  .meta({ id: 'AdminBoardOption' });

export const AdminBoardOptionList = z
  .object({
    name: BoardOptionListName,
    label: z.string(),
    kind: z.enum(['text', 'number', 'fixed', 'color']).meta({
      description:
        'text: free names; number: values within min..max (integer: whole only); fixed: a subset of allowed, never renamed; color: names with #rrggbb',
    }),
    unit: z.string().nullable(),
    allowed: z.array(z.string()).nullable(),
    min: z.number().nullable(),
    max: z.number().nullable(),
    integer: z.boolean(),
    options: z.array(AdminBoardOption).meta({ description: 'In the order the Board tab offers' }),
  })
  .meta({ id: 'AdminBoardOptionList' });
export type AdminBoardOptionList = z.infer<typeof AdminBoardOptionList>;

const listParams = z.object({ list: BoardOptionListName });
const changed = z.object({
  list: AdminBoardOptionList,
  boards_updated: z
    .int()
    .nonnegative()
    .meta({ description: 'Saved boards whose choice followed the change (a rename)' }),
  price_book_version: z.int().positive().nullable().meta({
    description:
      'A rename of an option the price book lists: the new version in force, carrying its surcharge under the new name',
  }),
});

export const adminBoardOptions = defineEndpoint({
  method: 'GET',
  path: '/api/admin/boardOptions',
  summary:
    'Every list the Board tab offers, in order, with how many saved boards choose each option',
  tag,
  access: 'confirmed',
  status: 200,
  response: z.object({ lists: z.array(AdminBoardOptionList) }),
});

export const adminAddBoardOption = defineEndpoint({
  method: 'POST',
  path: '/api/admin/boardOptions/{list}/add',
  summary: 'Offer a new option, last in its list',
  tag,
  access: 'confirmed',
  params: listParams,
  body: jsonBody(z.object({ value: optionKey('Value'), hex: hexField })),
  status: 201,
  response: changed,
});

export const adminRenameBoardOption = defineEndpoint({
  method: 'POST',
  path: '/api/admin/boardOptions/{list}/rename',
  summary:
    'Rename an option (or change its number or colour) in place; saved boards choosing it follow',
  tag,
  access: 'confirmed',
  params: listParams,
  body: jsonBody(
    z.object({ option: optionKey('Option'), value: optionKey('Value'), hex: hexField }),
  ),
  status: 200,
  response: changed,
});

export const adminOrderBoardOptions = defineEndpoint({
  method: 'POST',
  path: '/api/admin/boardOptions/{list}/order',
  summary: 'Put the options of a list in a new order (every option once): the order users see',
  tag,
  access: 'confirmed',
  params: listParams,
  body: jsonBody(
    z.object({
      options: z
        .array(optionKey('Option'), { error: 'Options must be a list' })
        .min(1, 'Options must name every option of the list')
        .max(200, 'Options may name at most 200 options'),
    }),
  ),
  status: 200,
  response: changed,
});

export const adminDeleteBoardOption = defineEndpoint({
  method: 'POST',
  path: '/api/admin/boardOptions/{list}/delete',
  summary:
    'Stop offering an option; refused (409, naming them) while saved boards choose it, and for the last option of a list',
  tag,
  access: 'confirmed',
  params: listParams,
  body: jsonBody(z.object({ option: optionKey('Option') })),
  status: 200,
  response: changed,
});
