import { HEADER_SEARCH_ROWS } from '@circuits/domain';
import type { TableReader } from '../tables/table-reader.ts';

// The first rows of an uploaded spreadsheet, to tell a BOM from a placement file. Read in the
// table workers (modules/tables), within their time and memory limits and the readers' limits
// on what a workbook may expand to: an upload is never inflated or parsed on the request thread.

/** The first rows of a workbook's first sheet with a BOM or placement header (else its first
 * sheet), dense: empty cells are ''; null when it is not a workbook that can be read. */
export type SpreadsheetHeads = (file: {
  fileName: string;
  path: string;
}) => Promise<string[][] | null>;

/**
 * A workbook larger than this cannot expand within the readers' limits (WORKBOOK_LIMITS): it is
 * classified by its name, without being read.
 */
const MAX_SNIFFED_BYTES = 64 * 1024 * 1024;

export function spreadsheetHeads(tables: TableReader): SpreadsheetHeads {
  return (file) =>
    tables.headRows(
      {
        source: { path: file.path, maxBytes: MAX_SNIFFED_BYTES },
        fileName: file.fileName,
        field: 'files',
      },
      HEADER_SEARCH_ROWS,
    );
}
