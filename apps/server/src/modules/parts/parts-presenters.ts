// The catalogue's rows as the API answers them (prices in USD, stock per lot, options, categories).

import type { Manufacturer, PartCategory, SpecOption } from '@circuits/contracts';
import type { BaseUnit } from '@circuits/domain';
import type { ManufacturerRow, PartRow, PriceRowData, StockRowData } from './parts.repository.ts';
import { DIELECTRIC_SPEC } from './parts-spec-ids.ts';

export function usd(minor: number | null): number | null {
  return minor === null ? null : Number((minor / 100).toFixed(6));
}

export function groupBy<T>(rows: readonly T[], key: (row: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const id = key(row);
    const list = groups.get(id);
    if (list) list.push(row);
    else groups.set(id, [row]);
  }
  return groups;
}

export function presentStock(lots: readonly StockRowData[]) {
  const locs = lots.map((lot) => ({
    location_id: lot.locationId,
    location: lot.location,
    lot: lot.lot,
    qty: lot.qty,
    reserved: lot.reserved,
    available: Math.max(0, lot.qty - lot.reserved),
  }));
  const qty = locs.reduce((sum, lot) => sum + lot.qty, 0);
  const reserved = locs.reduce((sum, lot) => sum + lot.reserved, 0);
  const available = locs.reduce((sum, lot) => sum + lot.available, 0);
  return { qty: { qty, reserved, available }, locs };
}

/** What an audit entry keeps of a part. */
export function partAuditState(row: PartRow, manufacturer: string | null) {
  return {
    id: row.id,
    name: row.name,
    part_number: row.partNumber,
    manufacturer,
    confirmed: row.confirmed,
    company_id: row.companyId,
  };
}

/** What the part form changes (SPEC part form): a save that changes none of it is no change. */
export const PART_FORM_FIELDS = [
  'name',
  'partNumber',
  'manufacturerId',
  'categoryId',
  'packageId',
  'mountType',
  'description',
  'datasheet',
  'image',
  'confirmed',
] as const satisfies readonly (keyof PartRow)[];

export function partFormChanged(before: PartRow, after: PartRow): boolean {
  return PART_FORM_FIELDS.some((field) => before[field] !== after[field]);
}

export function presentBreaks(breaks: readonly PriceRowData[]) {
  return breaks.map((entry) => ({
    quantity: entry.minQty,
    unit_price_minor: entry.unitPriceMinor,
  }));
}

export function presentManufacturer(row: ManufacturerRow, partsCount: number): Manufacturer {
  return {
    id: row.id,
    name: row.name,
    aliases: row.aliases,
    confirmed: row.confirmed,
    parts_count: partsCount,
  };
}

/** An integer array from the database: parsed by the driver, or as PostgreSQL writes it. */
export function idList(value: (string | number)[] | string | null): number[] {
  if (value === null) return [];
  const items = typeof value === 'string' ? value.replace(/[{}]/g, '').split(',') : value;
  return items.filter((item) => item !== '').map(Number);
}

export function presentOption(option: {
  id: number;
  specificationId: number;
  value: string;
  order: number;
}): SpecOption {
  return {
    id: option.id,
    specification_id: option.specificationId,
    value: option.value,
    order: option.order,
    aliases:
      option.specificationId === DIELECTRIC_SPEC && option.value === 'C0G' ? ['NP0', 'NPO'] : [],
  };
}

export function presentCategory(row: {
  id: number;
  parentId: number | null;
  name: string;
  shorts: string[];
  aliases: string[];
  specIds: number[];
}): PartCategory {
  return {
    id: row.id,
    parent_id: row.parentId,
    name: row.name,
    shorts: row.shorts,
    aliases: row.aliases,
    spec_ids: row.specIds,
  };
}

export const BASE_UNIT_SET = new Set<string>(['Ω', 'F', 'H', 'V', 'A', 'W', 'Hz', 's', '°C', '%']);

export function isBaseUnit(unit: string): unit is BaseUnit {
  return BASE_UNIT_SET.has(unit);
}
