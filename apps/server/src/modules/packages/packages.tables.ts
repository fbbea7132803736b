import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';

/** A component package (footprint family) with its body outline in millimetres. */
export const packages = pgTable(
  'packages',
  {
    id: serial('id').primaryKey(),
    pkgName: text('pkg_name').notNull(),
    /** Other names of the same package: `1608 metric`, `C_0603_1608Metric`. */
    aliases: text('aliases').array().notNull().default(sql`'{}'::text[]`),
    minXMm: doublePrecision('min_x_mm').notNull().default(0),
    maxXMm: doublePrecision('max_x_mm').notNull().default(0),
    minYMm: doublePrecision('min_y_mm').notNull().default(0),
    maxYMm: doublePrecision('max_y_mm').notNull().default(0),
    imgLink: text('img_link'),
    mountType: text('mount_type', { enum: ['SMD', 'THT'] })
      .notNull()
      .default('SMD'),
    numOfPins: integer('num_of_pins').notNull().default(2),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('packages_name_key').on(sql`lower(${table.pkgName})`),
    check('packages_mount_type_check', sql`${table.mountType} in ('SMD', 'THT')`),
    check('packages_pins_check', sql`${table.numOfPins} >= 0`),
  ],
);

/** Which part categories use a package: the package list of a parts-search tab. */
export const packageCategories = pgTable(
  'package_categories',
  {
    packageId: integer('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.packageId, table.categoryId] }),
    index('package_categories_category_idx').on(table.categoryId),
  ],
);
