// SPEC §3 BOM resources: a row with its designators, supplier codes, substitutes, linked part
// and how it stands against the catalogue.

import { z } from 'zod';
import { Id } from './fields.ts';
import { Quantity } from './parts.contract.ts';

/** SPEC §3: one designator of a BOM row with its do-not-populate flag. */
export const BomRefDesign = z
  .object({ refDesign: z.string(), doNotPopulate: z.boolean() })
  .meta({ id: 'BomRefDesign' });
export type BomRefDesign = z.infer<typeof BomRefDesign>;

/** A supplier's code for the part: an LCSC `C` number, a Digi-Key or Mouser number. */
export const SupplierPart = z
  .object({ supplier: z.string().nullable(), partNumber: z.string() })
  .meta({ id: 'SupplierPart' });
export type SupplierPart = z.infer<typeof SupplierPart>;

/** A substitute the customer accepts for the row's part (SPEC §3 substitutions_rows). */
export const BomSubstitution = z
  .object({
    part_id: Id.nullable().meta({ description: 'The catalogue part, when it is one' }),
    part_number: z.string(),
    manufacturer: z.string().nullable(),
    note: z.string().nullable(),
  })
  .meta({ id: 'BomSubstitution' });
export type BomSubstitution = z.infer<typeof BomSubstitution>;

/** SPEC §3 part_info: the linked catalogue part, with stock and price for the BOM table. */
export const BomPartInfo = z
  .object({
    id: Id,
    part_number: z.string(),
    manufacturer: z.string().nullable(),
    category: z.string().nullable(),
    short_specs: z.string().meta({ description: 'Main specifications in one line' }),
    package: z.string().nullable().meta({ description: 'Package name, e.g. 0402' }),
    qty: Quantity,
    price: z.number().nullable().meta({ description: 'USD per piece at quantity 1' }),
  })
  .meta({ id: 'BomPartInfo' });
export type BomPartInfo = z.infer<typeof BomPartInfo>;

export const MATCH_BASES = ['partNumber', 'supplierPart', 'value', 'user'] as const;
export const MATCH_CONFIDENCES = ['high', 'medium', 'low'] as const;

/** A catalogue part proposed for a BOM line, and why. */
export const BomSuggestion = z
  .object({
    part_id: Id,
    part_number: z.string(),
    manufacturer: z.string().nullable(),
    package: z.string().nullable(),
    short_specs: z.string(),
    available: z.int(),
    price: z.number().nullable().meta({ description: 'USD per piece at quantity 1' }),
    basis: z.enum(MATCH_BASES).meta({
      description:
        'partNumber: the part number after ignoring case, spaces and dashes (and manufacturer aliases); supplierPart: an LCSC or distributor code; value: value and package of a passive; user: chosen by a user',
    }),
    confidence: z.enum(MATCH_CONFIDENCES),
    reason: z.string().nullable().meta({
      description:
        'Why it was proposed: "part number X of Maker", "supplier code C123 (LCSC)", "value 100nF 16V + package 0402 (footprint "CAP0402" is an alias of 0402)"',
    }),
  })
  .meta({ id: 'BomSuggestion' });
export type BomSuggestion = z.infer<typeof BomSuggestion>;

/** How a saved row stands against the catalogue. */
export const BomMatch = z
  .object({
    status: z.enum(['matched', 'suggested', 'none']).meta({
      description:
        'matched: a part is linked; suggested: candidates exist, none linked; none: nothing found',
    }),
    basis: z.enum(MATCH_BASES).nullable(),
    confidence: z.enum(MATCH_CONFIDENCES).nullable(),
    reason: z.string().nullable().meta({ description: 'Why the match or proposals, if known' }),
  })
  .meta({ id: 'BomMatch' });
export type BomMatch = z.infer<typeof BomMatch>;

/** SPEC §3 BOM row. */
export const BomRow = z
  .object({
    id: Id,
    part_id: Id.nullable(),
    part_number: z.string().nullable(),
    manufacturer: z.string().nullable(),
    value: z.string().nullable(),
    footprint: z.string().nullable(),
    description: z.string().nullable(),
    quantity: z.number().nullable().meta({
      description:
        'As the file or the user says; may disagree with the designators (the issue checker says so)',
    }),
    supplierParts: z.array(SupplierPart),
    confirmed_by: Id.nullable().meta({ description: 'The user who confirmed the row' }),
    confirmed_by_name: z.string().nullable(),
    custWillSupply: z.boolean(),
    substitutions_rows: z.array(BomSubstitution),
    refDesign: z.array(BomRefDesign),
    product_file_id: Id.nullable().meta({ description: 'The BOM file it was read from' }),
    line: z.int().nullable().meta({ description: 'The line or row of that file' }),
    part_info: BomPartInfo.nullable(),
    match: BomMatch,
    confirmed: z.boolean().meta({
      description: 'SPEC §4: linked part, confirmer, substitutions, all DNP or customer-supplied',
    }),
    suggestions: z.array(BomSuggestion).meta({
      description:
        'The saved price-suggestion results of the row (best first); shown on demand, not in the table',
    }),
  })
  .meta({ id: 'BomRow' });
export type BomRow = z.infer<typeof BomRow>;
