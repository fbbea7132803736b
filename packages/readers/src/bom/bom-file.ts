// What reading a BOM gives: its rows with designators expanded, the columns recognised, the
// options a caller may set and the limits on one file. Shared by the reader's parts and callers.

import type { BomRefDesign } from '@circuits/domain';
import type { RecognisedColumn } from '../columns.ts';
import type { ReadResult, ReadWarning } from '../read-result.ts';
import type { TableSource } from '../table-source.ts';
import type { BomField } from './bom-columns.ts';

/** A supplier's code for the part (a Digi-Key number, an LCSC `C` number). */
export type SupplierPart = { supplier: string | null; partNumber: string };

export type BomFileRow = {
  /** The line (or spreadsheet row) it was read from. */
  line: number;
  /** SPEC §3: the row's designators, each with its do-not-populate flag. */
  refDesign: BomRefDesign[];
  /** As the file says; null when it has no quantity column or the cell is blank. */
  quantity: number | null;
  partNumber: string | null;
  manufacturer: string | null;
  value: string | null;
  footprint: string | null;
  description: string | null;
  supplierParts: SupplierPart[];
  /** Second sources the line names (`Mfg_1`/`PN_1`): other makers' parts that may be fitted. */
  substitutes: { partNumber: string; manufacturer: string | null }[];
};

/** Which column feeds each field; supplier part numbers may come from several. */
export type BomColumnMapping = { [F in BomField]?: number | number[] | null };

export type BomReadOptions = {
  /** Reads this sheet of a spreadsheet instead of the one that looks most like a BOM. */
  sheet?: string;
  /** The line (text) or row (spreadsheet) of the header, instead of the one found. */
  headerLine?: number;
  /** The user's mapping: each field given here replaces what was recognised. */
  mapping?: BomColumnMapping;
  /** A BOM with more lines than this is refused (`too-large`); see MAX_BOM_LINES. */
  maxLines?: number;
};

/** Lines of one BOM, unless the caller says otherwise (the server's BOM_MAX_LINES). */
export const MAX_BOM_LINES = 20_000;
/**
 * Designators of one BOM: ranges (`R1-R9999`) make many of few characters, so they are counted
 * apart from the lines.
 */
export const MAX_BOM_DESIGNATORS = 200_000;
export type BomColumn = RecognisedColumn<BomField> & { supplier: string | null };

export type BomFile = {
  source: TableSource;
  headerLine: number;
  columns: BomColumn[];
  /** True when a column the BOM needs was guessed rather than recognised: ask the user. */
  needsConfirmation: boolean;
  rows: BomFileRow[];
  warnings: ReadWarning[];
};

export type BomReadResult = ReadResult<BomFile>;
