import { z } from 'zod';
import { defineEndpoint, jsonBody, multipartBody } from './endpoint.ts';
import {
  formId,
  Id,
  idField,
  idList,
  idParam,
  MAX_INT4,
  optionalText,
  requiredText,
} from './fields.ts';
import { PartsSearchRow, Quantity } from './parts.contract.ts';

// SPEC §7 BOM calls, under /api/products/{id}. Reading a file (bom/parse, bom/parseExisted)
// never saves the BOM: the server keeps the read (its rows and proposed matches) for
// BOM_READ_TTL_MINUTES and answers a preview of it (its first rows, texts cut); further rows
// are paged with bom/reads/{readId}/rows. bom/fromFile {data: {read_id}} saves that read,
// replacing the product's BOM by default, in one transaction (never half a BOM): the rows never
// travel through the browser. A client may also send its own rows as data (a list).

/** How long a read of bom/parse and bom/parseExisted is kept for paging and bom/fromFile. */
export const BOM_READ_TTL_MINUTES = 60;
/** Rows a read answers at once (bom/parse, bom/parseExisted), and at most per page. */
export const BOM_PREVIEW_ROWS = 50;
export const MAX_BOM_PAGE_ROWS = 200;
/** Characters of each text of a previewed row; the saved row keeps the whole text read. */
export const BOM_PREVIEW_TEXT_CHARS = 200;
/** Warnings a read answers; totalWarnings says how many it found. */
export const BOM_READ_WARNINGS = 100;

// ---- Resources -------------------------------------------------------------------------------

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

// ---- Reading a file --------------------------------------------------------------------------

export const BOM_COLUMN_FIELDS = [
  'designator',
  'quantity',
  'partNumber',
  'manufacturer',
  'value',
  'footprint',
  'description',
  'doNotPopulate',
  'fitted',
  'supplier',
  'supplierPartNumber',
  'item',
  'substitutePartNumber',
  'substituteManufacturer',
] as const;
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

// ---- Writing rows ----------------------------------------------------------------------------

const refDesignInput = z.union(
  [
    requiredText('refDesign', 20000).meta({
      description: 'Designators as written: "R1-R4, R7", "C9_MB"; each expanded',
    }),
    z
      .array(
        z.object({
          refDesign: requiredText('refDesign', 100),
          doNotPopulate: z.boolean({ error: 'doNotPopulate must be true or false' }).default(false),
        }),
      )
      .max(10000, 'refDesign may list at most 10000 designators'),
  ],
  { error: 'refDesign must be designators as text or a list of {refDesign, doNotPopulate}' },
);

const quantityInput = z
  .int({ error: 'quantity must be a whole number' })
  .min(0, 'quantity must be 0 or more')
  .max(1_000_000, 'quantity must be at most 1000000')
  .nullable();

const substitutionInput = z.object({
  part_id: idField('part_id').nullish(),
  part_number: requiredText('Substitute part number', 200),
  manufacturer: optionalText('Substitute manufacturer', 200),
  note: optionalText('Substitute note', 1000),
});

const supplierPartInput = z.object({
  supplier: optionalText('Supplier', 100),
  partNumber: requiredText('Supplier part number', 200),
});

/** The editable fields of a BOM row; absent fields stay as they are. */
const bomFields = {
  refDesign: refDesignInput.optional(),
  part_id: idField('part_id')
    .nullable()
    .optional()
    .meta({ description: 'Link a catalogue part (null unlinks)' }),
  part_number: optionalText('Part number', 200),
  manufacturer: optionalText('Manufacturer', 200),
  value: optionalText('Value', 200),
  footprint: optionalText('Footprint', 200),
  description: optionalText('Description', 2000),
  quantity: quantityInput.optional(),
  supplierParts: z.array(supplierPartInput).max(20).optional(),
  custWillSupply: z.boolean({ error: 'custWillSupply must be true or false' }).optional(),
  substitutions_rows: z
    .array(substitutionInput, { error: 'substitutions_rows must be a list' })
    .max(50)
    .optional(),
  confirmed: z
    .boolean({ error: 'confirmed must be true or false' })
    .optional()
    .meta({ description: 'true: the caller confirms the row (confirmed_by); false: clears it' }),
};

export const BomRowUpdate = z.object(bomFields);

export const AddBomInput = z.object({
  ...bomFields,
  refDesign: refDesignInput,
  partNumber: optionalText('Part number', 200).meta({
    description: 'SPEC field name; matched to the catalogue when part_id is not given',
  }),
});

/** A row of bom/fromFile: a parsed row as the user mapped and corrected it. */
export const BomFileRowInput = z.object({
  line: z.int().nonnegative().max(MAX_INT4).nullish(),
  refDesign: refDesignInput,
  quantity: z.number().nonnegative().max(1_000_000).nullish(),
  partNumber: optionalText('Part number', 200),
  manufacturer: optionalText('Manufacturer', 200),
  value: optionalText('Value', 200),
  footprint: optionalText('Footprint', 200),
  description: optionalText('Description', 2000),
  supplierParts: z.array(supplierPartInput).max(20).optional(),
  part_id: idField('part_id')
    .nullish()
    .meta({ description: 'The part the user picked; otherwise the server matches the row' }),
  custWillSupply: z.boolean().optional(),
});

export const BomFromFileInput = z.object({
  data: z
    .union(
      [
        z
          .object({ read_id: idField('read_id') })
          .meta({ description: 'A read of bom/parse or bom/parseExisted: its rows, as matched' }),
        z
          .array(BomFileRowInput)
          .min(1, 'data must hold at least one row')
          .max(20000, 'data may hold at most 20000 rows')
          .meta({ description: "The client's own rows (at most the server's BOM line limit)" }),
      ],
      { error: 'data must be {read_id} or a list of BOM rows' },
    )
    .meta({
      description:
        '{read_id}: save a read kept on the server (what the web app sends); or a list of rows',
    }),
  file_id: idField('file_id')
    .nullish()
    .meta({ description: 'The BOM product file (type 4) the rows were read from' }),
  replace: z
    .boolean()
    .default(true)
    .meta({ description: 'true (default): the rows replace the BOM; false: they are added' }),
});

export const SaveBomsInput = z.object({
  boms: z
    .array(BomRowUpdate.extend({ id: idField('BOM row id') }), { error: 'boms must be a list' })
    .min(1, 'boms must name at least one row')
    .max(20000),
});

export const SaveSuggestResultsInput = z.object({
  results: z
    .array(
      z.object({
        bom_id: idField('bom_id'),
        part_ids: z
          .array(idField('part_id'))
          .max(50)
          .meta({ description: 'Suggested parts, best first' }),
      }),
      { error: 'results must be a list' },
    )
    .min(1, 'results must name at least one row')
    .max(20000),
});

const productParams = z.object({ id: idParam });
const bomParams = z.object({ id: idParam, bomId: idParam });
const rowAnswer = z.object({ data: BomRow });
const rowsAnswer = z.object({ data: z.array(BomRow) });
const deletedAnswer = z.object({
  ids: z.array(Id).meta({ description: 'The rows deleted' }),
  bom: z.array(BomRow).meta({ description: 'The BOM left' }),
});
const tableFile = {
  maxCount: 1,
  required: true,
  description: 'The BOM: CSV, TSV, semicolon-separated text, XLSX, XLS or ODS',
};

// ---- Endpoints (SPEC §7 BOM) -----------------------------------------------------------------

const tag = 'BOM';

/** A whole BOM in one request: 20,000 rows of designators and texts. */
export const LARGE_BODY_BYTES = 32 * 1024 * 1024;

export const addBomRow = defineEndpoint({
  method: 'POST',
  path: '/api/products/{id}/bom/add',
  summary: 'Add a BOM row; the part number is matched to the catalogue',
  tag,
  access: 'confirmed',
  params: productParams,
  body: jsonBody(AddBomInput),
  status: 201,
  response: rowAnswer,
});

export const bomFromFile = defineEndpoint({
  method: 'POST',
  path: '/api/products/{id}/bom/fromFile',
  summary: 'Save the rows read from a BOM file, as mapped; unlinked rows are matched',
  tag,
  access: 'confirmed',
  bodyLimitBytes: LARGE_BODY_BYTES,
  params: productParams,
  body: jsonBody(BomFromFileInput),
  status: 201,
  response: z.object({
    data: z.array(BomRow).meta({
      description: `The first ${BOM_PREVIEW_ROWS} rows of the BOM as saved (the product page has them all)`,
    }),
    total: z.int().meta({ description: 'Rows of the BOM as saved' }),
    matched: z.int().meta({ description: 'Rows of the BOM linked to a catalogue part' }),
    warnings: z.array(ReadWarning).meta({ description: 'E.g. quantity against designators' }),
  }),
});

export const parseBom = defineEndpoint({
  method: 'POST',
  path: '/api/products/{id}/bom/parse',
  summary: 'Read a BOM table (form field table) and propose matches; nothing is saved',
  tag,
  access: 'confirmed',
  readOnly: true,
  params: productParams,
  body: multipartBody(ParseBomForm, { table: tableFile }),
  status: 200,
  response: z.object({ parsed: ParsedBom }),
});

export const bomReadRows = defineEndpoint({
  method: 'GET',
  path: '/api/products/{id}/bom/reads/{readId}/rows',
  summary: 'A page of the rows of a BOM read (bom/parse, bom/parseExisted), texts cut',
  tag,
  access: 'confirmed',
  params: z.object({ id: idParam, readId: idParam }),
  query: z.object({
    offset: z.coerce
      .number({ error: 'offset must be a whole number' })
      .int('offset must be a whole number')
      .min(0, 'offset must be 0 or more')
      .max(10_000_000, 'offset is too large')
      .default(0),
    limit: z.coerce
      .number({ error: 'limit must be a whole number' })
      .int('limit must be a whole number')
      .min(1, 'limit must be at least 1')
      .max(MAX_BOM_PAGE_ROWS, `limit must be at most ${MAX_BOM_PAGE_ROWS}`)
      .default(BOM_PREVIEW_ROWS),
  }),
  status: 200,
  response: z.object({
    rows: z.array(ParsedBomRow),
    offset: z.int(),
    total: z.int().meta({ description: 'Rows of the read in all' }),
  }),
});

export const parseExistedBom = defineEndpoint({
  method: 'POST',
  path: '/api/products/{id}/bom/parseExisted',
  summary: 'Read an uploaded BOM file (form field file_id) and propose matches; nothing is saved',
  tag,
  access: 'confirmed',
  readOnly: true,
  params: productParams,
  body: multipartBody(ParseExistedBomForm, {}),
  status: 200,
  response: z.object({ parsed: ParsedBom }),
});

export const deleteBomRow = defineEndpoint({
  method: 'DELETE',
  path: '/api/products/{id}/bom/{bomId}',
  summary: 'Delete a BOM row',
  tag,
  access: 'confirmed',
  params: bomParams,
  status: 200,
  response: deletedAnswer,
});

export const deleteBomRows = defineEndpoint({
  method: 'POST',
  path: '/api/products/{id}/bom/delete',
  summary: 'Delete BOM rows',
  tag,
  access: 'confirmed',
  params: productParams,
  body: jsonBody(z.object({ ids: idList('ids') })),
  status: 200,
  response: deletedAnswer,
});

export const saveBomRow = defineEndpoint({
  method: 'POST',
  path: '/api/products/{id}/bom/{bomId}/save',
  summary: 'Change a BOM row; absent fields stay as they are',
  tag,
  access: 'confirmed',
  params: bomParams,
  body: jsonBody(BomRowUpdate),
  status: 200,
  response: rowAnswer,
});

export const saveBomRows = defineEndpoint({
  method: 'POST',
  path: '/api/products/{id}/bom/save',
  summary: 'Change several BOM rows at once (bulk confirm, bulk link); all or none',
  tag,
  access: 'confirmed',
  bodyLimitBytes: LARGE_BODY_BYTES,
  params: productParams,
  body: jsonBody(SaveBomsInput),
  status: 200,
  response: rowsAnswer,
});

export const saveBomSuggestResults = defineEndpoint({
  method: 'POST',
  path: '/api/products/{id}/bom/saveSuggestResults',
  summary: 'Keep price-suggestion results per BOM row (hidden from the table)',
  tag,
  access: 'confirmed',
  bodyLimitBytes: LARGE_BODY_BYTES,
  params: productParams,
  body: jsonBody(SaveSuggestResultsInput),
  status: 200,
  response: rowsAnswer,
});

export const bomPrices = defineEndpoint({
  method: 'POST',
  path: '/api/products/{id}/bom/prices',
  summary:
    'Catalogue parts for one BOM line (part number or value and package; spaces and case ignored), best stock and price first',
  tag,
  access: 'confirmed',
  readOnly: true,
  params: productParams,
  query: z.object({
    word: requiredText('word', 200).meta({
      description: 'A part number, or a value with a package such as "10k 0402"',
    }),
  }),
  status: 200,
  response: z.object({
    data: z.array(PartsSearchRow),
    suggestions: z.array(BomSuggestion).meta({ description: 'The same parts, as BOM suggestions' }),
  }),
});

/** The first rows of a product file, as the readers split them. */
export const FileFirstRows = z
  .object({
    file_id: Id,
    fileName: z.string(),
    source: z.object({
      kind: z.enum(['text', 'spreadsheet']),
      format: z.string().nullable().meta({ description: 'xlsx, xls or ods' }),
      sheet: z.string().nullable(),
      sheets: z.array(z.string()),
      encoding: z.string().nullable(),
      delimiter: z.string().nullable(),
    }),
    rows: z.array(
      z.object({
        line: z.int().meta({ description: 'The line (text) or row (spreadsheet)' }),
        cells: z.array(z.string()).meta({ description: 'At most 40 cells of 120 characters' }),
      }),
    ),
  })
  .meta({ id: 'FileFirstRows' });
export type FileFirstRows = z.infer<typeof FileFirstRows>;

/** Rows of a file shown when it cannot be read, to choose its header row and columns. */
export const FILE_FIRST_ROWS = 30;

export const productFileFirstRows = defineEndpoint({
  method: 'GET',
  path: '/api/products/{id}/files/{fileId}/firstRows',
  summary:
    'The first rows of a BOM or placement file as cells, to choose its header row and columns when it cannot be read',
  tag,
  access: 'confirmed',
  params: z.object({ id: idParam, fileId: idParam }),
  query: z.object({ sheet: z.string().max(200).optional() }),
  status: 200,
  response: z.object({ data: FileFirstRows }),
});
