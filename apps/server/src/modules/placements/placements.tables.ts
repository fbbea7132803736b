import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';
import { bomRows } from '../bom/bom.tables.ts';
import { companies } from '../companies/companies.tables.ts';
import { productFiles } from '../files/files.tables.ts';
import { packages } from '../packages/packages.tables.ts';
import { products } from '../products/products.tables.ts';

/** SPEC §3 Placement: where a part goes on the board, in millimetres from the file's origin. */
export const placements = pgTable(
  'placements',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    productFileId: integer('product_file_id').references(() => productFiles.id, {
      onDelete: 'set null',
    }),
    position: integer('position').notNull().default(0),
    line: integer('line'),
    refDesign: text('ref_design').notNull(),
    side: text('side', { enum: ['top', 'bottom'] }).notNull(),
    xMm: doublePrecision('x_mm').notNull(),
    yMm: doublePrecision('y_mm').notNull(),
    /** Degrees in [0, 360). */
    angle: doublePrecision('angle').notNull().default(0),
    confirmed: boolean('confirmed').notNull().default(false),
    dnp: boolean('dnp').notNull().default(false),
    packageId: integer('package_id').references(() => packages.id, { onDelete: 'set null' }),
    /** The package or footprint as the file names it. */
    packageName: text('package_name'),
    value: text('value'),
    bomId: integer('bom_id').references(() => bomRows.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('placements_product_idx').on(table.productId, table.position),
    index('placements_company_idx').on(table.companyId),
    index('placements_bom_idx').on(table.bomId),
    check('placements_side_check', sql`${table.side} in ('top', 'bottom')`),
  ],
);

/** Per product: the shift of its placements against the Gerber origin, in millimetres. */
export const placementOffsets = pgTable('placement_offsets', {
  productId: integer('product_id')
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  xMm: doublePrecision('x_mm').notNull().default(0),
  yMm: doublePrecision('y_mm').notNull().default(0),
  updatedAt: updatedAt(),
});

/**
 * Per company: a package's rotation and centre correction, remembered for every product and
 * import of the company. A correction names a package either as files write it (`package_key`,
 * the name without case or blanks) or as the catalogue knows it (`package_id`), never both.
 */
export const packageCorrections = pgTable(
  'package_corrections',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    packageName: text('package_name'),
    packageKey: text('package_key'),
    packageId: integer('package_id').references(() => packages.id, { onDelete: 'cascade' }),
    /** Degrees added to the imported angle, in [0, 360). */
    rotation: doublePrecision('rotation').notNull().default(0),
    xMm: doublePrecision('x_mm').notNull().default(0),
    yMm: doublePrecision('y_mm').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('package_corrections_name_idx').on(table.companyId, table.packageKey),
    uniqueIndex('package_corrections_package_idx').on(table.companyId, table.packageId),
    check(
      'package_corrections_one_package_check',
      sql`(${table.packageKey} is null) <> (${table.packageId} is null)`,
    ),
  ],
);
