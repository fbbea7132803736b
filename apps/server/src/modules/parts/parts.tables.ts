import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';
import { companies } from '../companies/companies.tables.ts';
import { packages } from '../packages/packages.tables.ts';
import { users } from '../users/users.tables.ts';

/**
 * Part categories (a tree). Ids 1, 2, 4, 5, 6, 7, 8, 11 and 19 are the parts-search tabs of
 * SPEC §9, fixed by the migration; categories added later take ids from 100 up.
 */
export const partCategories = pgTable(
  'part_categories',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id'),
    name: text('name').notNull(),
    /** Short names written in BOMs and designators: `R`, `Res`. */
    shorts: text('shorts').array().notNull().default(sql`'{}'::text[]`),
    aliases: text('aliases').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('part_categories_name_key').on(sql`lower(${table.name})`)],
);

/** Manufacturers (the SPEC's brands), with other spellings of their names. */
export const manufacturers = pgTable(
  'manufacturers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** Other names: `TI` for Texas Instruments. Matched without case. */
    aliases: text('aliases').array().notNull().default(sql`'{}'::text[]`),
    confirmed: boolean('confirmed').notNull().default(false),
    addedBy: integer('added_by').references(() => users.id, { onDelete: 'set null' }),
    /** The company of who added it: an unconfirmed manufacturer is seen by that company only. */
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('manufacturers_name_key').on(sql`lower(${table.name})`)],
);

export const specCategories = pgTable(
  'spec_categories',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
  },
  (table) => [uniqueIndex('spec_categories_name_key').on(sql`lower(${table.name})`)],
);

export const specUnits = pgTable(
  'spec_units',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    short: text('short').notNull(),
  },
  (table) => [uniqueIndex('spec_units_name_key').on(sql`lower(${table.name})`)],
);

/** A specification parts can have (Resistance, Dielectric, …). Ids below 100 are fixed. */
export const specifications = pgTable(
  'specifications',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    categoryId: integer('category_id').references(() => specCategories.id),
    unitId: integer('unit_id').references(() => specUnits.id),
    /** number: compared and sorted as numbers; option: one of its options; text: as written. */
    dataType: text('data_type', { enum: ['number', 'option', 'text'] }).notNull(),
    required: boolean('required').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('specifications_name_key').on(sql`lower(${table.name})`),
    check('specifications_data_type_check', sql`${table.dataType} in ('number', 'option', 'text')`),
  ],
);

export const specOptions = pgTable(
  'spec_options',
  {
    id: serial('id').primaryKey(),
    specificationId: integer('specification_id')
      .notNull()
      .references(() => specifications.id, { onDelete: 'cascade' }),
    value: text('value').notNull(),
    order: integer('sort_order').notNull().default(0),
  },
  (table) => [
    uniqueIndex('spec_options_value_key').on(table.specificationId, sql`lower(${table.value})`),
  ],
);

/** The specs of a part category: the spec filters of its parts-search tab, in order. */
export const categorySpecs = pgTable(
  'category_specs',
  {
    categoryId: integer('category_id')
      .notNull()
      .references(() => partCategories.id, { onDelete: 'cascade' }),
    specificationId: integer('specification_id')
      .notNull()
      .references(() => specifications.id, { onDelete: 'cascade' }),
    order: integer('sort_order').notNull().default(0),
  },
  (table) => [uniqueIndex('category_specs_key').on(table.categoryId, table.specificationId)],
);

export const parts = pgTable(
  'parts',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    partNumber: text('part_number').notNull(),
    /** The part number upper-cased without spaces, dashes, dots, slashes or underscores. */
    partNumberKey: text('part_number_key').notNull(),
    image: text('image'),
    datasheet: text('datasheet'),
    description: text('description').notNull().default(''),
    categoryId: integer('category_id').references(() => partCategories.id),
    manufacturerId: integer('manufacturer_id').references(() => manufacturers.id),
    packageId: integer('package_id').references(() => packages.id),
    mountType: text('mount_type', { enum: ['SMD', 'THT'] }),
    addedBy: integer('added_by').references(() => users.id, { onDelete: 'set null' }),
    /** The company of who added it: an unconfirmed part is seen by that company only. */
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
    confirmed: boolean('confirmed').notNull().default(false),
    /** Where an import found it (`jlcparts:C25744`), so a second import updates it. */
    source: text('source'),
    /** Words search matches: name, part number, description, manufacturer, package. */
    searchText: text('search_text').notNull().default(''),
    /** Kept by the service from stock and price breaks, for sorting and hide-zero. */
    qtyAvailable: bigint('qty_available', { mode: 'number' }).notNull().default(0),
    /** USD cents for one piece (sub-cent prices keep 4 decimals); null without price breaks. */
    unitPriceMinor: numeric('unit_price_minor', { precision: 14, scale: 4, mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('parts_number_key').on(
      sql`coalesce(${table.manufacturerId}, 0)`,
      table.partNumberKey,
    ),
    uniqueIndex('parts_source_key').on(table.source),
    /** A tab's parts in id order: its pages (the search's default order) without a sort. */
    index('parts_category_id_idx').on(table.categoryId, table.confirmed, table.id),
    index('parts_manufacturer_idx').on(table.manufacturerId),
    index('parts_package_idx').on(table.packageId),
    index('parts_company_idx').on(table.companyId),
    index('parts_price_idx').on(table.unitPriceMinor, table.id),
    check('parts_mount_type_check', sql`${table.mountType} in ('SMD', 'THT')`),
  ],
);

/** One spec value of a part: as written, and as numbers in the spec's base unit. */
export const partSpecs = pgTable(
  'part_specs',
  {
    id: serial('id').primaryKey(),
    partId: integer('part_id')
      .notNull()
      .references(() => parts.id, { onDelete: 'cascade' }),
    specificationId: integer('specification_id')
      .notNull()
      .references(() => specifications.id),
    optionId: integer('option_id').references(() => specOptions.id),
    /** What was written: `4k7`, `±1%`, `-40°C~+85°C`. */
    valueText: text('value_text').notNull(),
    valueNum: doublePrecision('value_num'),
    valueMin: doublePrecision('value_min'),
    valueMax: doublePrecision('value_max'),
    source: text('source'),
    /**
     * The part's package, copied by a trigger (migration 0020) so that a range filter with a
     * package reads only that package's values from part_specs_num_idx.
     */
    packageId: integer('package_id'),
  },
  (table) => [
    uniqueIndex('part_specs_part_spec_key').on(table.partId, table.specificationId),
    index('part_specs_num_idx').on(
      table.specificationId,
      table.valueNum,
      table.packageId,
      table.partId,
    ),
    index('part_specs_option_idx').on(table.specificationId, table.optionId, table.partId),
  ],
);

export const stockLocations = pgTable('stock_locations', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

/** A lot of a part at a location: available = qty − reserved. */
export const partStock = pgTable(
  'part_stock',
  {
    id: serial('id').primaryKey(),
    partId: integer('part_id')
      .notNull()
      .references(() => parts.id, { onDelete: 'cascade' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => stockLocations.id),
    lot: text('lot').notNull().default(''),
    qty: bigint('qty', { mode: 'number' }).notNull().default(0),
    reserved: bigint('reserved', { mode: 'number' }).notNull().default(0),
  },
  (table) => [
    uniqueIndex('part_stock_lot_key').on(table.partId, table.locationId, table.lot),
    check('part_stock_qty_check', sql`${table.qty} >= 0 and ${table.reserved} >= 0`),
  ],
);

/** Unit price from a quantity on, in USD cents (4 decimals for sub-cent parts). */
export const partPriceBreaks = pgTable(
  'part_price_breaks',
  {
    id: serial('id').primaryKey(),
    partId: integer('part_id')
      .notNull()
      .references(() => parts.id, { onDelete: 'cascade' }),
    minQty: integer('min_qty').notNull(),
    unitPriceMinor: numeric('unit_price_minor', {
      precision: 14,
      scale: 4,
      mode: 'number',
    }).notNull(),
  },
  (table) => [
    uniqueIndex('part_price_breaks_key').on(table.partId, table.minQty),
    check('part_price_breaks_check', sql`${table.minQty} >= 1 and ${table.unitPriceMinor} >= 0`),
  ],
);

/**
 * A supplier's order code for a part (LCSC `C25744`, Digi-Key `311-10.0KHRCT-ND`, Mouser
 * `603-RC0603FR-0710KL`): a part has any number, one per supplier and code. `sku_key` is the code
 * without case, spaces and dashes, as typed in the search. `source` is the catalogue record that
 * brought it, so re-importing one file replaces its own codes and leaves other files' alone.
 */
export const partSkus = pgTable(
  'part_skus',
  {
    id: serial('id').primaryKey(),
    partId: integer('part_id')
      .notNull()
      .references(() => parts.id, { onDelete: 'cascade' }),
    supplier: text('supplier').notNull(),
    sku: text('sku').notNull(),
    skuKey: text('sku_key').notNull(),
    source: text('source'),
  },
  (table) => [
    uniqueIndex('part_skus_supplier_sku_key').on(sql`lower(${table.supplier})`, table.skuKey),
    index('part_skus_sku_key_idx').on(table.skuKey),
    index('part_skus_part_idx').on(table.partId),
  ],
);
