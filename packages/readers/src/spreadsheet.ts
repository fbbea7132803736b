// XLSX and legacy XLS (BIFF8, which Altium's Excel BOM template still writes), read by the
// project's own small readers (xlsx.ts on fflate, xls.ts by hand): pure code that runs in
// browsers, workers and the server alike, and that answers a reason, never a hang, on a damaged
// file.

import { isOdsZip, openOds } from './spreadsheet/ods.ts';
import { openXls } from './spreadsheet/xls.ts';
import { type OpenedSpreadsheet, openXlsx } from './spreadsheet/xlsx.ts';

export type { OpenedSpreadsheet, SheetRows } from './spreadsheet/xlsx.ts';

export type SpreadsheetFormat = 'xlsx' | 'xls' | 'ods';

/**
 * The spreadsheet format from the first bytes, whatever the file's name: a zip that starts with
 * an OpenDocument `mimetype` (ODS), another zip (XLSX, XLSM), or an OLE2 compound file (XLS).
 */
export function sniffSpreadsheet(bytes: Uint8Array): SpreadsheetFormat | null {
  if (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04)
    return isOdsZip(bytes) ? 'ods' : 'xlsx';
  const ole = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
  if (ole.every((byte, i) => bytes[i] === byte)) return 'xls';
  return null;
}

export function openSpreadsheet(bytes: Uint8Array, format: SpreadsheetFormat): OpenedSpreadsheet {
  if (format === 'ods') return openOds(bytes);
  return format === 'xlsx' ? openXlsx(bytes) : openXls(bytes);
}
