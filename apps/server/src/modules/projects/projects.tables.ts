import { boolean, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';
import { companies } from '../companies/companies.tables.ts';
import { storedFiles } from '../storage/storage.tables.ts';

export const projects = pgTable(
  'projects',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    title: text('title').notNull(),
    description: text('description'),
    markedColor: text('marked_color').notNull(),
    coverKey: text('cover_key').references(() => storedFiles.key),
    visible: boolean('visible').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('projects_company_idx').on(table.companyId)],
);

export const assemblies = pgTable(
  'assemblies',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    title: text('title').notNull(),
    hidden: boolean('hidden').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('assemblies_project_idx').on(table.projectId)],
);
