// SPEC §7 BOM calls, under /api/products/{id}. Reading a file (bom/parse, bom/parseExisted)
// never saves the BOM: the server keeps the read (its rows and proposed matches) for
// BOM_READ_TTL_MINUTES and answers a preview of it (its first rows, texts cut); further rows
// are paged with bom/reads/{readId}/rows. bom/fromFile {data: {read_id}} saves that read,
// replacing the product's BOM by default, in one transaction (never half a BOM): the rows never
// travel through the browser. A client may also send its own rows as data (a list).
// The endpoints are here; their resources, reads and inputs live in the bom-*.contract files.

import { z } from 'zod';
import {
  BOM_PREVIEW_ROWS,
  MAX_BOM_PAGE_ROWS,
  ParseBomForm,
  ParsedBom,
  ParsedBomRow,
  ParseExistedBomForm,
  ReadWarning,
} from './bom-read.contract.ts';
import { BomRow, BomSuggestion } from './bom-rows.contract.ts';
import {
  AddBomInput,
  BomFromFileInput,
  BomRowUpdate,
  SaveBomsInput,
  SaveSuggestResultsInput,
} from './bom-write.contract.ts';
import { defineEndpoint, jsonBody, multipartBody } from './endpoint.ts';
import { Id, idList, idParam, requiredText } from './fields.ts';
import { PartsSearchRow } from './parts.contract.ts';

export * from './bom-read.contract.ts';
export * from './bom-rows.contract.ts';
export * from './bom-write.contract.ts';

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
