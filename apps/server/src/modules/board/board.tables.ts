import type { DfmReport } from '@circuits/dfm';
import type { BoardSettings } from '@circuits/domain';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';
import { companies } from '../companies/companies.tables.ts';
import { products } from '../products/products.tables.ts';
import { storedFiles } from '../storage/storage.tables.ts';
import { serverInstances } from '../system/system.tables.ts';

/**
 * The lists the board form offers (GET /api/getBoardSettingsOptions), one row per list of
 * domain `BoardSettingsOptions` (`name` is its key, e.g. 'finishings'), in the order offered.
 * Data, so an administrator can change a list without a release.
 */
export const boardSettingsOptions = pgTable('board_settings_options', {
  name: text('name').primaryKey(),
  values: jsonb('values').$type<unknown[]>().notNull(),
  updatedAt: updatedAt(),
});

/**
 * A product's saved board settings (SPEC §3 field names); none until first saved, by the user or
 * by the server when the board files first give the size and layer count.
 */
export const productBoardSettings = pgTable('product_board_settings', {
  productId: integer('product_id')
    .primaryKey()
    .references(() => products.id),
  settings: jsonb('settings').$type<BoardSettings>().notNull(),
  /**
   * Saved by the server from the board files' analysis, not yet by a user: the size and layer
   * count follow the files until a user saves the settings.
   */
  takenFromFiles: boolean('taken_from_files').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** What the Gerber analysis of a product's board files proposes; none without board files. */
export const boardAnalyses = pgTable('board_analyses', {
  productId: integer('product_id')
    .primaryKey()
    .references(() => products.id),
  widthMm: doublePrecision('width_mm'),
  lengthMm: doublePrecision('length_mm'),
  copperLayers: smallint('copper_layers').notNull(),
  /** 'outline' or 'layers'; null when nothing could be measured. */
  sizeFrom: text('size_from'),
  analysedAt: timestamp('analysed_at', { withTimezone: true }).notNull(),
});

/**
 * SHA-256 of stored objects' contents. Objects never change under their key, so a hash is
 * computed once (when a render stamp first needs it) and kept.
 */
export const contentHashes = pgTable('content_hashes', {
  storageKey: text('storage_key')
    .primaryKey()
    .references(() => storedFiles.key, { onDelete: 'cascade' }),
  sha256: text('sha256').notNull(),
});

/**
 * Board renders by stamp, per company (a client-stored render is only trusted within its own
 * company). The row is claimed before rendering (status 'rendering', with the claiming instance),
 * so one stamp is rendered once however many requests and server instances ask for it together;
 * the claim goes with its instance when that stops.
 */
export const boardRenders = pgTable(
  'board_renders',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    hash: text('hash').notNull(),
    /** 'rendering' while claimed, 'done' once stored. */
    status: text('status').notNull(),
    storageKey: text('storage_key').references(() => storedFiles.key),
    /** What the render measured, for the board analysis (null until done, or when unknown). */
    widthMm: doublePrecision('width_mm'),
    lengthMm: doublePrecision('length_mm'),
    copperLayers: smallint('copper_layers'),
    /** renderBoard's boardShape: 'outline', 'copper-extent' or 'none'. */
    boardShape: text('board_shape'),
    /**
     * The design-for-manufacture check made with the render (packages/dfm); null until done,
     * for a render a client stored until the server checks it, or when the check failed.
     */
    dfm: jsonb('dfm').$type<DfmReport>(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
    /** The instance rendering it (null once done). */
    claimedBy: text('claimed_by').references(() => serverInstances.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('board_renders_company_hash_idx').on(table.companyId, table.hash),
    index('board_renders_storage_key_idx').on(table.storageKey),
    index('board_renders_claimed_by_idx').on(table.claimedBy),
  ],
);

/**
 * The stamp of each product's board as saved (its board files and saved settings). The render
 * under it is in use and kept; any other render is a draft's, collected once it is older than
 * RENDER_DRAFT_TTL.
 */
export const productRenderStamps = pgTable(
  'product_render_stamps',
  {
    productId: integer('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    hash: text('hash').notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [index('product_render_stamps_company_hash_idx').on(table.companyId, table.hash)],
);
