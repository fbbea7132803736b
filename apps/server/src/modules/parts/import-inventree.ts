import type { CatalogueRecord, CatalogueSku } from './catalogue-record.ts';
import { categoryOf, IMPORT_LOCATION, type ReadResult, text } from './import-formats.ts';
import { jsonArrayElements } from './import-streams.ts';

// Reader of an InvenTree data export (the Django fixture JSON `inventree export` and the demo
// dataset write: one array of `{model, pk, fields}` records) for `npm run parts:import`.
// A catalogue part is a manufacturer part (`company.manufacturerpart`: manufacturer and MPN) with
// the InvenTree part's description and category; its supplier parts give it supplier codes, their
// USD price breaks its prices, and the InvenTree stock items its stock. The records refer to each
// other by key in any order, so the file is read once, element by element, keeping only the few
// fields used (not the records), and the parts are written after the last element.

type Fixture = { model?: unknown; pk?: unknown; fields?: Record<string, unknown> };

type ManufacturerPart = {
  pk: number;
  part: number;
  manufacturer: number;
  mpn: string;
  line: number;
};
type SupplierPart = {
  part: number;
  supplier: number;
  sku: string;
  manufacturerPart: number | null;
  line: number;
};
type InvenTreePart = {
  name: string;
  description: string;
  keywords: string;
  category: number | null;
  purchaseable: boolean;
  line: number;
};

const number = (value: unknown): number | null => {
  const parsed = typeof value === 'number' ? value : Number(value);
  return value === null || value === undefined || value === '' || !Number.isFinite(parsed)
    ? null
    : parsed;
};

/** Price breaks in other currencies than USD, by currency: the summary names what was skipped. */
export type InvenTreeNotes = { skippedPriceBreaks: Map<string, number> };

export async function* readInvenTree(
  file: string,
  notes: InvenTreeNotes = { skippedPriceBreaks: new Map() },
): AsyncGenerator<ReadResult> {
  const companies = new Map<number, string>();
  const categories = new Map<number, string>();
  const parts = new Map<number, InvenTreePart>();
  const manufacturerParts: ManufacturerPart[] = [];
  const supplierParts = new Map<number, SupplierPart>();
  const breaks = new Map<number, { quantity: number; usd: number }[]>();
  const stock = new Map<number, number>();

  for await (const [element, line] of jsonArrayElements(file)) {
    if (element instanceof Error) {
      yield { source: `line ${line}`, refused: `not valid JSON (${element.message})`, line };
      continue;
    }
    const { model, pk, fields } = (element ?? {}) as Fixture;
    const id = number(pk);
    if (typeof model !== 'string' || id === null || !fields) continue;
    switch (model) {
      case 'company.company':
        companies.set(id, text(fields.name));
        break;
      case 'part.partcategory':
        categories.set(id, text(fields.name));
        break;
      case 'part.part':
        parts.set(id, {
          name: text(fields.name),
          description: text(fields.description),
          keywords: text(fields.keywords),
          category: number(fields.category),
          purchaseable: fields.purchaseable === true && fields.component === true,
          line,
        });
        break;
      case 'company.manufacturerpart': {
        const part = number(fields.part);
        const manufacturer = number(fields.manufacturer);
        if (part !== null && manufacturer !== null) {
          manufacturerParts.push({ pk: id, part, manufacturer, mpn: text(fields.MPN), line });
        }
        break;
      }
      case 'company.supplierpart': {
        const part = number(fields.part);
        const supplier = number(fields.supplier);
        if (part !== null && supplier !== null) {
          supplierParts.set(id, {
            part,
            supplier,
            sku: text(fields.SKU),
            manufacturerPart: number(fields.manufacturer_part),
            line,
          });
        }
        break;
      }
      case 'company.supplierpricebreak': {
        const supplierPart = number(fields.part);
        const quantity = number(fields.quantity);
        const price = number(fields.price);
        const currency = text(fields.price_currency) || 'USD';
        if (supplierPart === null || quantity === null || price === null) break;
        if (currency !== 'USD') {
          notes.skippedPriceBreaks.set(currency, (notes.skippedPriceBreaks.get(currency) ?? 0) + 1);
          break;
        }
        breaks.set(supplierPart, [...(breaks.get(supplierPart) ?? []), { quantity, usd: price }]);
        break;
      }
      case 'stock.stockitem': {
        const part = number(fields.part);
        const quantity = number(fields.quantity);
        if (part !== null && quantity !== null && quantity > 0) {
          stock.set(part, (stock.get(part) ?? 0) + quantity);
        }
        break;
      }
    }
  }

  const partsWithMpn = new Set<number>();
  for (const mp of manufacturerParts) {
    const source = `inventree:manufacturerpart:${mp.pk}`;
    const part = parts.get(mp.part);
    const manufacturer = companies.get(mp.manufacturer);
    if (mp.mpn === '') {
      yield { source, refused: 'manufacturer part without an MPN', line: mp.line };
      continue;
    }
    if (!part) {
      yield { source, refused: `InvenTree part ${mp.part} is not in the file`, line: mp.line };
      continue;
    }
    if (!manufacturer) {
      yield { source, refused: `company ${mp.manufacturer} is not in the file`, line: mp.line };
      continue;
    }
    partsWithMpn.add(mp.part);
    const skus: CatalogueSku[] = [];
    // The lowest USD price from each quantity on, over the suppliers of this manufacturer part.
    const priceFrom = new Map<number, number>();
    for (const [supplierPartId, supplierPart] of supplierParts) {
      if (supplierPart.manufacturerPart !== mp.pk || supplierPart.sku === '') continue;
      skus.push({
        supplier: companies.get(supplierPart.supplier) ?? 'Supplier',
        sku: supplierPart.sku,
      });
      for (const entry of breaks.get(supplierPartId) ?? []) {
        const minQty = Math.max(1, Math.round(entry.quantity));
        const cents = Number((entry.usd * 100).toFixed(4));
        if (!priceFrom.has(minQty) || priceFrom.get(minQty)! > cents) priceFrom.set(minQty, cents);
      }
    }
    const categoryName = part.category === null ? '' : (categories.get(part.category) ?? '');
    const categoryId = categoryName === '' ? '' : categoryOf(categoryName, categoryName);
    const qty = Math.floor(stock.get(mp.part) ?? 0);
    const record: CatalogueRecord = {
      source,
      name: mp.mpn,
      partNumber: mp.mpn,
      manufacturer,
      category: categoryId,
      description: [part.description, part.keywords].filter(Boolean).join(' · ') || part.name,
      specs: [],
      stock: qty > 0 ? [{ locationId: IMPORT_LOCATION, lot: 'import', qty, reserved: 0 }] : [],
      priceBreaks: [...priceFrom]
        .sort((a, b) => a[0] - b[0])
        .map(([minQty, unitPriceMinor]) => ({ minQty, unitPriceMinor })),
      skus,
      line: mp.line,
    };
    yield { record };
  }
  // A bought component without a manufacturer part has no part number to be found by.
  for (const [supplierPartId, supplierPart] of supplierParts) {
    if (supplierPart.manufacturerPart !== null || partsWithMpn.has(supplierPart.part)) continue;
    const part = parts.get(supplierPart.part);
    yield {
      source: `inventree:supplierpart:${supplierPartId} ${supplierPart.sku}${part ? ` (${part.name})` : ''}`,
      refused: 'a supplier part without a manufacturer part: no part number to find it by',
      line: supplierPart.line,
    };
  }
}
