import { HEADER_SEARCH_ROWS } from '@circuits/domain';
import ExcelJS from 'exceljs';
import yauzl from 'yauzl';

// A workbook is a zip: before a spreadsheet library inflates it whole into memory, its declared
// size must be modest (an .xlsx zip bomb would otherwise exhaust the server).
const MAX_WORKBOOK_EXPANDED_BYTES = 64 * 1024 * 1024;

function declaredExpandedBytes(filePath: string): Promise<number> {
  return new Promise((resolve, reject) => {
    yauzl.open(filePath, { lazyEntries: true, autoClose: true }, (error, zip) => {
      if (error) return reject(error);
      let total = 0;
      zip.on('entry', (entry: yauzl.Entry) => {
        total += entry.uncompressedSize;
        zip.readEntry();
      });
      zip.on('end', () => resolve(total));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((run) => run.text).join('');
    if ('text' in value) return String(value.text);
    if ('result' in value) return String(value.result ?? '');
    if (value instanceof Date) return value.toISOString();
  }
  return String(value);
}

/**
 * The first rows of the first sheet of an .xlsx workbook as text cells, or null when the
 * workbook cannot be read (damaged, encrypted, too large expanded).
 */
export async function spreadsheetHeadRows(filePath: string): Promise<string[][] | null> {
  try {
    if ((await declaredExpandedBytes(filePath)) > MAX_WORKBOOK_EXPANDED_BYTES) return null;
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(filePath);
    const sheet = workbook.worksheets[0];
    if (!sheet) return null;
    const rows: string[][] = [];
    for (let number = 1; number <= Math.min(sheet.rowCount, HEADER_SEARCH_ROWS); number++) {
      const values = sheet.getRow(number).values;
      rows.push(Array.isArray(values) ? values.slice(1).map(cellText) : []);
    }
    return rows;
  } catch {
    return null;
  }
}
