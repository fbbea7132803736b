// What a catalogue record's fields become when stored: spec numbers in base units, the words search
// matches, and the reasons a record is refused.

import {
  type BaseUnit,
  parseEngineeringValue,
  partNumberKey,
  type Quantity,
} from '@circuits/domain';
import type { CatalogueRecord } from './catalogue-record.ts';

const QUANTITY_BY_UNIT: Readonly<Record<string, Quantity>> = {
  Ω: 'resistance',
  F: 'capacitance',
  H: 'inductance',
  V: 'voltage',
  A: 'current',
  W: 'power',
  Hz: 'frequency',
  s: 'time',
  '°C': 'temperature',
  '%': 'ratio',
};

/** A spec value as stored: the text, and numbers when the spec is numeric and the text a value. */
export type StoredSpecValue = {
  optionId: number | null;
  valueNum: number | null;
  valueMin: number | null;
  valueMax: number | null;
};

export type SpecInfo = { dataType: 'number' | 'option' | 'text'; unitShort: string | null };

/** Numbers of a spec value, in the spec's base unit, or nulls when the text is not one. */
export function numbersOf(
  text: string,
  spec: SpecInfo,
  explicit?: number,
): Omit<StoredSpecValue, 'optionId'> {
  if (spec.dataType !== 'number') return { valueNum: null, valueMin: null, valueMax: null };
  if (explicit !== undefined && Number.isFinite(explicit)) {
    return { valueNum: explicit, valueMin: explicit, valueMax: explicit };
  }
  const quantity = spec.unitShort ? QUANTITY_BY_UNIT[spec.unitShort] : undefined;
  const parsed = parseEngineeringValue(text, { quantity });
  const expectedUnit = quantity ? (spec.unitShort as BaseUnit) : null;
  if (!parsed || (expectedUnit !== null && parsed.unit !== expectedUnit)) {
    return { valueNum: null, valueMin: null, valueMax: null };
  }
  return { valueNum: parsed.value, valueMin: parsed.min, valueMax: parsed.max };
}

/** C0 controls other than tab and line breaks, DEL and C1 controls. */
function hasControlCharacters(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code === 0x09 || code === 0x0a || code === 0x0d) continue;
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}

export function refusal(record: CatalogueRecord): string | undefined {
  if (record.partNumber.trim() === '') return 'part number is empty';
  if (record.partNumber.length > 200) return 'part number is longer than 200 characters';
  if (record.name.trim() === '') return 'name is empty';
  if (record.manufacturer.trim() === '') return 'manufacturer is empty';
  for (const text of [record.name, record.partNumber, record.description, record.manufacturer]) {
    if (hasControlCharacters(text)) return 'contains control characters';
  }
  return undefined;
}

/** The words search matches for a part, lower-cased. */
export function searchTextOf(fields: {
  name: string;
  partNumber: string;
  description: string;
  manufacturer?: { name: string; aliases: readonly string[] } | undefined;
  pkg?: { pkgName: string; aliases: readonly string[] } | undefined;
  category?: string | undefined;
}): string {
  return [
    fields.name,
    fields.partNumber,
    partNumberKey(fields.partNumber),
    fields.description,
    fields.manufacturer?.name,
    ...(fields.manufacturer?.aliases ?? []),
    fields.pkg?.pkgName,
    ...(fields.pkg?.aliases ?? []),
    fields.category,
  ]
    .filter((text): text is string => Boolean(text))
    .join(' ')
    .toLowerCase();
}
