import { describe, expect, it } from 'vitest';
import { encodeUtf8 } from '../text/decode.ts';
import { type BomFile, type BomReadOptions, readBom } from './read-bom.ts';

const bytes = (text: string) => encodeUtf8(text);
function ok(input: string | Uint8Array, options?: BomReadOptions): BomFile {
  const result = readBom(typeof input === 'string' ? bytes(input) : input, options);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}
const refsOf = (bom: BomFile) =>
  bom.rows.map((row) =>
    row.refDesign.map((r) => (r.doNotPopulate ? `${r.refDesign}*` : r.refDesign)).join(' '),
  );

describe('readBom: delimiters and encodings', () => {
  const table =
    'Designator,Qty,MPN,Manufacturer\nR1-R3,3,RC0402FR-0710KL,Yageo\nC1,1,GRM155,Murata\n';

  it('reads comma, semicolon, tab and pipe separated files the same way', () => {
    for (const delimiter of [',', ';', '\t', '|']) {
      const bom = ok(table.replaceAll(',', delimiter));
      expect(bom.source).toMatchObject({ kind: 'text', delimiter });
      expect(refsOf(bom)).toEqual(['R1 R2 R3', 'C1']);
      expect(bom.rows[0]).toMatchObject({
        quantity: 3,
        partNumber: 'RC0402FR-0710KL',
        manufacturer: 'Yageo',
      });
    }
  });

  it('reads UTF-8 with and without a byte-order mark, Windows-1252 and UTF-16', () => {
    const text = 'Reference;Value;Description\nR1;4k7;Résistance 4,7 kΩ ±1 %\n';
    const utf8 = bytes(text);
    expect(ok(utf8).source).toMatchObject({ encoding: 'utf-8' });
    const withMark = ok(Uint8Array.from([0xef, 0xbb, 0xbf, ...utf8]));
    expect(withMark.source).toMatchObject({ encoding: 'utf-8-bom' });
    expect(withMark.rows[0]!.description).toBe('Résistance 4,7 kΩ ±1 %');
    // Windows-1252 has no Ω; a tool writing it would write something else.
    const cp1252 = Uint8Array.from(
      [...'Reference;Value;Description\nR1;4k7;Résistance ±1 % – €2\n'].map((c) =>
        c === '–' ? 0x96 : c === '€' ? 0x80 : c.charCodeAt(0),
      ),
    );
    const western = ok(cp1252);
    expect(western.source).toMatchObject({ encoding: 'windows-1252' });
    expect(western.rows[0]!.description).toBe('Résistance ±1 % – €2');
    const utf16 = new Uint8Array(2 + text.length * 2);
    utf16.set([0xff, 0xfe]);
    for (let i = 0; i < text.length; i += 1) {
      utf16[2 + i * 2] = text.charCodeAt(i) & 0xff;
      utf16[3 + i * 2] = text.charCodeAt(i) >> 8;
    }
    const wide = ok(utf16);
    expect(wide.source).toMatchObject({ encoding: 'utf-16le' });
    expect(wide.rows[0]!.description).toBe('Résistance 4,7 kΩ ±1 %');
  });

  it('finds the header below banners and comment lines, and names lines from the file', () => {
    const bom = ok(
      '# exported by hand\n"Project: demo",,\n\nItem,Quantity,Reference,Part Number\n1,2,"R1, R2",ERJ-2\n',
    );
    expect(bom.headerLine).toBe(4);
    expect(bom.rows[0]).toMatchObject({ line: 5, quantity: 2, partNumber: 'ERJ-2' });
  });
});

describe('readBom: designators and do-not-populate', () => {
  it('expands ranges and per-board suffixes', () => {
    const bom = ok('Designator,Qty\n"R1-R4, R7 R9",6\n"C9_MB, C10_MB",2\n');
    expect(refsOf(bom)).toEqual(['R1 R2 R3 R4 R7 R9', 'C9_MB C10_MB']);
    expect(bom.warnings).toEqual([]);
  });

  it('reads DNP, DNF, NF and the like in any column, and NF(...) for some designators', () => {
    const bom = ok(
      [
        'Designator,Value,Notes',
        'R1,10k,DNP',
        'R2,10k,dnf',
        'R3,NF,',
        'R4,10k DNP,',
        'R5 R6,10k,Do not populate',
        '"C1, C2, C3",1u,NF(C2)',
        'C4,1u,',
        'U1(DNP) U2,MCU,',
      ].join('\n'),
    );
    expect(refsOf(bom)).toEqual([
      'R1*',
      'R2*',
      'R3*',
      'R4*',
      'R5* R6*',
      'C1 C2* C3',
      'C4',
      'U1* U2',
    ]);
  });

  it('reads a "Fitted" column (no = not fitted) and a "DNP" column (yes = not fitted)', () => {
    const fitted = ok('Ref,Fitted\nR1,Yes\nR2,No\nR3,\nR4,Not Fitted\nR5,maybe\n');
    expect(refsOf(fitted)).toEqual(['R1', 'R2*', 'R3', 'R4*', 'R5']);
    expect(fitted.warnings.map((w) => w.message)).toEqual([
      'Line 6: "maybe" in the column "Fitted" is neither yes nor no; the part is taken as fitted.',
    ]);
    const dnp = ok('Ref,DNP\nR1,x\nR2,\nR3,yes\n');
    expect(refsOf(dnp)).toEqual(['R1*', 'R2', 'R3*']);
  });

  it('applies an NF(...) note below the table to the rows that list those designators', () => {
    const bom = ok('Ref,Qty\n"R1, R2",2\nC1,1\n\n"NF(R2 C1 X9)",\n');
    expect(refsOf(bom)).toEqual(['R1 R2*', 'C1*']);
    expect(bom.warnings.map((w) => w.type)).toEqual(['footer-ignored', 'dnp-unknown-designator']);
    expect(bom.warnings[1]!.message).toBe('Line 5: marked do-not-populate, but no row lists X9.');
  });

  it('flags a quantity that disagrees with the designators, keeping both', () => {
    const bom = ok('Ref,Qty\n"R1, R2",3\nR3,1 pcs\nR4,lots\n');
    expect(bom.rows.map((row) => row.quantity)).toEqual([3, 1, null]);
    expect(bom.warnings.map((w) => w.message)).toEqual([
      'Line 2: the quantity is 3 but the row lists 2 designators (R1, R2). Both are kept as written.',
      'Line 4: the quantity "lots" is not a number; it was left empty.',
    ]);
  });

  it('names designators that are not designators, and duplicates', () => {
    const bom = ok('Ref,Qty\n"R1, 22",2\nR1,1\n');
    expect(bom.warnings.map((w) => w.message)).toEqual([
      'Line 2: "22" in the designator column is not a designator (expected a letter prefix and a number, such as R12); it was left out.',
      'Line 2: the quantity is 2 but the row lists 1 designator (R1). Both are kept as written.',
      'R1 is listed more than once (line 2, line 3).',
    ]);
  });

  it('keeps a part without designators, with a warning', () => {
    const bom = ok('Ref,Qty,MPN\nR1,1,ERJ\n,2,SCREW-M3\n');
    expect(bom.rows[1]).toMatchObject({ refDesign: [], quantity: 2, partNumber: 'SCREW-M3' });
    expect(bom.warnings[0]!.message).toBe(
      'Line 3: the row lists no designators (SCREW-M3); it is kept, but nothing can be placed for it.',
    );
  });
});

describe('readBom: columns and the user mapping', () => {
  it('gives each column a confidence, asking to confirm guesses', () => {
    const bom = ok('Designator,Comment,Device,Stuff\nR1,10k,RES_0402,RC0402FR-0710KL\n');
    expect(bom.columns.map((c) => [c.header, c.field, c.confidence])).toEqual([
      ['Designator', 'designator', 'high'],
      ['Comment', 'value', 'high'],
      ['Device', 'partNumber', 'low'],
      ['Stuff', null, null],
    ]);
    expect(bom.needsConfirmation).toBe(true);
  });

  it('applies the user mapping over what was recognised', () => {
    const bom = ok('Designator,Comment,Device,Stuff\nR1,10k,RES_0402,RC0402FR-0710KL\n', {
      mapping: { partNumber: 3, footprint: 2 },
    });
    expect(bom.rows[0]).toMatchObject({ partNumber: 'RC0402FR-0710KL', footprint: 'RES_0402' });
    expect(bom.columns[3]).toMatchObject({
      field: 'partNumber',
      basis: 'user',
      confidence: 'high',
    });
    expect(bom.needsConfirmation).toBe(false);
    const none = ok('Designator,Comment\nR1,10k\n', { mapping: { value: null } });
    expect(none.rows[0]!.value).toBe(null);
  });

  it('reads from the header line the user names', () => {
    const bom = ok('a,b\nRef,Qty\nR1,1\nR2,1\n', { headerLine: 3, mapping: { designator: 0 } });
    expect(refsOf(bom)).toEqual(['R2']);
  });
});

describe('readBom: files it cannot read say why', () => {
  const error = (input: string | Uint8Array, options?: BomReadOptions) => {
    const result = readBom(typeof input === 'string' ? bytes(input) : input, options);
    if (result.ok) throw new Error('expected an error');
    return result.error;
  };

  it('empty, binary, headerless, unclosed quotes, no rows, bad mappings', () => {
    expect(error(new Uint8Array())).toEqual({
      type: 'empty',
      line: null,
      message: 'The file is empty.',
    });
    expect(error(Uint8Array.from([1, 2, 0, 4, 5, 6, 7, 8, 9, 0]))).toMatchObject({
      type: 'not-text',
    });
    expect(error('hello\nworld\n')).toMatchObject({ type: 'no-header' });
    expect(error('Ref,Qty\nR1,"1\nR2,2\n')).toEqual({
      type: 'unclosed-quote',
      line: 2,
      message:
        'Line 2: a cell opens a double quote (") that is never closed, so the rest of the file would fall into that cell. Expected a closing quote before the end of the cell.',
    });
    expect(error('Qty,MPN,Value\n1,ERJ,10k\n')).toEqual({
      type: 'missing-column',
      line: 1,
      message:
        'Line 1: no column of designators among "Qty", "MPN", "Value". Expected one named "Designator", "Reference", "RefDes" or "Parts"; choose it in the column mapping.',
    });
    expect(error('Ref,Qty\n\n\n')).toMatchObject({ type: 'no-rows', line: 1 });
    expect(error('Ref,Qty\nR1,1\n', { mapping: { partNumber: 7 } })).toEqual({
      type: 'bad-mapping',
      line: null,
      message: 'The mapping puts "partNumber" in column 8, but the table has 2 columns.',
    });
    expect(error('PK\u0003\u0004garbage')).toMatchObject({ type: 'spreadsheet' });
  });
});

describe('readBom: what the tools of the assembly corpus write', () => {
  it('a legend below the table marks nothing; a real NF list does', () => {
    const bom = ok(
      [
        'Designator,Qty,Value,Assembly Info',
        '"R1,R2,R3",3,10k,NF(R3)',
        '',
        ',,,*NOTE: NF(R1 R2) means that elements R1 and R2 are unpopulated (NF)',
      ].join('\n'),
    );
    expect(refsOf(bom)).toEqual(['R1 R2 R3*']);
  });

  it('an assembly column that says how the part is mounted is not do-not-populate', () => {
    const bom = ok(
      'Reference,Quantity,Value,Assembly\nR1,1,10k,SMT\nJ1,1,HDR,THT\nC1,1,1u,Mount\n',
    );
    expect(refsOf(bom)).toEqual(['R1', 'J1', 'C1']);
    expect(bom.warnings).toEqual([]);
  });

  it('notes and section titles are no parts ("No DNP components", "Only for procurement")', () => {
    const bom = ok(
      [
        'Item,Quantity,Reference,Part Number',
        '1,1,C20,C1005X7R1E104K050BB',
        ',Note,No DNP components,',
        ',Only for procurement,,',
        '2,8,A3-A10,4-881545-2',
      ].join('\n'),
    );
    expect(refsOf(bom)).toEqual(['C20', 'A3 A4 A5 A6 A7 A8 A9 A10']);
  });

  it('Olimex NS(...) in the designation is a part not stuffed', () => {
    const bom = ok('Quantity;Designation;Package;Designator\n2;NS(HN1x10);HN1x10;EXT1,EXT2\n');
    expect(refsOf(bom)).toEqual(['EXT1* EXT2*']);
  });

  it('gEDA: the header written as a comment keeps its quantity column', () => {
    const bom = ok(
      '# PcbBOM Version 1.0\n# Quantity, Description, Value, RefDes\n4,"Conn","4-Pin","D/A/J1 D/Z/J1 D/Y/J1 D/X/J1 "\n',
    );
    expect(bom.rows[0]).toMatchObject({ quantity: 4, value: '4-Pin' });
    expect(refsOf(bom)).toEqual(['D/A/J1 D/Z/J1 D/Y/J1 D/X/J1']);
  });

  it('EasyEDA: "Name" is the value; LCSC codes are the supplier part', () => {
    const bom = ok(
      'ID\tName\tDesignator\tFootprint\tQuantity\tManufacturer Part\tSupplier\tSupplier Part\n1\t33Ω\tR2,R3\tR0402\t2\t0402WGF330JTCE\tLCSC\tC25105\n',
    );
    expect(bom.rows[0]).toMatchObject({
      value: '33Ω',
      partNumber: '0402WGF330JTCE',
      supplierParts: [{ supplier: 'LCSC', partNumber: 'C25105' }],
    });
  });

  it('Digi-Key numbers (…-ND) are supplier codes whatever the header, and PARTNO the MPN', () => {
    const bom = ok('Qty,Ref Des,Value,DK,PARTNO\n2,"C1, C7",0.1uF,1292-1639-1-ND,0402X104K100CT\n');
    expect(bom.rows[0]).toMatchObject({
      partNumber: '0402X104K100CT',
      supplierParts: [{ supplier: 'Digi-Key', partNumber: '1292-1639-1-ND' }],
    });
  });

  it('KiCad grouped-by-value script: the collated table is read, not the individual one', () => {
    const bom = ok(
      [
        '"Source:","board.sch"',
        '"Component Count:","3"',
        '',
        '"Individual Components:"',
        '',
        '"Item","Qty","Reference(s)","Value","Footprint"',
        '"","","C1","10nF","C_0201"',
        '"","","C2","10nF","C_0201"',
        '"","","R1","1k","R_0402"',
        '',
        '',
        '"Collated Components:"',
        '',
        '"Item","Qty","Reference(s)","Value","Footprint"',
        '"1","2","C1, C2","10nF","C_0201"',
        '"2","1","R1","1k","R_0402"',
      ].join('\n'),
    );
    expect(bom.headerLine).toBe(14);
    expect(refsOf(bom)).toEqual(['C1 C2', 'R1']);
    expect(bom.rows[0]!.quantity).toBe(2);
  });
});
