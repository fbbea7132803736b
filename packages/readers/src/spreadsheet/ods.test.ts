import { strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readBom } from '../bom/read-bom.ts';
import { sniffSpreadsheet } from '../spreadsheet.ts';
import { deflatedEntry, rawZip } from '../test-support/hostile-files.ts';
import { ODS_MIMETYPE, openOds } from './ods.ts';

// ODS as LibreOffice writes it: a stored `mimetype` first, then content.xml with runs of equal
// rows and cells folded into repeat counts, several paragraphs per cell, numbers in attributes.

const cell = (text: string, repeat = 1) =>
  `<table:table-cell${repeat > 1 ? ` table:number-columns-repeated="${repeat}"` : ''} office:value-type="string"><text:p>${text}</text:p></table:table-cell>`;
const number = (value: number, shown: string) =>
  `<table:table-cell office:value-type="float" office:value="${value}"><text:p>${shown}</text:p></table:table-cell>`;
const empty = (repeat = 1) => `<table:table-cell table:number-columns-repeated="${repeat}"/>`;

function ods(tables: string): Uint8Array {
  return rawZip([
    { name: 'mimetype', data: strToU8(ODS_MIMETYPE), method: 0, declaredSize: ODS_MIMETYPE.length },
    deflatedEntry(
      'content.xml',
      `<?xml version="1.0"?><office:document-content><office:body><office:spreadsheet>${tables}</office:spreadsheet></office:body></office:document-content>`,
    ),
  ]);
}

const BOM = ods(
  `<table:table table:name="BOM(WROVER)">` +
    `<table:table-row>${cell('Olimex BOM')}${empty(1023)}</table:table-row>` +
    `<table:table-row>${cell('Quantity')}${cell('Designation')}${cell('Package')}${cell('Designator')}</table:table-row>` +
    `<table:table-row>${number(7, '7.00')}${cell('10k/1%')}${cell('R0402')}<table:table-cell office:value-type="string"><text:p>R5,R8,R14,R15,</text:p><text:p>R31,R35,R41</text:p></table:table-cell></table:table-row>` +
    `<table:table-row table:number-rows-repeated="3">${empty(1024)}</table:table-row>` +
    `<table:table-row>${number(1, '1')}${cell('NS(HN1x10)')}${cell('HN1x10')}${cell('EXT1')}</table:table-row>` +
    `<table:table-row table:number-rows-repeated="1048570">${empty(1024)}</table:table-row>` +
    `</table:table><table:table table:name="Empty"/>`,
);

describe('ODS spreadsheets', () => {
  it('is told from XLSX by its bytes', () => {
    expect(sniffSpreadsheet(BOM)).toBe('ods');
  });

  it('reads cells, numbers as stored, multi-line cells and repeats, without the empty tail', () => {
    const opened = openOds(BOM);
    expect(opened.ok).toBe(true);
    if (!opened.ok) return;
    expect(opened.sheets.map((sheet) => sheet.name)).toEqual(['BOM(WROVER)', 'Empty']);
    const rows = opened.sheets[0]!.rows;
    expect(rows).toHaveLength(7);
    expect(rows[0]!.cells).toEqual(['Olimex BOM']);
    expect(rows[2]!.cells).toEqual(['7', '10k/1%', 'R0402', 'R5,R8,R14,R15,\nR31,R35,R41']);
    expect(rows[6]).toEqual({ cells: ['1', 'NS(HN1x10)', 'HN1x10', 'EXT1'], line: 7 });
  });

  it('is read as a BOM', () => {
    const bom = readBom(BOM);
    expect(bom.ok).toBe(true);
    if (!bom.ok) return;
    expect(bom.value.source).toMatchObject({ kind: 'spreadsheet', format: 'ods' });
    expect(bom.value.rows[0]!.refDesign.map((ref) => ref.refDesign)).toEqual([
      'R5',
      'R8',
      'R14',
      'R15',
      'R31',
      'R35',
      'R41',
    ]);
  });

  it('refuses, at once, repeats that would expand past the cell limit', () => {
    const hostile = ods(
      `<table:table table:name="x"><table:table-row table:number-rows-repeated="1000000">${cell('R1', 100000)}</table:table-row></table:table>`,
    );
    const started = Date.now();
    const opened = openOds(hostile);
    expect(opened).toEqual({
      ok: false,
      reason: 'its sheets hold more than 4,000,000 cells (the most a workbook may hold)',
    });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('says why a zip without content.xml is no spreadsheet', () => {
    const broken = rawZip([
      {
        name: 'mimetype',
        data: strToU8(ODS_MIMETYPE),
        method: 0,
        declaredSize: ODS_MIMETYPE.length,
      },
    ]);
    expect(openOds(broken)).toEqual({
      ok: false,
      reason: 'it has no content.xml, so it is not an ODS spreadsheet',
    });
  });
});
