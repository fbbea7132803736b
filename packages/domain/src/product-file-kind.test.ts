import { describe, expect, it } from 'vitest';
import {
  guessTableKind,
  headRowsOfText,
  splitDelimitedLine,
  tableKindOfName,
  tableKindOfRows,
} from './product-file-kind.ts';

describe('splitDelimitedLine', () => {
  it('splits on the delimiter that occurs most outside quotes', () => {
    expect(splitDelimitedLine('a,"b, c",d')).toEqual(['a', 'b, c', 'd']);
    expect(splitDelimitedLine('"Id";"Designator";"x,y";')).toEqual(['Id', 'Designator', 'x,y', '']);
    expect(splitDelimitedLine('ref\tvalue\tqty')).toEqual(['ref', 'value', 'qty']);
    expect(splitDelimitedLine('"say ""hi""",2')).toEqual(['say "hi"', '2']);
  });

  it('splits column-aligned text on runs of white space', () => {
    expect(splitDelimitedLine('R94        "15R 1%"   BottomLayer  8.2780')).toEqual([
      'R94',
      '15R 1%',
      'BottomLayer',
      '8.2780',
    ]);
  });
});

describe('tableKindOfRows', () => {
  const kindOf = (text: string) => tableKindOfRows(headRowsOfText(text))?.kind ?? null;

  it('finds a BOM header below a title block', () => {
    const text = 'Title,Demo\nTotal Parts,3\n\nRef,Value,Footprint,Qty\nC1 C2,1uF,0402,2\n';
    expect(tableKindOfRows(headRowsOfText(text))).toEqual({
      kind: 'bom',
      reason: 'header row 4 has designator, quantity, value, footprint columns',
    });
  });

  it('takes designator plus coordinates and rotation or side as a placement header', () => {
    expect(kindOf('Ref,Val,Package,PosX,PosY,Rot,Side\nC1,1u,0402,1,2,90,top')).toBe('placement');
    expect(kindOf('RefDes,Layer,LocationX,LocationY,Rotation\n')).toBe('placement');
    expect(kindOf('"Designator","Layer","Center-X(mm)","Center-Y(mm)","Rotation"')).toBe(
      'placement',
    );
    expect(kindOf('Designator Footprint  Mid X  Mid Y  TB  Rotation Comment')).toBe('placement');
  });

  it('does not take a table with coordinates for a BOM', () => {
    expect(kindOf('Ref,Value,X,Y\nC1,1u,1,2')).toBeNull();
  });

  it('recognises header-less placement rows', () => {
    const rows =
      'C1 43.82 17.46 270 10u 0603-B\nC3 46.99 20.00 180 1n 0402-C\nR5 -1 2.5 0 10k 0402\n';
    expect(kindOf(rows)).toBe('placement');
    expect(kindOf('C1 43.82 17.46 270 10u\nhello world\nC3 1 2 3')).toBeNull();
  });

  it('reads spreadsheet rows with holes (an empty cell before a filled one)', () => {
    // Rows read from XLSX keep the holes of empty cells: the words of the others still count.
    const header: string[] = [];
    header[1] = 'Designator';
    header[3] = 'Qty';
    header[4] = 'Value';
    const row: string[] = [];
    row[1] = 'R1';
    expect(tableKindOfRows([[], header, row])?.kind).toBe('bom');
    expect(tableKindOfRows([row, row, row])).toBeNull();
  });

  it('answers null for other tables and text', () => {
    expect(kindOf('name,email\nAda,ada@example.com')).toBeNull();
    expect(kindOf('')).toBeNull();
  });
});

describe('tableKindOfName and guessTableKind', () => {
  it('reads BOM and placement names', () => {
    expect(tableKindOfName('board-BOM.csv')?.kind).toBe('bom');
    expect(tableKindOfName('Bill of Materials.xlsx')?.kind).toBe('bom');
    expect(tableKindOfName('board-top-pos.csv')?.kind).toBe('placement');
    expect(tableKindOfName('Pick Place for board.txt')?.kind).toBe('placement');
    expect(tableKindOfName('axiom.mnb')?.kind).toBe('placement');
    expect(tableKindOfName('bomber.csv')).toBeNull();
    expect(tableKindOfName('notes.txt')).toBeNull();
  });

  it('lets the content decide over the name', () => {
    const rows = headRowsOfText('Ref,Value,Qty\nC1,1u,1');
    expect(guessTableKind('positions.csv', rows)?.kind).toBe('bom');
    expect(guessTableKind('bom.xls', null)?.kind).toBe('bom');
    expect(guessTableKind('bom.csv', headRowsOfText('just,some\ncells,here'))?.kind).toBe('bom');
  });
});

describe('header-less placement rows of more tools', () => {
  it('reads Allegro rows under a UUNITS line, and Eagle centroid rows with a side word', () => {
    const allegro = [
      'UUNITS = MILS',
      'R10800      1967.020    2700.080    90      R0402',
      'C20         2481.500    2334.500    270  m  C0402',
      'U1          1200.000    1500.000    0       QFN48',
    ].join('\n');
    expect(guessTableKind('BODY CENTER.txt', headRowsOfText(allegro))?.kind).toBe('placement');
    const eagle = ['BT1,  250, 1300,Top, 90', 'C1,  400, 1250,Bot,  0', 'R3,  410, 1200,Top,180'];
    expect(guessTableKind('upload.dat', headRowsOfText(eagle.join('\n')))?.kind).toBe('placement');
  });

  it('takes a Location column for designators (contract manufacturers write it)', () => {
    const rows = headRowsOfText('Item,Embest P/N,QTY,Location,Manufacturer,Manufacture P/N\n');
    expect(guessTableKind('upload.csv', rows)?.kind).toBe('bom');
  });
});
