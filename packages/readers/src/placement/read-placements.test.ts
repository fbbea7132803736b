import { describe, expect, it } from 'vitest';
import { encodeUtf8 } from '../text/decode.ts';
import {
  type PlacementFile,
  type PlacementReadOptions,
  readPlacements,
} from './read-placements.ts';

function ok(text: string, options?: PlacementReadOptions): PlacementFile {
  const result = readPlacements(encodeUtf8(text), options);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}
function error(text: string, options?: PlacementReadOptions) {
  const result = readPlacements(encodeUtf8(text), options);
  if (result.ok) throw new Error('expected an error');
  return result.error;
}
const brief = (file: PlacementFile) =>
  file.placements.map((p) => `${p.refDesign} ${p.side} ${p.xMm} ${p.yMm} ${p.angle}`);

describe('readPlacements: formats', () => {
  it('KiCad ASCII .pos, both sides, in millimetres and in inches', () => {
    const pos = [
      '### Footprint positions - created on 2024-01-01 ###',
      '### Printed by KiCad version 8.0',
      '## Unit = mm, Angle = deg.',
      '## Side : All',
      '# Ref     Val       Package                PosX       PosY       Rot  Side',
      'C1        100n      C_0402_1005Metric   120.0000  -80.5000  180.0000  top',
      'R7        10k       R_0603_1608Metric   130.2500  -75.0000  -90.0000  bottom',
      '## End',
    ].join('\n');
    const file = ok(pos);
    expect(file.format).toBe('kicad-pos');
    expect(file.units).toEqual({
      unit: 'mm',
      source: 'file',
      detail: 'Line 3 says "## Unit = mm, Angle = deg."',
    });
    expect(brief(file)).toEqual(['C1 top 120 -80.5 180', 'R7 bottom 130.25 -75 270']);
    expect(file.placements[0]).toMatchObject({
      value: '100n',
      package: 'C_0402_1005Metric',
      line: 6,
    });
    const inches = ok(pos.replace('Unit = mm', 'Unit = inches').replace('120.0000', '4.7244'));
    expect(inches.units.unit).toBe('inch');
    expect(inches.placements[0]!.xMm).toBe(119.9998);
  });

  it('Allegro placement report: "!"-separated, UUNITS = MILS, mirror m = bottom', () => {
    const file = ok(
      [
        'UUNITS = MILS',
        'C1 ! 1450.00 ! 2030.00 ! 90 ! ! CAP0402',
        'U3 ! 2000 ! 1000 ! 270.000 ! m ! SOIC8',
      ].join('\n'),
    );
    expect(file.format).toBe('allegro');
    expect(file.units).toEqual({
      unit: 'mil',
      source: 'file',
      detail: 'Line 1 says "UUNITS = MILS"',
    });
    expect(brief(file)).toEqual(['C1 top 36.83 51.562 90', 'U3 bottom 50.8 25.4 270']);
    expect(file.placements[1]!.package).toBe('SOIC8');
  });

  it('Allegro extract with an A! header and S! rows', () => {
    const file = ok(
      [
        'A!REFDES!COMP_CLASS!COMP_PACKAGE!SYM_MIRROR!SYM_ROTATE!SYM_X!SYM_Y!',
        'S!R1!DISCRETE!R0402!NO!0.000!100.00!200.00!',
        'S!R2!DISCRETE!R0402!YES!180.000!300.00!400.00!',
      ].join('\n'),
    );
    expect(file.format).toBe('allegro');
    expect(file.units).toMatchObject({ unit: 'mil', source: 'format' });
    expect(brief(file)).toEqual(['R1 top 2.54 5.08 0', 'R2 bottom 7.62 10.16 180']);
  });

  it('gEDA PcbXY in mils and in millimetres', () => {
    const xy = [
      '# PcbXY Version 1.0',
      '# Date: Mon Jan 01 00:00:00 2024 UTC',
      '# Author: someone',
      '# Title: board - PCB X-Y',
      '# RefDes, Description, Value, X, Y, rotation, top/bottom',
      '# X,Y in mils.  rotation in degrees.',
      '# --------------------------------------------',
      'R1,"0805","10k",1000.00,2000.00,90,top',
      'C2,"0603","100n",500.00,250.00,0,bottom',
    ].join('\n');
    const file = ok(xy);
    expect(file.format).toBe('geda-pcbxy');
    expect(file.units).toMatchObject({ unit: 'mil', source: 'file' });
    expect(brief(file)).toEqual(['R1 top 25.4 50.8 90', 'C2 bottom 12.7 6.35 0']);
    expect(file.placements[0]).toMatchObject({ value: '10k', description: '0805' });
    expect(ok(xy.replace('in mils', 'in mm')).placements[0]!.xMm).toBe(1000);
  });

  it('a generic CSV: mils guessed from the size, the side from the file name', () => {
    const file = ok('Part,X,Y,Angle\nR1,1200,3400,90\nR2,2500,3400,45\n', {
      fileName: 'board-bottom.csv',
    });
    expect(file.format).toBe('generic');
    expect(file.units).toMatchObject({ unit: 'mil', source: 'guessed' });
    expect(file.sides).toEqual({
      source: 'file-name',
      detail: 'the file name "board-bottom.csv" says bottom',
    });
    expect(brief(file)).toEqual(['R1 bottom 30.48 86.36 90', 'R2 bottom 63.5 86.36 45']);
    expect(file.needsConfirmation).toBe(true);
  });

  it('units from header names and value suffixes; the user may override unit and side', () => {
    expect(ok('Designator,X (mil),Y (mil)\nR1,100,200\n').units).toMatchObject({
      unit: 'mil',
      source: 'header',
    });
    const suffixed = ok('Designator,Mid X,Mid Y,Rotation\nR1,25.4mm,1in,360\n');
    expect(suffixed.warnings.map((w) => w.type)).toContain('mixed-units');
    expect(brief(suffixed)).toEqual(['R1 top 25.4 25.4 0']);
    const chosen = ok('Ref,X,Y\nR1,1,2\n', { unit: 'inch', side: 'bottom' });
    expect(chosen.units).toEqual({ unit: 'inch', source: 'user', detail: 'inch, as chosen' });
    expect(brief(chosen)).toEqual(['R1 bottom 25.4 50.8 0']);
    expect(ok('Ref,X,Y\nR1,1,2\n').warnings.map((w) => w.type)).toEqual([
      'unit-guessed',
      'side-unknown',
    ]);
  });

  it("KiCad's CSV without its header line, and decimal commas beside semicolons", () => {
    const headerless = ok(
      '"C1","47pF","C_0201",70.3,-63.2,90,top\n"R2","10k","R_0402",1,2,-90,bottom\n',
    );
    expect(headerless.format).toBe('kicad-csv');
    expect(brief(headerless)).toEqual(['C1 top 70.3 -63.2 90', 'R2 bottom 1 2 270']);
    expect(headerless.placements[0]).toMatchObject({ value: '47pF', package: 'C_0201' });
    const semicolons = ok('Ref;Val;Package;PosX;PosY;Rot;Side\nC1;1u;0402;12,70;-3,5;90,0;top\n');
    expect(brief(semicolons)).toEqual(['C1 top 12.7 -3.5 90']);
  });

  it('a user mapping replaces the recognised columns', () => {
    const file = ok('Name,A,B,C\nR1,1,2,3\n', { mapping: { x: 2, y: 3, rotation: 1 } });
    expect(brief(file)).toEqual(['R1 top 2 3 1']);
  });
});

describe('readPlacements: files it cannot read say why', () => {
  it('names the line and what was expected', () => {
    expect(error('Designator,Mid X,Mid Y\nR1,1,2\nR2,abc,3\nR3,1,2\n')).toEqual({
      type: 'bad-value',
      line: 3,
      message:
        'Line 3: expected an X position under "Mid X", found something else ("abc"). The file is not read, so that no placement goes missing.',
    });
    expect(error('Designator,Mid X,Mid Y,Rotation\nR1,1,2,north\n')).toMatchObject({
      type: 'bad-value',
      line: 2,
    });
    expect(error('hello there\nnothing here\n')).toMatchObject({ type: 'unknown-format' });
    expect(error('Designator,Mid X,Comment\nR1,1,x\n')).toMatchObject({ type: 'unknown-format' });
    expect(error('')).toMatchObject({ type: 'empty' });
    expect(error('Designator,Mid X,Mid Y\n')).toMatchObject({ type: 'no-rows' });
  });
});

describe('readPlacements: preambles and the header line the user chose', () => {
  const allegro = [
    'VERSION = 2.0',
    'UUNITS = MILS',
    '# REFDES  X  Y  ROTATION  SYMBOL',
    'R1      1000.000    500.000    90      R0402',
    'C2      1200.000    700.000    270  m  C0402',
  ].join('\n');

  it('Allegro: the KEY = value preamble is not a row', () => {
    const file = ok(allegro, { fileName: 'BODY CENTER.txt' });
    expect(file.units.unit).toBe('mil');
    expect(brief(file)).toEqual(['R1 top 25.4 12.7 90', 'C2 bottom 30.48 17.78 270']);
  });

  it('a header on a line the format leaves out (a comment) can still be chosen', () => {
    const file = ok(allegro, {
      fileName: 'BODY CENTER.txt',
      headerLine: 3,
      mapping: { designator: 0, x: 1, y: 2, rotation: 3 },
    });
    expect(file.placements.map((p) => p.refDesign)).toEqual(['R1', 'C2']);
  });

  it('a header line past the end says how long the file is', () => {
    expect(error(allegro, { headerLine: 9 }).message).toBe(
      'The header line 9 is not in the file (it has 5 lines).',
    );
  });

  it('Eagle centroid rows with a side column under a .mnt name: mils guessed, sides read', () => {
    const mnt = ['BT1,  250, 1300,Top, 90', 'C1,  490,  785,Top,180', 'JP1, 2850,  900,Bot,  0'];
    const file = ok(mnt.join('\n'), { fileName: 'logger.mnt' });
    expect(file.units.unit).toBe('mil');
    expect(brief(file)).toEqual([
      'BT1 top 6.35 33.02 90',
      'C1 top 12.446 19.939 180',
      'JP1 bottom 72.39 22.86 0',
    ]);
  });
});
