import { boolean, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';
import { companies } from '../companies/companies.tables.ts';
import { assemblies, projects } from '../projects/projects.tables.ts';
import { storedFiles } from '../storage/storage.tables.ts';

export type OdooProductRecord = { key: string; value: string };

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    /** The company of its project, kept here so every product query is scoped directly. */
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    assemblyId: integer('assembly_id').references(() => assemblies.id),
    name: text('name').notNull(),
    partNumber: text('part_number'),
    job: text('job'),
    notes: text('notes'),
    description: text('description'),
    odooProducts: jsonb('odoo_products').$type<OdooProductRecord[]>().notNull().default([]),
    coverKey: text('cover_key').references(() => storedFiles.key),
    visible: boolean('visible').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('products_company_idx').on(table.companyId),
    index('products_project_idx').on(table.projectId),
  ],
);
