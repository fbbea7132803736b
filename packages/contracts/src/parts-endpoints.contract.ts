// SPEC §7 endpoints of parts, specs and manufacturers.

import { z } from 'zod';
import { defineEndpoint, jsonBody, multipartBody } from './endpoint.ts';
import { Id, idField, idList, idParam, idQuery, requiredText } from './fields.ts';
import {
  idParams,
  ids,
  keyword,
  MAX_PAGE,
  optionOrder,
  PageOf,
  page,
  perPage,
  SpecValueInput,
  tag,
} from './parts-contract-fields.ts';
import {
  CategoryInput,
  ManufacturerInput,
  PartForm,
  PartInput,
  SpecInput,
} from './parts-requests.contract.ts';
import {
  BrandCount,
  Manufacturer,
  Part,
  PartCategory,
  PartsSearchRow,
  Spec,
  SpecCategory,
  SpecUnit,
} from './parts-resources.contract.ts';

// ---- Endpoints: parts ------------------------------------------------------------------------

export const listParts = defineEndpoint({
  method: 'GET',
  path: '/api/parts',
  summary: 'Parts of the catalogue, a page at a time',
  tag,
  access: 'confirmed',
  query: z.object({
    page: z.coerce
      .number()
      .int()
      .min(1, 'page must be at least 1')
      .max(MAX_PAGE, `page must be at most ${MAX_PAGE}`)
      .default(1),
    perPage: z.coerce.number().int().min(1).max(200, 'perPage must be at most 200').default(30),
    keyword: z.string().trim().max(200).optional(),
    category_id: idQuery('category_id').optional(),
    isShowUnconfirmed: z.stringbool().default(false),
  }),
  status: 200,
  response: PageOf(PartsSearchRow),
});

export const filterParts = defineEndpoint({
  method: 'POST',
  path: '/api/parts/filter',
  readOnly: true,
  summary: 'Parts for the catalogue page: keyword, categories, brands and confirmation state',
  tag,
  access: 'confirmed',
  body: jsonBody(
    z.object({
      keyword,
      page,
      perPage,
      categories: ids('categories'),
      brands: ids('brands'),
      isShowUnconfirmed: z.boolean().default(true),
      onlyUnconfirmed: z.boolean().default(false),
    }),
  ),
  status: 200,
  response: PageOf(PartsSearchRow),
});

export const partsQty = defineEndpoint({
  method: 'POST',
  path: '/api/parts/qty',
  readOnly: true,
  summary: 'Available quantity of parts',
  tag,
  access: 'confirmed',
  body: jsonBody(z.object({ ids: idList('ids') })),
  status: 200,
  response: z.object({ syncResponse: z.array(z.object({ id: Id, qty: z.int() })) }),
});

export const getPart = defineEndpoint({
  method: 'GET',
  path: '/api/parts/{id}',
  summary: 'One part with specs, stock per location and price breaks',
  tag,
  access: 'confirmed',
  params: idParams,
  status: 200,
  response: z.object({ part: Part }),
});

export const addPart = defineEndpoint({
  method: 'POST',
  path: '/api/parts/add',
  summary: 'Add a part (company editors: unconfirmed until an admin or moderator confirms it)',
  tag,
  access: 'confirmed',
  body: jsonBody(PartInput),
  status: 201,
  response: z.object({ part: Part }),
});

export const updatePart = defineEndpoint({
  method: 'POST',
  path: '/api/parts/{id}',
  summary: 'Change a part (admins and moderators; editors their own unconfirmed parts)',
  tag,
  access: 'confirmed',
  params: idParams,
  body: multipartBody(PartForm, {}),
  status: 200,
  response: z.object({ part: Part }),
});

export const deletePart = defineEndpoint({
  method: 'DELETE',
  path: '/api/parts/{id}',
  summary: 'Delete a part (admins and moderators; editors their own unconfirmed parts)',
  tag,
  access: 'confirmed',
  params: idParams,
  status: 200,
  response: z.object({ success: z.literal(true) }),
});

export const removePartSpec = defineEndpoint({
  method: 'DELETE',
  path: '/api/parts/removeSpec/{id}',
  summary: 'Remove a spec value from a part (id is the connId)',
  tag,
  access: 'confirmed',
  params: idParams,
  status: 200,
  response: z.object({ part: Part }),
});

export const addPartSpec = defineEndpoint({
  method: 'POST',
  path: '/api/parts/{id}/addSpec',
  summary: 'Give a part a spec value',
  tag,
  access: 'confirmed',
  params: idParams,
  body: jsonBody(SpecValueInput),
  status: 200,
  response: z.object({ part: Part }),
});

export const updatePartSpec = defineEndpoint({
  method: 'POST',
  path: '/api/parts/updateSpec/{connId}',
  summary: 'Change a spec value of a part',
  tag,
  access: 'confirmed',
  params: z.object({ connId: idParam }),
  body: jsonBody(SpecValueInput.omit({ specification_id: true })),
  status: 200,
  response: z.object({ part: Part }),
});

export const allBrands = defineEndpoint({
  method: 'GET',
  path: '/api/parts/brands/all',
  summary: 'Every manufacturer the caller can see',
  tag,
  access: 'confirmed',
  status: 200,
  response: z.object({ brands: z.array(Manufacturer) }),
});

export const miniBrands = defineEndpoint({
  method: 'GET',
  path: '/api/parts/brands/mini',
  summary: 'Manufacturers with parts in a category, with their part counts',
  tag,
  access: 'confirmed',
  query: z.object({
    categoryFilter: idQuery('categoryFilter').optional(),
  }),
  status: 200,
  response: z.object({ brands: z.array(BrandCount) }),
});

export const allCategories = defineEndpoint({
  method: 'GET',
  path: '/api/parts/categories/all',
  summary: 'Part categories with their specs',
  tag,
  access: 'confirmed',
  status: 200,
  response: z.object({ categories: z.array(PartCategory) }),
});

export const addCategory = defineEndpoint({
  method: 'POST',
  path: '/api/parts/categories/add',
  summary: 'Add a part category (admins and moderators)',
  tag,
  access: 'confirmed',
  body: jsonBody(CategoryInput),
  status: 201,
  response: z.object({ category: PartCategory }),
});

export const updateCategory = defineEndpoint({
  method: 'POST',
  path: '/api/parts/categories/{id}',
  summary: 'Change a part category (admins and moderators)',
  tag,
  access: 'confirmed',
  params: idParams,
  body: jsonBody(CategoryInput),
  status: 200,
  response: z.object({ category: PartCategory }),
});

// ---- Endpoints: specs ------------------------------------------------------------------------

export const listSpecs = defineEndpoint({
  method: 'GET',
  path: '/api/spec',
  summary: 'Every specification with its unit and options',
  tag,
  access: 'confirmed',
  status: 200,
  response: z.object({ specs: z.array(Spec) }),
});

export const addSpec = defineEndpoint({
  method: 'POST',
  path: '/api/spec',
  summary: 'Add a specification (admins and moderators)',
  tag,
  access: 'confirmed',
  body: jsonBody(SpecInput),
  status: 201,
  response: z.object({ spec: Spec }),
});

export const getSpec = defineEndpoint({
  method: 'GET',
  path: '/api/spec/{id}',
  summary: 'One specification',
  tag,
  access: 'confirmed',
  params: idParams,
  status: 200,
  response: z.object({ spec: Spec }),
});

export const updateSpec = defineEndpoint({
  method: 'POST',
  path: '/api/spec/{id}',
  summary: 'Change a specification (admins and moderators)',
  tag,
  access: 'confirmed',
  params: idParams,
  body: jsonBody(SpecInput.partial()),
  status: 200,
  response: z.object({ spec: Spec }),
});

export const addSpecOption = defineEndpoint({
  method: 'POST',
  path: '/api/spec/{id}/options',
  summary: 'Add an option to an option specification (admins and moderators)',
  tag,
  access: 'confirmed',
  params: idParams,
  body: jsonBody(
    z.object({
      specification_id: idField('specification_id').optional(),
      value: requiredText('value', 100),
      order: optionOrder,
    }),
  ),
  status: 201,
  response: z.object({ spec: Spec }),
});

export const listSpecCategories = defineEndpoint({
  method: 'GET',
  path: '/api/spec/categories',
  summary: 'Spec categories',
  tag,
  access: 'confirmed',
  status: 200,
  response: z.object({ categories: z.array(SpecCategory) }),
});

export const addSpecCategory = defineEndpoint({
  method: 'POST',
  path: '/api/spec/categories/add',
  summary: 'Add a spec category (admins and moderators)',
  tag,
  access: 'confirmed',
  body: jsonBody(z.object({ name: requiredText('name', 120) })),
  status: 201,
  response: z.object({ category: SpecCategory }),
});

export const updateSpecCategory = defineEndpoint({
  method: 'POST',
  path: '/api/spec/categories/{id}',
  summary: 'Rename a spec category (admins and moderators)',
  tag,
  access: 'confirmed',
  params: idParams,
  body: jsonBody(z.object({ name: requiredText('name', 120) })),
  status: 200,
  response: z.object({ category: SpecCategory }),
});

export const listSpecUnits = defineEndpoint({
  method: 'GET',
  path: '/api/spec/units',
  summary: 'Spec units',
  tag,
  access: 'confirmed',
  status: 200,
  response: z.object({ units: z.array(SpecUnit) }),
});

const UnitInput = z.object({ name: requiredText('name', 60), short: requiredText('short', 12) });

export const addSpecUnit = defineEndpoint({
  method: 'POST',
  path: '/api/spec/units/add',
  summary: 'Add a spec unit (admins and moderators)',
  tag,
  access: 'confirmed',
  body: jsonBody(UnitInput),
  status: 201,
  response: z.object({ unit: SpecUnit }),
});

export const updateSpecUnit = defineEndpoint({
  method: 'POST',
  path: '/api/spec/units/{id}',
  summary: 'Change a spec unit (admins and moderators)',
  tag,
  access: 'confirmed',
  params: idParams,
  body: jsonBody(UnitInput),
  status: 200,
  response: z.object({ unit: SpecUnit }),
});

// ---- Endpoints: manufacturers ----------------------------------------------------------------

export const addManufacturer = defineEndpoint({
  method: 'POST',
  path: '/api/manufacturers/add',
  summary: 'Add a manufacturer (company editors: unconfirmed until confirmed)',
  tag,
  access: 'confirmed',
  body: jsonBody(ManufacturerInput),
  status: 201,
  response: z.object({ manufacturer: Manufacturer }),
});

export const updateManufacturer = defineEndpoint({
  method: 'POST',
  path: '/api/manufacturers/{id}',
  summary: 'Rename a manufacturer or change its aliases (admins and moderators)',
  tag,
  access: 'confirmed',
  params: idParams,
  body: jsonBody(ManufacturerInput.partial()),
  status: 200,
  response: z.object({ manufacturer: Manufacturer }),
});

export const deleteManufacturer = defineEndpoint({
  method: 'DELETE',
  path: '/api/manufacturers/{id}',
  summary: 'Delete a manufacturer no part uses (admins and moderators)',
  tag,
  access: 'confirmed',
  params: idParams,
  status: 200,
  response: z.object({ success: z.literal(true) }),
});

export const confirmManufacturer = defineEndpoint({
  method: 'POST',
  path: '/api/manufacturers/{id}/confirm',
  summary: 'Confirm a manufacturer (admins and moderators)',
  tag,
  access: 'confirmed',
  params: idParams,
  status: 200,
  response: z.object({ manufacturer: Manufacturer }),
});
