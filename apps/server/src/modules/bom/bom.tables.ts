import type { BomFileRow } from '@circuits/readers';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';
import { companies } from '../companies/companies.tables.ts';
import { productFiles } from '../files/files.tables.ts';
import { parts } from '../parts/parts.tables.ts';
import { products } from '../products/products.tables.ts';
import { users } from '../users/users.tables.ts';

export type RefDesignRecord = { refDesign: string; doNotPopulate: boolean };
export type SupplierPartRecord = { supplier: string | null; partNumber: string };
export type SubstitutionRecord = {
  part_id: number | null;
  part_number: string;
  manufacturer: string | null;
  note: string | null;
};
/** A catalogue part proposed for the row; kept hidden (SPEC §3 price-suggestion results). */
export type SuggestionRecord = {
  part_id: number;
  basis: 'partNumber' | 'supplierPart' | 'value' | 'user';
  confidence: 'high' | 'medium' | 'low';
  /** Why it was proposed ("value 100nF 16V + package 0402"); absent on rows saved before. */
  reason?: string;
};

/** SPEC §3 BOM row: one line of a product's bill of materials. */
export const bomRows = pgTable(
  'bom_rows',
  {
    id: serial('id').primaryKey(),
    /** The company of the product, so every query is scoped directly. */
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The BOM file it was read from; the row stays when the file is deleted. */
    productFileId: integer('product_file_id').references(() => productFiles.id, {
      onDelete: 'set null',
    }),
    /** Order within the BOM (the file's order). */
    position: integer('position').notNull().default(0),
    line: integer('line'),
    partId: integer('part_id').references(() => parts.id, { onDelete: 'set null' }),
    partNumber: text('part_number'),
    manufacturer: text('manufacturer'),
    value: text('value'),
    footprint: text('footprint'),
    description: text('description'),
    quantity: doublePrecision('quantity'),
    supplierParts: jsonb('supplier_parts').$type<SupplierPartRecord[]>().notNull().default([]),
    confirmedBy: integer('confirmed_by').references(() => users.id, { onDelete: 'set null' }),
    custWillSupply: boolean('cust_will_supply').notNull().default(false),
    substitutions: jsonb('substitutions').$type<SubstitutionRecord[]>().notNull().default([]),
    refDesigns: jsonb('ref_designs').$type<RefDesignRecord[]>().notNull().default([]),
    matchBasis: text('match_basis', { enum: ['partNumber', 'supplierPart', 'value', 'user'] }),
    matchConfidence: text('match_confidence', { enum: ['high', 'medium', 'low'] }),
    suggestions: jsonb('suggestions').$type<SuggestionRecord[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('bom_rows_product_idx').on(table.productId, table.position),
    index('bom_rows_company_idx').on(table.companyId),
    index('bom_rows_part_idx').on(table.partId),
    check('bom_rows_quantity_check', sql`${table.quantity} is null or ${table.quantity} >= 0`),
  ],
);

/** What a BOM read found besides its rows (bom/parse, bom/parseExisted), as presented. */
export type BomReadSummary = {
  source: {
    kind: 'text' | 'spreadsheet';
    encoding: string | null;
    delimiter: string | null;
    format: string | null;
    sheet: string | null;
    sheets: string[];
  };
  headerLine: number;
  columns: {
    index: number;
    header: string;
    field: string | null;
    confidence: 'high' | 'medium' | 'low' | null;
    basis: 'header' | 'content' | 'user' | null;
  }[];
  needsConfirmation: boolean;
  warnings: { type: string; line: number | null; message: string }[];
  matchedRows: number;
  /** Rows with candidates but no part linked (absent on reads made before). */
  proposedRows?: number;
};

/** A row of a BOM read: the line as read, and its match proposed against the catalogue. */
export type BomReadRowRecord = BomFileRow & {
  match: {
    partId: number | null;
    basis: SuggestionRecord['basis'] | null;
    confidence: SuggestionRecord['confidence'] | null;
    suggestions: SuggestionRecord[];
    /** Why, or why nothing was proposed (absent on reads made before). */
    reason?: string | null;
  };
};

/**
 * A BOM file as read and matched, kept on the server for a while: the preview pages through it
 * and bom/fromFile {data: {read_id}} saves it, so the rows never travel through the browser.
 */
export const bomReads = pgTable(
  'bom_reads',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The product file read (bom/parseExisted); null for a table sent with bom/parse. */
    productFileId: integer('product_file_id').references(() => productFiles.id, {
      onDelete: 'cascade',
    }),
    fileName: text('file_name').notNull(),
    summary: jsonb('summary').$type<BomReadSummary>().notNull(),
    rowCount: integer('row_count').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('bom_reads_product_idx').on(table.productId),
    index('bom_reads_created_idx').on(table.createdAt),
  ],
);

/** The rows of a BOM read, in chunks of BOM_READ_CHUNK_ROWS (a page reads one or two). */
export const bomReadChunks = pgTable(
  'bom_read_chunks',
  {
    readId: integer('read_id')
      .notNull()
      .references(() => bomReads.id, { onDelete: 'cascade' }),
    chunk: integer('chunk').notNull(),
    rows: jsonb('rows').$type<BomReadRowRecord[]>().notNull(),
  },
  (table) => [primaryKey({ columns: [table.readId, table.chunk] })],
);
