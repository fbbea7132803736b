import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readBom } from '../bom/read-bom.ts';
import { openXls } from './xls.ts';
import { formatNumber, openXlsx } from './xlsx.ts';

// A workbook as Excel writes one: shared strings (one rich, one with an entity), an inline
// string, numbers, a skipped row and a second sheet.
function workbook(): Uint8Array {
  return zipSync({
    '[Content_Types].xml': strToU8('<Types/>'),
    'xl/workbook.xml': strToU8(
      '<workbook><sheets><sheet name="Notes" sheetId="1" r:id="rId2"/><sheet name="BOM &amp; parts" sheetId="2" r:id="rId1"/></sheets></workbook>',
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      '<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Target="/xl/worksheets/sheet2.xml"/></Relationships>',
    ),
    'xl/sharedStrings.xml': strToU8(
      '<sst><si><t>Designator</t></si><si><t>Qty</t></si><si><r><t>Manufacturer </t></r><r><t>Part Number</t></r></si><si><t xml:space="preserve">R1, R2 &amp; R3</t></si></sst>',
    ),
    'xl/worksheets/sheet1.xml': strToU8(
      [
        '<worksheet><sheetData>',
        '<row r="1"><c r="A1" t="inlineStr"><is><t>Made by a template</t></is></c></row>',
        '<row r="3"><c r="A3" t="s"><v>0</v></c><c r="B3" t="s"><v>1</v></c><c r="D3" t="s"><v>2</v></c></row>',
        '<row r="4"><c r="A4" t="s"><v>3</v></c><c r="B4"><v>3</v></c><c r="D4" t="str"><v>RC0402&lt;10K&gt;</v></c></row>',
        '<row r="5"><c r="A5" t="inlineStr"><is><t>C1</t></is></c><c r="B5"><v>0.30000000000000004</v></c><c r="D5"><v>74437324220</v></c></row>',
        '</sheetData></worksheet>',
      ].join(''),
    ),
    'xl/worksheets/sheet2.xml': strToU8(
      '<worksheet><sheetData><row r="1"><c r="A1" t="b"><v>1</v></c></row></sheetData></worksheet>',
    ),
  });
}

describe('XLSX reader', () => {
  it('reads sheets, shared and inline strings, numbers and gaps as the spreadsheet shows them', () => {
    const opened = openXlsx(workbook());
    if (!opened.ok) throw new Error(opened.reason);
    expect(opened.sheets.map((sheet) => sheet.name)).toEqual(['Notes', 'BOM & parts']);
    expect(opened.sheets[0]!.rows).toEqual([{ cells: ['TRUE'], line: 1 }]);
    expect(opened.sheets[1]!.rows).toEqual([
      { cells: ['Made by a template'], line: 1 },
      { cells: [], line: 2 },
      { cells: ['Designator', 'Qty', '', 'Manufacturer Part Number'], line: 3 },
      { cells: ['R1, R2 & R3', '3', '', 'RC0402<10K>'], line: 4 },
      { cells: ['C1', '0.3', '', '74437324220'], line: 5 },
    ]);
  });

  it('the BOM reader picks the sheet that holds a BOM and names its rows', () => {
    const result = readBom(workbook());
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.source).toEqual({
      kind: 'spreadsheet',
      format: 'xlsx',
      sheet: 'BOM & parts',
      sheets: ['Notes', 'BOM & parts'],
    });
    expect(result.value.headerLine).toBe(3);
    expect(result.value.rows[0]).toMatchObject({ line: 4, quantity: 3, partNumber: 'RC0402<10K>' });
    expect(result.value.warnings[1]!.message).toMatch(
      /^Row 5 of sheet "BOM & parts": the quantity is 0.3/,
    );
  });

  it('a damaged or foreign file gives a reason', () => {
    expect(openXlsx(strToU8('PK\u0003\u0004 not really a zip'))).toMatchObject({ ok: false });
    expect(openXlsx(zipSync({ 'word/document.xml': strToU8('<w/>') }))).toEqual({
      ok: false,
      reason: 'it has no workbook (xl/workbook.xml), so it is not an XLSX file',
    });
    expect(openXls(new Uint8Array(600))).toMatchObject({ ok: false });
  });

  it('formats numbers as a General cell shows them', () => {
    expect([
      formatNumber(12),
      formatNumber(0.1 + 0.2),
      formatNumber(1e21),
      formatNumber(Number.NaN),
    ]).toEqual(['12', '0.3', '1e+21', '']);
  });
});
