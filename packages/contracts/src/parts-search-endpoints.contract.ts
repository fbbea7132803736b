// SPEC §7 endpoints of the parts search, the value lists it offers, and packages.

import { z } from 'zod';
import { defineEndpoint, jsonBody } from './endpoint.ts';
import { Id, idField, idList, MAX_INT4, requiredMessage } from './fields.ts';
import { idParams, packagesTag, tag } from './parts-contract-fields.ts';
import {
  PartsSearchInput,
  PartsSearchResult,
  SPEC_FILTER_MODES,
} from './parts-requests.contract.ts';
import {
  MountType,
  Package,
  PriceBreak,
  Spec,
  SpecOption,
  StockLocation,
} from './parts-resources.contract.ts';

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
