// What the catalogue's requests carry: the search input and its spec filters, the search result
// with its facets, and the part, manufacturer, category and spec forms.

import { z } from 'zod';
import { formBoolean, Id, idField, idQuery, optionalText, requiredText } from './fields.ts';
import {
  ids,
  keyword,
  optionOrder,
  PageOf,
  page,
  perPage,
  SpecValueInput,
} from './parts-contract-fields.ts';
import {
  BrandCount,
  MountType,
  PartsSearchRow,
  SPEC_DATA_TYPES,
} from './parts-resources.contract.ts';

// ---- Requests --------------------------------------------------------------------------------

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
  catalogueLoading: z.object({ loaded: z.int(), total: z.int() }).optional().meta({
    description:
      'Beyond the SPEC: the catalogue is still loading (the demo catalogue at a first start), so a search finds only what has loaded: `loaded` of `total` parts so far.',
  }),
});
export type PartsSearchResult = z.infer<typeof PartsSearchResult>;

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
