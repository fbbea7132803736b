// What every reader answers: the rows it read plus warnings, or one error that says why the file
// cannot be read (which line, what was expected). Readers never throw for bad input.

export type ReadWarning = {
  /** A stable code for the kind of warning (`quantity-mismatch`, `not-a-designator`, ...). */
  type: string;
  /** The line (text) or row (spreadsheet) it is about; null for the whole file. */
  line: number | null;
  message: string;
};

export type ReadErrorType =
  | 'empty'
  | 'not-text'
  | 'spreadsheet'
  | 'unclosed-quote'
  | 'no-header'
  | 'missing-column'
  | 'bad-mapping'
  | 'no-rows'
  | 'bad-value'
  | 'unknown-format'
  /** More rows (or designators, placements) than a reader takes: the limit is named. */
  | 'too-large';

export type ReadError = { type: ReadErrorType; line: number | null; message: string };

export type ReadResult<T> = { ok: true; value: T } | { ok: false; error: ReadError };

export function failure(type: ReadErrorType, message: string, line: number | null = null) {
  return { ok: false as const, error: { type, line, message } };
}

/** "line 12" for text, "row 12 of sheet BOM" for spreadsheets. */
export type LineLabel = (line: number) => string;
