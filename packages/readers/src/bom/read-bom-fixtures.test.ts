// Every BOM of ../shared/fixtures/bom (and the limesdr-qpcie assembly BOM) reads right: row
// counts, designators, do-not-populate, a few exact rows and the warnings a user would see.

import { fixturesDir, readBytes, report } from '@circuits/gerber/test-support';
import { describe, expect, it } from 'vitest';
import { type BomFile, type BomFileRow, readBom } from './read-bom.ts';

const fixtures = fixturesDir();

function read(path: string): BomFile {
  const result = readBom(readBytes(`${fixtures}/${path}`));
  if (!result.ok) throw new Error(`${path}: ${result.error.message}`);
  return result.value;
}

const refs = (bom: BomFile) => bom.rows.flatMap((row) => row.refDesign.map((r) => r.refDesign));
const dnp = (bom: BomFile) =>
  bom.rows.flatMap((row) => row.refDesign.filter((r) => r.doNotPopulate).map((r) => r.refDesign));
const rowWith = (bom: BomFile, ref: string): BomFileRow =>
  bom.rows.find((row) => row.refDesign.some((r) => r.refDesign === ref))!;
const fieldsOf = (bom: BomFile) =>
  Object.fromEntries(
    bom.columns.filter((c) => c.field !== null).map((c) => [c.header, c.field] as const),
  );
const warningTypes = (bom: BomFile) => bom.warnings.map((w) => w.type);

function suite() {
  it('Altium XLSX (company template): 72 lines, 495 designators', () => {
    const bom = read('bom/altium_limesdr-xtrx-1v4_BOMr0.xlsx');
    expect(bom.source).toMatchObject({
      kind: 'spreadsheet',
      format: 'xlsx',
      sheet: 'Bill of Components',
    });
    expect(bom.headerLine).toBe(1);
    expect(bom.rows).toHaveLength(72);
    expect(refs(bom)).toHaveLength(495);
    expect(bom.rows.reduce((n, row) => n + row.quantity!, 0)).toBe(495);
    expect(fieldsOf(bom)).toMatchObject({
      Comment: 'value',
      Quantity: 'quantity',
      Designator: 'designator',
      Footprint: 'footprint',
      Manufacturer: 'manufacturer',
      'Manufacturer Part Number 1': 'partNumber',
      'Supplier 1': 'supplier',
      'Supplier Part Number 1': 'supplierPartNumber',
      'Part Description': 'description',
    });
    expect(bom.needsConfirmation).toBe(false);
    expect(rowWith(bom, 'C163')).toEqual({
      line: 3,
      refDesign: ['C2', 'C163', 'C164', 'C167', 'C169'].map((r) => ({
        refDesign: r,
        doNotPopulate: false,
      })),
      quantity: 5,
      partNumber: 'GRM0335C1H220JA01D',
      manufacturer: 'Murata',
      value: '22pF, 50V',
      footprint: 'CAP0201',
      description: '22 pF ±5% 50V Ceramic Capacitor C0G, NP0 0201 (0603 Metric)',
      supplierParts: [{ supplier: 'Digi-Key', partNumber: '490-6123-1-ND' }],
      substitutes: [],
    });
    expect(bom.warnings).toEqual([]);
  });

  it('limesdr-qpcie Altium XLS (BIFF8): 178 lines, 2,025 designators, NF(...) notes read', () => {
    const bom = read('assembly/limesdr-qpcie/LimeSDR-QPCIe_1v2_BOMr1.xls');
    expect(bom.source).toMatchObject({ kind: 'spreadsheet', format: 'xls', sheet: 'BOC' });
    expect(bom.rows).toHaveLength(178);
    expect(refs(bom)).toHaveLength(2025);
    expect(new Set(refs(bom)).size).toBe(2025);
    // "NF(C948)" in the Assembly Info column marks only C948 of its line.
    const line = rowWith(bom, 'C948');
    expect(line.quantity).toBe(14);
    expect(line.partNumber).toBe('C1005C0G1H471J050BA');
    expect(line.refDesign.filter((r) => r.doNotPopulate)).toEqual([
      { refDesign: 'C948', doNotPopulate: true },
    ]);
    // The footer lists every NF element; all of them exist in the rows. Its legend ("*NOTE:
    // NF(R1 R2) means that elements R1 and R2 are unpopulated") marks nothing.
    expect(dnp(bom)).toHaveLength(162);
    expect(rowWith(bom, 'R1').refDesign.find((r) => r.refDesign === 'R1')).toEqual({
      refDesign: 'R1',
      doNotPopulate: false,
    });
    expect(dnp(bom)).toEqual(expect.arrayContaining(['C225', 'MECH1', 'MECH18', 'XO2', 'ESD25']));
    expect(rowWith(bom, 'BATT1')).toMatchObject({
      quantity: 1,
      value: 'CR1220 Battery Holder',
      manufacturer: 'MPD (Memory Protection Devices)',
      partNumber: 'BC501SM',
      footprint: 'CR1220_SMD_holder',
      supplierParts: [{ supplier: 'Digi-Key', partNumber: 'BC501SM-ND' }],
    });
    expect(warningTypes(bom)).toEqual(['footer-ignored']);
    expect(bom.warnings[0]!.message).toMatch(/^Row \d+ of sheet "BOC" to \d+: below the table/);
  });

  for (const [name, path, format] of [
    ['CSV with # preamble', 'bom/eagle-bom-csv-commented_lab11-permamote-c_bom.csv', 'text'],
    ['XLSX', 'bom/eagle-bom-xlsx_lab11-permamote-c_bom.xlsx', 'spreadsheet'],
  ] as const) {
    it(`Eagle bom.ulp (${name}): 51 lines, 93 designators, DNP from the Notes column`, () => {
      const bom = read(path);
      expect(bom.source.kind).toBe(format);
      expect(bom.headerLine).toBe(format === 'text' ? 6 : 1);
      expect(bom.rows).toHaveLength(51);
      expect(refs(bom)).toHaveLength(93);
      expect(dnp(bom)).toEqual(['BT4', 'C33', 'C34', 'R6', 'R7', 'BT1']);
      expect(fieldsOf(bom)).toMatchObject({
        Qty: 'quantity',
        Value: 'value',
        Package: 'footprint',
        Parts: 'designator',
        MPN: 'partNumber',
        MANUFACTURER: 'manufacturer',
        DIGIKEY: 'supplierPartNumber',
        MOUSER: 'supplierPartNumber',
      });
      const first = bom.rows[0]!;
      expect(first.refDesign.map((r) => r.refDesign)).toEqual([
        'C13',
        'C14',
        'C15',
        'C16',
        'C17',
        'C18',
        'C19',
        'C20',
        'C21',
      ]);
      // Trailing spaces of the MPN cells are not part of the number.
      expect(first).toMatchObject({
        quantity: 9,
        value: '0.1uF',
        partNumber: 'GRM155R71C104KA88J',
      });
      expect(rowWith(bom, 'U7')).toMatchObject({
        manufacturer: 'MAXIM INTEGRATED',
        partNumber: 'MAX17222ELT+T',
        supplierParts: [{ supplier: 'Digi-Key', partNumber: 'MAX17222ELT+TCT-ND' }],
      });
      expect(bom.warnings).toEqual([]);
    });
  }

  it('KiBot JLCPCB BOM: no quantity column, LCSC codes', () => {
    const bom = read('bom/jlcpcb-bom_kibot-jlc-testcase_bom_jlc.csv');
    expect(bom.rows).toHaveLength(10);
    expect(refs(bom)).toHaveLength(59);
    expect(bom.rows[1]).toEqual({
      line: 3,
      refDesign: Array.from({ length: 10 }, (_, i) => ({
        refDesign: `D${i + 1}`,
        doNotPopulate: false,
      })),
      quantity: null,
      partNumber: null,
      manufacturer: null,
      value: '1N4148W',
      footprint: 'D_SOD-123',
      description: null,
      supplierParts: [{ supplier: 'LCSC', partNumber: 'C81598' }],
      substitutes: [],
    });
    expect(bom.warnings).toEqual([]);
  });

  it('PolymorphicBlocks JLCPCB BOM: the quantity 16 against 7 designators is flagged, not fixed', () => {
    const bom = read('bom/jlcpcb-bom_polymorphicblocks-bldc_jlc.csv');
    expect(bom.rows).toHaveLength(46);
    expect(refs(bom)).toHaveLength(88);
    const testPoints = rowWith(bom, 'TP7');
    expect(testPoints.quantity).toBe(16);
    expect(testPoints.refDesign).toHaveLength(7);
    expect(bom.warnings).toEqual([
      {
        type: 'quantity-mismatch',
        line: 3,
        message:
          'Line 3: the quantity is 16 but the row lists 7 designators (TP1, TP2, TP7, TP8, TP9, TP10, TP11). Both are kept as written.',
      },
    ]);
    expect(rowWith(bom, 'R16')).toMatchObject({
      quantity: 3,
      footprint: 'R_0603_1608Metric',
      supplierParts: [{ supplier: 'LCSC', partNumber: 'C21190' }],
    });
    expect(rowWith(bom, 'H1').supplierParts).toEqual([]);
  });

  it('KiCad pcbnew semicolon BOM: LCSC codes in "Designation" found by their content', () => {
    const bom = read('bom/kicad-pcbnew-bom-semicolon_polymorphicblocks-bldc.csv');
    expect(bom.source).toMatchObject({ kind: 'text', delimiter: ';' });
    expect(bom.rows).toHaveLength(46);
    expect(refs(bom)).toHaveLength(97);
    const designation = bom.columns.find((c) => c.header === 'Designation')!;
    expect(designation).toMatchObject({
      field: 'supplierPartNumber',
      basis: 'content',
      confidence: 'medium',
    });
    expect(bom.needsConfirmation).toBe(true);
    expect(rowWith(bom, 'TP14').refDesign).toHaveLength(16);
    expect(rowWith(bom, 'TP14')).toMatchObject({
      quantity: 16,
      supplierParts: [{ supplier: 'LCSC', partNumber: 'C238130' }],
    });
    expect(bom.warnings).toEqual([]);
  });

  it('KiBoM CSV: sub-part designators, the statistics footer left out', () => {
    const bom = read('bom/kibom-csv_kibot-subparts-bom.csv');
    expect(bom.rows).toHaveLength(10);
    expect(refs(bom)).toEqual([
      'HS1',
      'Q1#2',
      'J1#3',
      'J1#2',
      'J1#4',
      'J1#5',
      'J1#1',
      'Q2',
      'Q1#1',
      'R1',
      'R4',
      'R5',
      'R2',
      'R3',
    ]);
    expect(rowWith(bom, 'R4')).toMatchObject({
      quantity: 7,
      manufacturer: 'Bourns',
      partNumber: 'CR0603-J/-000ELF',
      supplierParts: [{ supplier: 'Digi-Key', partNumber: 'CR0603-J/-000ELFCT-ND' }],
    });
    expect(warningTypes(bom)).toEqual([
      'quantity-mismatch',
      'quantity-mismatch',
      'quantity-mismatch',
      'footer-ignored',
    ]);
    expect(bom.warnings.at(-1)!.message).toBe(
      'Line 17 to 22: below the table, no designators; not read as parts.',
    );
  });

  it('KiCad grouped BOM script: title block skipped, shifted columns realigned, DNP notes', () => {
    const bom = read('bom/kicad-bom-scripts-grouped_hackrf-one.bom.csv');
    expect(bom.headerLine).toBe(15);
    expect(bom.rows).toHaveLength(167);
    // The title block says "Total Parts,417".
    expect(refs(bom)).toHaveLength(417);
    expect(bom.rows[0]!.refDesign).toHaveLength(29);
    expect(bom.rows[0]).toMatchObject({
      quantity: 29,
      value: '33pF',
      footprint: 'hackrf:GSG-0402',
      description: 'CAP CER 33PF 50V 5% NP0 0402',
      manufacturer: 'Murata',
      partNumber: 'GRM1555C1H330JA01D',
    });
    expect(warningTypes(bom)).toEqual(['columns-shifted']);
    expect(rowWith(bom, 'C68').refDesign.every((r) => r.doNotPopulate)).toBe(true);
    expect(rowWith(bom, 'C1').refDesign.some((r) => r.doNotPopulate)).toBe(false);
    expect(dnp(bom)).toHaveLength(109);
  });

  it('KiCad eeschema legacy BOM: one designator per line, unnamed fields guessed', () => {
    const bom = read('bom/kicad-eeschema-legacy-semicolon_hackrf-one-bom.csv');
    expect(bom.rows).toHaveLength(414);
    expect(new Set(refs(bom)).size).toBe(414);
    expect(fieldsOf(bom)).toEqual({
      ref: 'designator',
      value: 'value',
      Field1: 'manufacturer',
      Field2: 'partNumber',
      Field3: 'description',
    });
    // Guessed from the cells, so the user is asked to confirm.
    expect(bom.needsConfirmation).toBe(true);
    expect(bom.columns.find((c) => c.header === 'Field1')).toMatchObject({
      basis: 'content',
      confidence: 'low',
    });
    expect(rowWith(bom, 'C14')).toMatchObject({
      value: '8p2',
      manufacturer: 'Taiyo Yuden',
      partNumber: 'UMK105CG8R2DV-F',
    });
    expect(rowWith(bom, 'J4').refDesign[0]!.doNotPopulate).toBe(true);
    expect(rowWith(bom, 'C155').refDesign[0]!.doNotPopulate).toBe(true);
    expect(rowWith(bom, 'C1').refDesign[0]!.doNotPopulate).toBe(false);
  });

  it('KiCost priced BOM: header under a group row, supplier codes named by their group', () => {
    const bom = read('bom/kicost-enriched-csv_kibot-kibom-variant_2c-bom_dnf.csv');
    expect(bom.headerLine).toBe(11);
    expect(bom.rows).toHaveLength(1);
    expect(bom.rows[0]).toMatchObject({
      line: 12,
      refDesign: [
        { refDesign: 'C1', doNotPopulate: false },
        { refDesign: 'C2', doNotPopulate: false },
      ],
      quantity: null,
      value: '1nF',
      manufacturer: 'Samsung',
      partNumber: 'CL10B102KC8NNNC',
    });
    expect(bom.rows[0]!.supplierParts).toEqual(
      expect.arrayContaining([
        { supplier: 'Digi-Key', partNumber: '1276-1131-2-ND' },
        { supplier: 'LCSC', partNumber: 'C153291' },
        { supplier: 'Mouser', partNumber: '187-CL10B102KC8NNNC' },
      ]),
    );
    expect(warningTypes(bom)).toEqual(['footer-ignored']);
  });
}

if (fixtures === null) {
  report('BOM fixture suite skipped: ../shared/fixtures not found (set FIXTURES_DIR)');
  it.skip('real BOM fixtures (need ../shared/fixtures)', () => {});
} else {
  describe('real BOM exports', suite);
}
