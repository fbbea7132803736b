import type { BomPartInfo, BomRow, BomSuggestion, PartsSearchRow } from '@circuits/contracts';
import { isBomRowConfirmed } from '@circuits/domain';
import type { BomRowRecord } from './bom.repository.ts';
import type { SuggestionRecord } from './bom.tables.ts';

export function shortSpecs(part: PartsSearchRow): string {
  return part.short_specs.map((spec) => spec.value).join(', ');
}

export function presentPartInfo(part: PartsSearchRow): BomPartInfo {
  return {
    id: part.id,
    part_number: part.part_number,
    manufacturer: part.manufacturer?.name ?? null,
    category: part.category?.name ?? null,
    short_specs: shortSpecs(part),
    package: part.package?.pkgName ?? null,
    qty: part.qty,
    price: part.price,
  };
}

export function presentSuggestion(
  part: PartsSearchRow,
  record: Omit<SuggestionRecord, 'part_id'>,
): BomSuggestion {
  return {
    part_id: part.id,
    part_number: part.part_number,
    manufacturer: part.manufacturer?.name ?? null,
    package: part.package?.pkgName ?? null,
    short_specs: shortSpecs(part),
    available: part.qty.available,
    price: part.price,
    basis: record.basis,
    confidence: record.confidence,
    reason: record.reason ?? null,
  };
}

export function presentBomRow(
  row: BomRowRecord,
  partsById: ReadonlyMap<number, PartsSearchRow>,
  userNames: ReadonlyMap<number, string>,
): BomRow {
  const linked = row.partId === null ? undefined : partsById.get(row.partId);
  const suggestions = row.suggestions.flatMap((record) => {
    const part = partsById.get(record.part_id);
    return part ? [presentSuggestion(part, record)] : [];
  });
  const confirmable = {
    part_id: row.partId,
    confirmed_by: row.confirmedBy,
    custWillSupply: row.custWillSupply,
    substitutions_rows: row.substitutions,
    refDesign: row.refDesigns,
  };
  return {
    id: row.id,
    part_id: row.partId,
    part_number: row.partNumber,
    manufacturer: row.manufacturer,
    value: row.value,
    footprint: row.footprint,
    description: row.description,
    quantity: row.quantity,
    supplierParts: row.supplierParts,
    confirmed_by: row.confirmedBy,
    confirmed_by_name: row.confirmedBy === null ? null : (userNames.get(row.confirmedBy) ?? null),
    custWillSupply: row.custWillSupply,
    substitutions_rows: row.substitutions,
    refDesign: row.refDesigns,
    product_file_id: row.productFileId,
    line: row.line,
    part_info: linked ? presentPartInfo(linked) : null,
    match: {
      status: row.partId !== null ? 'matched' : suggestions.length > 0 ? 'suggested' : 'none',
      basis: row.matchBasis,
      confidence: row.matchConfidence,
      reason: row.suggestions[0]?.reason ?? (row.matchBasis === 'user' ? 'chosen by a user' : null),
    },
    confirmed: isBomRowConfirmed(confirmable),
    suggestions,
  };
}
