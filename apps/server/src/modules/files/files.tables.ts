import type { BoardFileGuess } from '@circuits/contracts';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';
import { products } from '../products/products.tables.ts';
import { storedFiles } from '../storage/storage.tables.ts';

export type ProductFileGuessRecord = { type_id: number; reason: string };

export const productFiles = pgTable(
  'product_files',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    storageKey: text('storage_key')
      .notNull()
      .references(() => storedFiles.key),
    name: text('name').notNull(),
    description: text('description'),
    typeId: smallint('type_id').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    guess: jsonb('guess').$type<ProductFileGuessRecord>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('product_files_product_idx').on(table.productId)],
);

export const boardFiles = pgTable(
  'board_files',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    productFileId: integer('product_file_id')
      .notNull()
      .references(() => productFiles.id),
    fileType: text('file_type').notNull(),
    color: text('color'),
    isVisible: boolean('is_visible').notNull().default(true),
    layerNumber: integer('layer_number'),
    guess: jsonb('guess').$type<BoardFileGuess>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('board_files_product_idx').on(table.productId),
    // A file is on the board at most once.
    uniqueIndex('board_files_product_file_idx').on(table.productFileId),
  ],
);
