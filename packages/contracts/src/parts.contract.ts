import { z } from 'zod';
import { defineEndpoint, jsonBody, multipartBody } from './endpoint.ts';
import {
  formBoolean,
  Id,
  idField,
  idList,
  idParam,
  idQuery,
  MAX_INT4,
  optionalText,
  requiredMessage,
  requiredText,
} from './fields.ts';

// SPEC §7 Parts, Parts search and Packages. Field names are the SPEC's (snake_case where it
// writes them so, pkgName/minX/mountType for packages). Unit prices are USD cents with up to
// four decimals (passives cost fractions of a cent); `price` in search rows is USD per piece.

const tag = 'Parts';
const packagesTag = 'Packages';

// ---- Resources -------------------------------------------------------------------------------

export const MOUNT_TYPES = ['SMD', 'THT'] as const;
export const MountType = z.enum(MOUNT_TYPES);

export const Manufacturer = z
  .object({
    id: Id,
    name: z.string(),
    aliases: z.array(z.string()),
    confirmed: z.boolean(),
    parts_count: z.int().meta({ description: 'Parts of this manufacturer the caller can see' }),
  })
  .meta({ id: 'Manufacturer' });
export type Manufacturer = z.infer<typeof Manufacturer>;

export const BrandCount = z
  .object({ id: Id, name: z.string(), count: z.int() })
  .meta({ id: 'BrandCount' });
export type BrandCount = z.infer<typeof BrandCount>;

export const PartCategory = z
  .object({
    id: Id,
    parent_id: Id.nullable(),
    name: z.string(),
    shorts: z.array(z.string()),
    aliases: z.array(z.string()),
    spec_ids: z.array(Id).meta({ description: 'Specs of the category: its search tab filters' }),
  })
  .meta({ id: 'PartCategory' });
export type PartCategory = z.infer<typeof PartCategory>;

export const SpecUnit = z
  .object({ id: Id, name: z.string(), short: z.string() })
  .meta({ id: 'SpecUnit' });
export type SpecUnit = z.infer<typeof SpecUnit>;

export const SpecCategory = z.object({ id: Id, name: z.string() }).meta({ id: 'SpecCategory' });
export type SpecCategory = z.infer<typeof SpecCategory>;

export const SpecOption = z
  .object({
    id: Id,
    specification_id: Id,
    value: z.string(),
    order: z.int(),
    aliases: z.array(z.string()).meta({ description: 'Other names: NP0 for C0G' }),
  })
  .meta({ id: 'SpecOption' });
export type SpecOption = z.infer<typeof SpecOption>;

export const SPEC_DATA_TYPES = ['number', 'option', 'text'] as const;

export const Spec = z
  .object({
    id: Id,
    name: z.string(),
    category_id: Id.nullable(),
    unit_id: Id.nullable(),
    unit: SpecUnit.nullable(),
    data_type: z.enum(SPEC_DATA_TYPES),
    required: z.boolean(),
    options: z.array(SpecOption),
  })
  .meta({ id: 'Spec' });
export type Spec = z.infer<typeof Spec>;

/** A spec value of a part (its id is the SPEC's connId). */
export const PartSpec = z
  .object({
    id: Id,
    specification_id: Id,
    name: z.string(),
    value: z.string().meta({ description: 'As written: 4k7, ±1%, -40°C~+85°C' }),
    option_id: Id.nullable(),
    value_num: z.number().nullable().meta({ description: 'In the base unit (Ω, F, V…)' }),
    value_min: z.number().nullable(),
    value_max: z.number().nullable(),
    unit: z.string().nullable(),
    source: z.string().nullable(),
  })
  .meta({ id: 'PartSpec' });
export type PartSpec = z.infer<typeof PartSpec>;

export const Package = z
  .object({
    id: Id,
    pkgName: z.string(),
    aliases: z.array(z.string()),
    minX: z.number().meta({ description: 'Body outline in mm' }),
    maxX: z.number(),
    minY: z.number(),
    maxY: z.number(),
    imgLink: z.string().nullable(),
    mountType: MountType,
    numOfPins: z.int(),
  })
  .meta({ id: 'Package' });
export type Package = z.infer<typeof Package>;

export const Quantity = z
  .object({ qty: z.int(), reserved: z.int(), available: z.int() })
  .meta({ id: 'StockQuantity' });

export const StockLocation = z
  .object({
    location_id: Id,
    location: z.string(),
    lot: z.string(),
    qty: z.int(),
    reserved: z.int(),
    available: z.int(),
  })
  .meta({ id: 'StockLocation' });
export type StockLocation = z.infer<typeof StockLocation>;

export const PriceBreak = z
  .object({
    quantity: z.int(),
    unit_price_minor: z.number().meta({ description: 'USD cents per piece' }),
  })
  .meta({ id: 'PriceBreak' });
export type PriceBreak = z.infer<typeof PriceBreak>;

const Named = z.object({ id: Id, name: z.string() });

/** A supplier's order code of a part: LCSC `C25744`, Digi-Key `311-10.0KHRCT-ND`. */
export const SupplierCode = z
  .object({ supplier: z.string(), sku: z.string() })
  .meta({ id: 'SupplierCode' });
export type SupplierCode = z.infer<typeof SupplierCode>;

/** SPEC §3 Part, with what the catalogue pages show. */
export const Part = z
  .object({
    id: Id,
    name: z.string(),
    part_number: z.string(),
    image: z.string().nullable(),
    datasheet: z.string().nullable(),
    description: z.string(),
    brand: Named.nullable().meta({ description: 'The manufacturer (SPEC: brand)' }),
    manufacturer: z.string().nullable(),
    category: z
      .object({
        id: Id,
        name: z.string(),
        shorts: z.array(z.string()),
        aliases: z.array(z.string()),
      })
      .nullable(),
    package: Package.nullable(),
    mount_type: MountType.nullable(),
    confirmed: z.boolean(),
    added_by: z.object({ id: Id, name: z.string() }).nullable(),
    specifications: z.array(PartSpec),
    qty: Quantity,
    locs: z.array(StockLocation),
    price_breaks: z.array(PriceBreak),
    price: z.number().nullable().meta({ description: 'USD per piece at quantity 1' }),
    supplier_codes: z.array(SupplierCode),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Part' });
export type Part = z.infer<typeof Part>;

/** SPEC §3 Parts search row. */
export const PartsSearchRow = z
  .object({
    id: Id,
    name: z.string(),
    part_number: z.string(),
    description: z.string(),
    manufacturer: Named.nullable(),
    category: Named.nullable(),
    package: z.object({ id: Id, pkgName: z.string() }).nullable(),
    mount_type: MountType.nullable(),
    confirmed: z.boolean(),
    datasheet: z.string().nullable(),
    short_specs: z.array(z.object({ specification_id: Id, name: z.string(), value: z.string() })),
    qty: Quantity,
    locs: z.array(StockLocation),
    price: z.number().nullable().meta({ description: 'USD per piece at quantity 1' }),
    price_breaks: z.array(PriceBreak),
    supplier_codes: z.array(SupplierCode),
  })
  .meta({ id: 'PartsSearchRow' });
export type PartsSearchRow = z.infer<typeof PartsSearchRow>;

const PageOf = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), totalPages: z.int(), totalAmount: z.int() });

// ---- Requests --------------------------------------------------------------------------------

const page = z
  .int({ error: 'page must be a whole number' })
  .min(1, 'page must be at least 1')
  .max(100_000, 'page must be at most 100000')
  .default(1);
const perPage = z
  .int({ error: 'perPage must be a whole number' })
  .min(1, 'perPage must be at least 1')
  .max(200, 'perPage must be at most 200')
  .default(30);
const keyword = z
  .string({ error: 'keyword must be text' })
  .trim()
  .max(200, 'keyword must be at most 200 characters')
  .nullish();

function ids(label: string) {
  return z
    .array(idField(label), { error: `${label} must be a list of ids` })
    .max(1000, `${label} may name at most 1000 ids`)
    .nullish();
}

export const SPEC_FILTER_MODES = ['eq', 'gte', 'lte', 'range'] as const;
export type SpecFilterMode = (typeof SPEC_FILTER_MODES)[number];

// Engineering values span picofarads to gigaohms; beyond ±1e18 a number is no part's value.
const filterValue = z.union([z.number().min(-1e18).max(1e18), z.string().trim().max(40)], {
  error: 'value must be a number or a value such as 4k7',
});

export const SpecFilter = z
  .object({
    specification_id: idField('specification_id'),
    div_id: idField('div_id').nullish().meta({
      description: 'A divisor of the option lists (1 p … 8 G): value is multiplied by it',
    }),
    value: filterValue.nullish().meta({
      description: 'A number (in the div) or a value as written (4k7, 100nF, 25V)',
    }),
    range: z
      .object({ from: filterValue.nullish(), to: filterValue.nullish() })
      .nullish()
      .meta({ description: 'For mode range: both ends, each in the div or as written' }),
    option_id: z
      .union([idField('option_id'), z.array(idField('option_id')).max(100)])
      .nullish()
      .meta({ description: 'An option (or several, any of them) of an option spec' }),
    mode: z
      .enum(SPEC_FILTER_MODES, { error: `mode must be one of ${SPEC_FILTER_MODES.join(', ')}` })
      .nullish(),
  })
  .meta({ id: 'SpecFilter' });
export type SpecFilter = z.infer<typeof SpecFilter>;

export const SORT_COLUMNS = [
  'price',
  'qty',
  'part_number',
  'name',
  'manufacturer',
  'package',
] as const;

export const PartsSearchInput = z.object({
  keyword,
  page,
  perPage,
  isShowUnconfirmed: z.boolean({ error: 'isShowUnconfirmed must be true or false' }).default(false),
  brands: ids('brands'),
  categories: ids('categories'),
  specs: z.array(SpecFilter, { error: 'specs must be a list' }).max(30).nullish(),
  orderBy: z
    .object({
      colID: z
        .union([z.enum(SORT_COLUMNS), idField('colID')], {
          error: `colID must be one of ${SORT_COLUMNS.join(', ')} or a specification id`,
        })
        .nullish(),
      dir: z.enum(['asc', 'desc'], { error: 'dir must be asc or desc' }).nullish(),
    })
    .nullish(),
  package_ids: ids('package_ids'),
  parts_ids: ids('parts_ids'),
  filter_package_id: idField('filter_package_id').nullish(),
  filter_package_mount_type: MountType.nullish(),
  hideZeroQty: z
    .boolean({ error: 'hideZeroQty must be true or false' })
    .default(false)
    .meta({ description: 'Beyond the SPEC: leave out parts with nothing available' }),
  facets: z
    .boolean({ error: 'facets must be true or false' })
    .default(false)
    .meta({ description: 'Beyond the SPEC: also count parts per brand, package and option' }),
});
export type PartsSearchInput = z.input<typeof PartsSearchInput>;

/**
 * How many matching parts a search counts at most by default (the server's
 * PARTS_SEARCH_COUNT_CAP): beyond it, totals say "more than".
 */
export const SEARCH_COUNT_CAP = 1000;

const facetComplete = z.boolean().meta({
  description:
    'false: more parts matched than the search counts (1,000 by default), so each count is a lower bound and a value not listed may still have parts',
});

export const Facets = z
  .object({
    brands: z.array(BrandCount),
    packages: z.array(z.object({ id: Id, pkgName: z.string(), count: z.int() })),
    options: z.array(z.object({ specification_id: Id, option_id: Id, count: z.int() })),
    categories: z.array(z.object({ id: Id, count: z.int() })).meta({
      description:
        "Beyond the SPEC: parts per category under every filter but the category (the tabs' counts)",
    }),
    complete: z
      .object({
        brands: facetComplete,
        packages: facetComplete,
        categories: facetComplete,
        /** Spec ids whose option counts are lower bounds. */
        optionsIncomplete: z.array(Id),
      })
      .meta({ description: 'Which counts are exact' }),
  })
  .meta({ id: 'PartsSearchFacets' });
export type Facets = z.infer<typeof Facets>;

export const PartsSearchResult = PageOf(PartsSearchRow).extend({
  totalCapped: z.boolean().meta({
    description:
      'Beyond the SPEC: true when more parts match than the search counts (1,000 by default). totalAmount is then that cap, to be read as "more than 1,000", and totalPages covers it; later pages still answer.',
  }),
  facets: Facets.optional(),
  typoTolerant: z
    .boolean()
    .meta({ description: 'No exact match: these are the nearest spellings' }),
});
export type PartsSearchResult = z.infer<typeof PartsSearchResult>;

/** Where an option stands in its list. */
const optionOrder = z
  .int({ error: 'order must be a whole number' })
  .min(-1_000_000, 'order must be between -1000000 and 1000000')
  .max(1_000_000, 'order must be between -1000000 and 1000000')
  .default(0);

/** The last page a listing offers (far beyond any catalogue at its smallest page size). */
const MAX_PAGE = 100_000;

const SpecValueInput = z.object({
  specification_id: idField('specification_id'),
  selected_option: z
    .union([z.int().positive().max(MAX_INT4), z.string().trim().min(1).max(100)], {
      error: 'selected_option must be an option id or a value',
    })
    .meta({ description: 'An option id (option specs) or the value as written (4k7, ±1%)' }),
  source: optionalText('source', 200),
});

const urlText = (label: string) =>
  optionalText(label, 500).refine(
    (value) => value == null || value === '' || /^https?:\/\/\S+$/i.test(value),
    `${label} must be an http(s) link`,
  );

export const PartInput = z.object({
  name: requiredText('name', 200),
  part_number: requiredText('part_number', 200),
  manufacturer_id: idField('manufacturer_id'),
  category_id: idField('category_id').nullish(),
  package_id: idField('package_id').nullish(),
  mount_type: MountType.nullish(),
  description: optionalText('description', 2000, { multiline: true }),
  datasheet: urlText('datasheet'),
  image: urlText('image'),
  specs: z.array(SpecValueInput).max(50).nullish(),
});
export type PartInput = z.input<typeof PartInput>;

/** The edit form (SPEC: POST /api/parts/{id} as a form): every field optional. */
export const PartForm = z.object({
  name: requiredText('name', 200).optional(),
  part_number: requiredText('part_number', 200).optional(),
  manufacturer_id: idQuery('manufacturer_id').optional(),
  category_id: idQuery('category_id').optional(),
  package_id: idQuery('package_id').optional(),
  mount_type: MountType.optional(),
  description: optionalText('description', 2000, { multiline: true }),
  datasheet: urlText('datasheet'),
  image: urlText('image'),
  confirmed: formBoolean('confirmed')
    .optional()
    .meta({ description: 'Admins and moderators confirm a part' }),
});

const aliasList = z
  .array(requiredText('alias', 120), { error: 'aliases must be a list of names' })
  .max(50, 'aliases may hold at most 50 names')
  .optional();

export const ManufacturerInput = z.object({
  name: requiredText('name', 120),
  aliases: aliasList,
});

export const CategoryInput = z.object({
  name: requiredText('name', 120),
  parent_id: idField('parent_id').nullish(),
  shorts: aliasList,
  aliases: aliasList,
  spec_ids: z.array(idField('spec_ids')).max(50).optional(),
});

export const SpecInput = z.object({
  name: requiredText('name', 120),
  category_id: idField('category_id').nullish(),
  unit_id: idField('unit_id').nullish(),
  data_type: z.enum(SPEC_DATA_TYPES, {
    error: `data_type must be one of ${SPEC_DATA_TYPES.join(', ')}`,
  }),
  required: z.boolean({ error: 'required must be true or false' }).default(false),
  options: z
    .array(z.object({ value: requiredText('value', 100), order: optionOrder }))
    .max(200)
    .optional(),
});

// ---- Endpoints: parts ------------------------------------------------------------------------

const idParams = z.object({ id: idParam });

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

// ---- Endpoints: parts search -----------------------------------------------------------------

export const searchParts = defineEndpoint({
  method: 'POST',
  path: '/api/parts/search',
  summary:
    'Parametric parts search: keyword (understands values such as 4k7 0603 1%), filters, sort, facets',
  tag,
  access: 'confirmed',
  readOnly: true,
  body: jsonBody(PartsSearchInput),
  status: 200,
  response: PartsSearchResult,
});

export const findQtyLocs = defineEndpoint({
  method: 'POST',
  path: '/api/parts/odoo/findQtyLocs',
  readOnly: true,
  summary: 'Stock per location and price of parts',
  tag,
  access: 'confirmed',
  body: jsonBody(z.object({ ids: idList('ids') })),
  status: 200,
  response: z.object({
    data: z.array(
      z.object({
        id: Id,
        qty: z.int(),
        reserved: z.int(),
        available: z.int(),
        locs: z.array(StockLocation),
        price: z.number().nullable(),
        price_breaks: z.array(PriceBreak),
      }),
    ),
  }),
});

export const ValueDiv = z
  .object({ id: Id, name: z.string(), multiplier: z.number() })
  .meta({ id: 'ValueDiv' });
export type ValueDiv = z.infer<typeof ValueDiv>;

export const ValueOptions = z
  .object({
    specification_id: Id,
    options: z.array(z.object({ value: z.number(), label: z.string(), count: z.int() })),
    divs: z.array(ValueDiv),
    rangeList: z.array(z.object({ id: z.enum(SPEC_FILTER_MODES), name: z.string() })),
  })
  .meta({ id: 'ValueOptions' });
export type ValueOptions = z.infer<typeof ValueOptions>;

const valueOptionsEndpoint = (name: string, what: string) =>
  defineEndpoint({
    method: 'GET',
    path: `/api/parts/${name}`,
    summary: `${what} values in the catalogue, the divisors to type them in and the range modes`,
    tag,
    access: 'confirmed',
    status: 200,
    response: ValueOptions,
  });

export const getCapacitanceOptions = valueOptionsEndpoint('getCapacitanceOptions', 'Capacitance');
export const getResistanceOptions = valueOptionsEndpoint('getResistanceOptions', 'Resistance');
export const getVoltageOptions = valueOptionsEndpoint('getVoltageOptions', 'Voltage rating');

export const getDielectricOptions = defineEndpoint({
  method: 'GET',
  path: '/api/parts/getDielectricOptions',
  summary: 'Ceramic dielectrics (C0G is also written NP0)',
  tag,
  access: 'confirmed',
  status: 200,
  response: z.object({ options: z.array(SpecOption) }),
});

export const getDiodeTypesOptions = defineEndpoint({
  method: 'GET',
  path: '/api/parts/getDiodeTypesOptions',
  summary: 'Diode types',
  tag,
  access: 'confirmed',
  status: 200,
  response: z.object({ options: z.array(SpecOption) }),
});

export const specsOptions = defineEndpoint({
  method: 'POST',
  path: '/api/v2/parts/specs/options',
  readOnly: true,
  summary: 'Specs with their options (option specs) or values in the catalogue (number specs)',
  tag,
  access: 'confirmed',
  body: jsonBody(
    z.object({
      specs: z
        .array(idField('specs'), { error: requiredMessage('specs', 'a list of spec ids') })
        .max(50, 'specs may name at most 50 ids'),
    }),
  ),
  status: 200,
  response: z.object({
    specs: z.array(
      Spec.extend({
        values: z.array(z.object({ value: z.number(), label: z.string(), count: z.int() })),
      }),
    ),
  }),
});

// ---- Endpoints: packages ---------------------------------------------------------------------

export const getPackages = defineEndpoint({
  method: 'GET',
  path: '/api/getPackages',
  summary: 'Packages by part category (optional category_ids: 1,2,4)',
  tag: packagesTag,
  access: 'confirmed',
  query: z.object({
    category_ids: z
      .string()
      .trim()
      .regex(/^\d+(,\d+)*$/, 'category_ids must be ids separated by commas, like 1,2,4')
      .transform((text) => text.split(',').map(Number))
      .refine(
        (ids) => ids.every((id) => id >= 1 && id <= MAX_INT4),
        `category_ids must be ids from 1 to ${MAX_INT4}`,
      )
      .optional(),
  }),
  status: 200,
  response: z.object({
    categories: z.array(z.object({ id: Id, name: z.string(), packages: z.array(Package) })),
  }),
});

export const updatePackage = defineEndpoint({
  method: 'POST',
  path: '/api/packages/{id}/update',
  summary: 'Change the mount type and pin count of a package (admins and moderators)',
  tag: packagesTag,
  access: 'confirmed',
  params: idParams,
  body: jsonBody(
    z.object({
      mountType: MountType.optional(),
      numOfPins: z
        .int({ error: 'numOfPins must be a whole number' })
        .min(0, 'numOfPins must be at least 0')
        .max(10_000, 'numOfPins must be at most 10000')
        .optional(),
    }),
  ),
  status: 200,
  response: z.object({ package: Package }),
});
