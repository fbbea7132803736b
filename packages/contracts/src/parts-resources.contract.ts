// SPEC §3 resources of the catalogue: parts, manufacturers, categories, specs and their options,
// packages, stock and prices, and the parts search row.

import { z } from 'zod';
import { Id } from './fields.ts';

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
