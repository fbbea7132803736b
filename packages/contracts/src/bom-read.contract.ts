// SPEC §7 BOM calls, under /api/products/{id}. Reading a file (bom/parse, bom/parseExisted)
// never saves the BOM: the server keeps the read (its rows and proposed matches) for
// BOM_READ_TTL_MINUTES and answers a preview of it (its first rows, texts cut); further rows
// are paged with bom/reads/{readId}/rows. bom/fromFile {data: {read_id}} saves that read,
// replacing the product's BOM by default, in one transaction (never half a BOM): the rows never
// travel through the browser. A client may also send its own rows as data (a list).
// These are the schemas and limits of such a read: what bom/parse answers and may be asked.

import { BOM_FIELDS } from '@circuits/domain';
import { z } from 'zod';
import { BomRefDesign, BomSuggestion, SupplierPart } from './bom-rows.contract.ts';
import { formId, Id, optionalText } from './fields.ts';

/** How long a read of bom/parse and bom/parseExisted is kept for paging and bom/fromFile. */
export const BOM_READ_TTL_MINUTES = 60;
/** Rows a read answers at once (bom/parse, bom/parseExisted), and at most per page. */
export const BOM_PREVIEW_ROWS = 50;
export const MAX_BOM_PAGE_ROWS = 200;
/** Characters of each text of a previewed row; the saved row keeps the whole text read. */
export const BOM_PREVIEW_TEXT_CHARS = 200;
/** Warnings a read answers; totalWarnings says how many it found. */
export const BOM_READ_WARNINGS = 100;
export const BOM_COLUMN_FIELDS = BOM_FIELDS;
export const BomColumnField = z.enum(BOM_COLUMN_FIELDS);
export type BomColumnField = z.infer<typeof BomColumnField>;

/** A column of the file and what it was recognised as. */
export const ReadColumn = z
  .object({
    index: z.int().nonnegative(),
    header: z.string(),
    field: z.string().nullable().meta({ description: 'The field it feeds; null: not used' }),
    confidence: z.enum(['high', 'medium', 'low']).nullable(),
    basis: z
      .enum(['header', 'content', 'user'])
      .nullable()
      .meta({ description: 'Recognised by its name, by its cells, or mapped by the user' }),
  })
  .meta({ id: 'ReadColumn' });
export type ReadColumn = z.infer<typeof ReadColumn>;

/** Something that looks wrong in a file, pointing at its line; the rows are still read. */
export const ReadWarning = z
  .object({
    type: z.string().meta({ description: 'Stable code, e.g. quantity-mismatch' }),
    line: z.int().nullable(),
    message: z.string(),
  })
  .meta({ id: 'ReadWarning' });
export type ReadWarning = z.infer<typeof ReadWarning>;

/** One line of a BOM file as read (and mapped), with the best catalogue match proposed. */
export const ParsedBomRow = z
  .object({
    line: z.int(),
    refDesign: z.array(BomRefDesign),
    quantity: z.number().nullable(),
    partNumber: z.string().nullable(),
    manufacturer: z.string().nullable(),
    value: z.string().nullable(),
    footprint: z.string().nullable(),
    description: z.string().nullable(),
    supplierParts: z.array(SupplierPart),
    match: BomSuggestion.nullable().meta({ description: 'The best catalogue part; null: none' }),
    linked: z.boolean().meta({
      description: 'The best part is linked on saving (a sure match), not only proposed',
    }),
    matchReason: z.string().nullable().meta({
      description: 'Why this part, or why nothing was proposed ("no proposal: ...")',
    }),
    quantityMismatch: z
      .boolean()
      .meta({ description: 'The quantity disagrees with the number of designators' }),
  })
  .meta({ id: 'ParsedBomRow' });
export type ParsedBomRow = z.infer<typeof ParsedBomRow>;

/** What reading a BOM file found: where the table is, its columns, rows and warnings. */
export const ParsedBom = z
  .object({
    read_id: Id.meta({
      description: `The read, kept on the server for ${BOM_READ_TTL_MINUTES} minutes: page its rows with bom/reads/{read_id}/rows, save it with bom/fromFile {data: {read_id}}`,
    }),
    file_id: Id.nullable().meta({ description: 'The product file read (bom/parseExisted)' }),
    fileName: z.string(),
    source: z.object({
      kind: z.enum(['text', 'spreadsheet']),
      encoding: z.string().nullable(),
      delimiter: z.string().nullable(),
      format: z.string().nullable().meta({ description: 'xlsx, xls or ods' }),
      sheet: z.string().nullable(),
      sheets: z.array(z.string()),
    }),
    headerLine: z.int(),
    columns: z.array(ReadColumn),
    needsConfirmation: z.boolean().meta({
      description: 'A needed column was guessed, not recognised: show the mapping dialog',
    }),
    rows: z.array(ParsedBomRow).meta({
      description: `The first ${BOM_PREVIEW_ROWS} rows, each text cut to ${BOM_PREVIEW_TEXT_CHARS} characters`,
    }),
    totalRows: z.int().meta({ description: 'Rows read in all' }),
    matchedRows: z.int().meta({
      description: 'Rows linked to a catalogue part on saving (the "matched" of bom/fromFile)',
    }),
    proposedRows: z.int().meta({ description: 'Rows with candidates to check, none linked' }),
    warnings: z.array(ReadWarning).meta({ description: `The first ${BOM_READ_WARNINGS}` }),
    totalWarnings: z.int(),
  })
  .meta({ id: 'ParsedBom' });
export type ParsedBom = z.infer<typeof ParsedBom>;

/**
 * The user's mapping, JSON text in the form: field to column index (0-based), e.g.
 * {"designator":0,"quantity":1,"partNumber":3}; supplierPartNumber may take a list. A field
 * given replaces what was recognised; null leaves it unmapped.
 */
const mappingField = z
  .string()
  .transform((text, context) => {
    try {
      return JSON.parse(text === '' ? '{}' : text) as unknown;
    } catch {
      context.addIssue({ code: 'custom', message: 'mapping must be a JSON object' });
      return z.NEVER;
    }
  })
  .pipe(
    z.partialRecord(
      BomColumnField,
      z
        .union([
          z.int().nonnegative().max(999),
          z.array(z.int().nonnegative().max(999)).max(20),
          z.null(),
        ])
        .meta({ description: 'Column index from 0, a list of them, or null' }),
      { error: 'mapping must map column fields to column numbers' },
    ),
  );

const readOptions = {
  sheet: optionalText('Sheet', 200).meta({ description: 'Sheet of a spreadsheet to read' }),
  headerLine: formId('headerLine')
    .optional()
    .meta({ description: 'The line (or row) of the header, instead of the one found' }),
  mapping: mappingField.optional(),
};

export const ParseBomForm = z.object(readOptions);
export const ParseExistedBomForm = z.object({ file_id: formId('file_id'), ...readOptions });
