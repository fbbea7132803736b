// Every pick-and-place file of ../shared/fixtures/placement (and the limesdr-qpcie assembly's)
// reads right: format, unit, sides, counts and a few exact placements.

import { fixturesDir, readBytes, report } from '@circuits/gerber/test-support';
import { describe, expect, it } from 'vitest';
import { type PlacementFile, type PlacementFileRow, readPlacements } from './read-placements.ts';

const fixtures = fixturesDir();

function read(path: string): PlacementFile {
  const result = readPlacements(readBytes(`${fixtures}/${path}`), {
    fileName: path.split('/').pop()!,
  });
  if (!result.ok) throw new Error(`${path}: ${result.error.message}`);
  return result.value;
}
const find = (file: PlacementFile, ref: string): PlacementFileRow =>
  file.placements.find((p) => p.refDesign === ref)!;
const count = (file: PlacementFile, side: 'top' | 'bottom') =>
  file.placements.filter((p) => p.side === side).length;

function suite() {
  it('limesdr-qpcie Altium text report: 2,012 placements, 759 top, 1,253 bottom, mm suffixes', () => {
    const file = read('assembly/limesdr-qpcie/Pick Place for LimeSDR-QPCIe_1v2.txt');
    expect(file.format).toBe('altium-text');
    expect(file.units).toEqual({
      unit: 'mm',
      source: 'values',
      detail: 'the positions are written with "mm"',
    });
    expect(file.sides).toEqual({ source: 'column', detail: 'from the column "TB"' });
    expect(file.placements).toHaveLength(2012);
    expect([count(file, 'top'), count(file, 'bottom')]).toEqual([759, 1253]);
    expect(find(file, 'FL7')).toEqual({
      line: 5,
      refDesign: 'FL7',
      side: 'bottom',
      xMm: 75.95,
      yMm: 25.8,
      angle: 180,
      value: 'Fiducial',
      package: 'Fiducial_local',
      description: null,
      dnp: false,
    });
    // 360.00 is 0; a comment with spaces stays one value.
    expect(find(file, 'XO2')).toMatchObject({ angle: 0, value: 'E6245LF 30.72 MHz', xMm: 78.925 });
    // Parts never placed on the board sit at (-100, -100).
    expect(find(file, 'MECH19')).toMatchObject({ xMm: -100, yMm: -100, side: 'top' });
    expect(file.placements.every((p) => p.angle >= 0 && p.angle < 360)).toBe(true);
    expect(file.needsConfirmation).toBe(false);
  });

  it('Altium legacy text report (no banner): 857 placements, values with "mm"', () => {
    const file = read('placement/altium-legacy_limesdr-usb-1v4_pick-place.txt');
    expect(file.format).toBe('altium-text');
    expect(file.placements).toHaveLength(857);
    expect([count(file, 'top'), count(file, 'bottom')]).toEqual([285, 572]);
    expect(file.placements[0]).toMatchObject({
      refDesign: 'FR52',
      side: 'top',
      xMm: 24.4,
      yMm: 50.5,
      angle: 270,
      value: '600R, 2A',
      package: 'RES0805',
    });
    expect(find(file, 'R50')).toMatchObject({ side: 'bottom', angle: 0, value: '10k, 1%' });
    expect(find(file, 'C38')).toMatchObject({ xMm: 96.9552, yMm: 45.6605 });
  });

  for (const [name, path, format] of [
    ['CSV', 'placement/altium-csv_limesdr-xtrx-1v4_pick-place.csv', 'altium-csv'],
    ['text', 'placement/altium-txt_limesdr-xtrx-1v4_pick-place.txt', 'altium-text'],
  ] as const) {
    it(`Altium ${name} with its banner: 495 placements, "Units used: mm"`, () => {
      const file = read(path);
      expect(file.format).toBe(format);
      expect(file.headerLine).toBe(13);
      expect(file.units).toEqual({
        unit: 'mm',
        source: 'file',
        detail: 'Line 11 says "Units used: mm"',
      });
      expect(file.placements).toHaveLength(495);
      expect([count(file, 'top'), count(file, 'bottom')]).toEqual([285, 210]);
      expect(file.placements[0]).toEqual({
        line: 14,
        refDesign: 'R94',
        side: 'bottom',
        xMm: 8.278,
        yMm: 9.7677,
        angle: 270,
        value: '15R, 1%',
        package: 'RES0201',
        description: null,
        dnp: false,
      });
      expect(find(file, 'ESD7').angle).toBe(0);
      expect(find(file, 'IC19').angle).toBe(45);
      expect(find(file, 'X7').description).toBe(
        'IPEX MHF4 Connector Jack, Male Pin 50 Ohms Surface Mount Solder',
      );
    });
  }

  it('both Altium exports of one board agree placement for placement', () => {
    const csv = read('placement/altium-csv_limesdr-xtrx-1v4_pick-place.csv');
    const text = read('placement/altium-txt_limesdr-xtrx-1v4_pick-place.txt');
    expect(text.placements).toEqual(csv.placements);
  });

  it('Eagle centroid ULP: inches stated only in a comment', () => {
    const file = read('placement/eagle-centroid-ulp-inches_lab11-permamote-c.centroid');
    expect(file.format).toBe('eagle-centroid');
    expect(file.units).toEqual({
      unit: 'inch',
      source: 'file',
      detail: 'Line 5 says "# Measurements are in inches."',
    });
    expect(file.placements).toHaveLength(121);
    expect([count(file, 'top'), count(file, 'bottom')]).toEqual([111, 10]);
    expect(find(file, 'BT2')).toMatchObject({
      side: 'bottom',
      xMm: 13.208,
      yMm: 16.256,
      angle: 270,
    });
    expect(find(file, 'U1')).toMatchObject({ side: 'top', xMm: 5.08, yMm: 27.178, angle: 0 });
  });

  it('Eagle mountsmd: the side from the extension, millimetres', () => {
    const top = read('placement/eagle-mountsmd_axiom-beta-power-board-v0.38.mnt');
    const bottom = read('placement/eagle-mountsmd_axiom-beta-power-board-v0.38.mnb');
    expect([top.format, bottom.format]).toEqual(['eagle-mountsmd', 'eagle-mountsmd']);
    expect(top.sides.source).toBe('extension');
    expect([top.placements.length, count(top, 'top')]).toEqual([172, 172]);
    expect([bottom.placements.length, count(bottom, 'bottom')]).toEqual([102, 102]);
    expect(top.units).toMatchObject({ unit: 'mm', source: 'format' });
    expect(find(top, 'C13')).toMatchObject({
      xMm: -6.67,
      yMm: 14.29,
      angle: 180,
      value: '4u7',
      package: '0603-B',
    });
    expect(find(bottom, 'C12')).toEqual({
      line: 6,
      refDesign: 'C12',
      side: 'bottom',
      xMm: 29.21,
      yMm: -6.99,
      angle: 90,
      value: '10n',
      package: '0402-B',
      description: null,
      dnp: false,
    });
  });

  it('JLCPCB CPL written by KiBot: both sides, rotations as corrected for JLC', () => {
    const file = read('placement/jlcpcb-cpl_kibot-jlc-testcase_cpl_jlc.csv');
    expect(file.format).toBe('jlcpcb-cpl');
    expect(file.placements).toHaveLength(59);
    expect([count(file, 'top'), count(file, 'bottom')]).toEqual([28, 31]);
    expect(find(file, 'CH4')).toMatchObject({
      side: 'bottom',
      xMm: 186.3221,
      yMm: -125.0686,
      angle: 160,
    });
    expect(find(file, 'J6').angle).toBe(315);
  });

  it('JLCPCB CPL renamed from KiCad: -90 becomes 270, LCSC codes in Val', () => {
    const file = read('placement/jlcpcb-cpl_polymorphicblocks-bldc-top-pos_jlc.csv');
    expect(file.placements).toHaveLength(92);
    expect(count(file, 'top')).toBe(92);
    expect(find(file, 'C5')).toMatchObject({ angle: 270, xMm: 133, yMm: -82, value: 'C1779' });
    expect(find(file, 'U1')).toMatchObject({ angle: 180, package: 'SOT-223-3_TabPin2' });
  });

  it('KiCad CSV, both sides: millimetres guessed and said so', () => {
    const file = read('placement/kicad-csv-both-sides_kibot-jlc-testcase_both_pos.csv');
    expect(file.format).toBe('kicad-csv');
    expect(file.placements).toHaveLength(45);
    expect([count(file, 'top'), count(file, 'bottom')]).toEqual([22, 23]);
    expect(file.units).toMatchObject({ unit: 'mm', source: 'guessed' });
    expect(file.needsConfirmation).toBe(true);
    expect(find(file, 'J19')).toMatchObject({ angle: 340, side: 'bottom', xMm: 171.8918 });
  });

  it('KiCad CSV in inches (HackRF): the unit found from how densely the parts would sit', () => {
    const file = read('placement/kicad-csv_hackrf-one-all-pos.csv');
    expect(file.placements).toHaveLength(404);
    expect(file.units).toEqual({
      unit: 'inch',
      source: 'guessed',
      detail: 'taken as inches: in millimetres 404 parts would sit within 4.57 × 2.79 mm',
    });
    // 4.152094 in, -6.577016 in.
    expect(find(file, 'U1')).toMatchObject({ xMm: 105.4632, yMm: -167.0562, angle: 270 });
    expect(file.warnings.map((w) => w.type)).toContain('unit-guessed');
    expect(file.warnings.filter((w) => w.type === 'duplicate-designator').length).toBeGreaterThan(
      0,
    );
  });
}

if (fixtures === null) {
  report('placement fixture suite skipped: ../shared/fixtures not found (set FIXTURES_DIR)');
  it.skip('real placement fixtures (need ../shared/fixtures)', () => {});
} else {
  describe('real pick-and-place exports', suite);
}
