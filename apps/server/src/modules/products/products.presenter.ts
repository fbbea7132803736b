import type { Product, ProductSummary, StoredFile } from '@circuits/contracts';
import type { ProductRow } from './products.repository.ts';

export function presentProductSummary(row: ProductRow, cover: StoredFile | null): ProductSummary {
  return {
    id: row.id,
    name: row.name,
    partNumber: row.partNumber,
    imgLink: cover?.link ?? null,
    visible: row.visible,
    project_id: row.projectId,
    assembly_id: row.assemblyId,
    updated_at: row.updatedAt.toISOString(),
  };
}

export function presentProduct(row: ProductRow, cover: StoredFile | null): Product {
  return {
    id: row.id,
    project_id: row.projectId,
    assembly_id: row.assemblyId,
    name: row.name,
    partNumber: row.partNumber,
    imgLink: cover?.link ?? null,
    cover,
    visible: row.visible,
    job: row.job,
    notes: row.notes,
    description: row.description,
    odoo_products: row.odooProducts,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
