// Fuzzed input: random bytes, files cut short, lines shuffled, bytes flipped. A reader answers
// rows or one clear error; it never throws.

import { fixturesDir, listFiles, readBytes } from '@circuits/gerber/test-support';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readBom } from './bom/read-bom.ts';
import { readPlacements } from './placement/read-placements.ts';
import type { ReadErrorType } from './read-result.ts';
import { encodeUtf8 } from './text/decode.ts';

const ERROR_TYPES: readonly ReadErrorType[] = [
  'empty',
  'not-text',
  'spreadsheet',
  'unclosed-quote',
  'no-header',
  'missing-column',
  'bad-mapping',
  'no-rows',
  'bad-value',
  'unknown-format',
  'too-large',
];

// Small inputs of our own, so the fuzzing runs on a fresh clone; the real fixtures join them
// when ../shared/fixtures is there.
const OWN_BOMS = [
  'Designator,Qty,MPN,Manufacturer,Fitted\n"R1-R4, R9",5,RC0402FR-0710KL,Yageo,Yes\nC1,1,GRM155,Murata,No\n',
  '# comment\nTitle,Demo\n\nRef;Value;Footprint;Qty\nR1 R2;10k;0402;2\nU1;MCU;QFN;1\n\nStatistics:\n',
  'Item\tQuantity\tReference\tPart Number\tNotes\n1\t2\tC9_MB, C10_MB\tCL05\tNF(C10_MB)\n',
];
const OWN_PLACEMENTS = [
  'Designator,Mid X,Mid Y,Layer,Rotation\nR1,10.5,20,top,90\nC1,1.25,-3,bottom,-90\n',
  '## Unit = mm, Angle = deg.\n# Ref Val Package PosX PosY Rot Side\nC1 100n C0402 120 -80 180 top\n## End\n',
  'UUNITS = MILS\nC1 ! 1450 ! 2030 ! 90 ! ! CAP0402\nU3 ! 2000 ! 1000 ! 270 ! m ! SOIC8\n',
  '# PcbXY Version 1.0\n# X,Y in mils.\nR1,"0805","10k",1000,2000,90,top\n',
];

const fixtures = fixturesDir();
const fixtureFiles = (folder: string) =>
  fixtures === null
    ? []
    : listFiles(`${fixtures}/${folder}`)
        .filter((name) => !name.endsWith('.md'))
        .map((name) => readBytes(`${fixtures}/${folder}/${name}`));
const assembly = fixtureFiles('assembly/limesdr-qpcie');
const bomSeeds = [...OWN_BOMS.map(encodeUtf8), ...fixtureFiles('bom'), ...assembly.slice(0, 1)];
const placementSeeds = [
  ...OWN_PLACEMENTS.map(encodeUtf8),
  ...fixtureFiles('placement'),
  ...assembly.slice(1, 2),
];
// Spreadsheets: the real ones, damaged.
const sheetSeeds = bomSeeds.filter((seed) => seed[0] === 0x50 || seed[0] === 0xd0);

function checkBom(bytes: Uint8Array) {
  const result = readBom(bytes);
  if (result.ok) {
    expect(result.value.rows.length).toBeGreaterThan(0);
    for (const row of result.value.rows)
      for (const ref of row.refDesign) expect(ref.refDesign).not.toBe('');
  } else {
    expect(ERROR_TYPES).toContain(result.error.type);
    expect(result.error.message.length).toBeGreaterThan(10);
  }
}

function checkPlacements(bytes: Uint8Array) {
  const result = readPlacements(bytes, { fileName: 'fuzz.txt' });
  if (result.ok) {
    expect(result.value.placements.length).toBeGreaterThan(0);
    for (const placement of result.value.placements) {
      expect(Number.isFinite(placement.xMm) && Number.isFinite(placement.yMm)).toBe(true);
      expect(placement.angle >= 0 && placement.angle < 360).toBe(true);
    }
  } else {
    expect(ERROR_TYPES).toContain(result.error.type);
    expect(result.error.message.length).toBeGreaterThan(10);
  }
}

const cut = (seeds: Uint8Array[]) =>
  fc
    .tuple(fc.constantFrom(...seeds), fc.double({ min: 0, max: 1, noNaN: true }))
    .map(([seed, at]) => seed.subarray(0, Math.floor(seed.length * at)));
const shuffled = (seeds: Uint8Array[]) =>
  fc.tuple(fc.constantFrom(...seeds), fc.nat()).map(([seed, salt]) => {
    const lines = String.fromCharCode(...seed.subarray(0, 20_000)).split('\n');
    for (let i = lines.length - 1; i > 0; i -= 1) {
      const j = (salt * 31 + i * 17) % (i + 1);
      [lines[i], lines[j]] = [lines[j]!, lines[i]!];
    }
    return Uint8Array.from(lines.join('\n'), (c) => c.charCodeAt(0) & 0xff);
  });
const flipped = (seeds: Uint8Array[]) =>
  fc
    .tuple(
      fc.constantFrom(...seeds),
      fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 20 }),
    )
    .map(([seed, flips]) => {
      const copy = seed.slice();
      for (const [at, byte] of flips) if (copy.length > 0) copy[at % copy.length] = byte;
      return copy;
    });
const csvish = fc
  .array(
    fc.constantFrom(
      'R1',
      'C2-C4',
      ',',
      ';',
      '\t',
      '"',
      '\n',
      'Designator',
      'Qty',
      'X',
      'Mid Y',
      '12.5',
      'mm',
      ' ',
      '#',
      'NF(',
      ')',
      'top',
      '!',
    ),
    {
      maxLength: 200,
    },
  )
  .map((parts) => encodeUtf8(parts.join('')));

describe('fuzzed BOM input never throws', { timeout: 60_000 }, () => {
  it('random bytes', () =>
    fc.assert(fc.property(fc.uint8Array({ maxLength: 3000 }), checkBom), { numRuns: 300 }));
  it('random CSV-like text', () => fc.assert(fc.property(csvish, checkBom), { numRuns: 300 }));
  it('files cut short', () => fc.assert(fc.property(cut(bomSeeds), checkBom), { numRuns: 150 }));
  it('lines shuffled', () =>
    fc.assert(fc.property(shuffled(bomSeeds), checkBom), { numRuns: 100 }));
  it('bytes flipped', () => fc.assert(fc.property(flipped(bomSeeds), checkBom), { numRuns: 150 }));
  it.runIf(sheetSeeds.length > 0)('XLSX and XLS files damaged or cut short', () => {
    fc.assert(fc.property(flipped(sheetSeeds), checkBom), { numRuns: 150 });
    fc.assert(fc.property(cut(sheetSeeds), checkBom), { numRuns: 50 });
  });
});

describe('fuzzed placement input never throws', { timeout: 60_000 }, () => {
  it('random bytes', () =>
    fc.assert(fc.property(fc.uint8Array({ maxLength: 3000 }), checkPlacements), { numRuns: 300 }));
  it('random CSV-like text', () =>
    fc.assert(fc.property(csvish, checkPlacements), { numRuns: 300 }));
  it('files cut short', () =>
    fc.assert(fc.property(cut(placementSeeds), checkPlacements), { numRuns: 150 }));
  it('lines shuffled', () =>
    fc.assert(fc.property(shuffled(placementSeeds), checkPlacements), { numRuns: 100 }));
  it('bytes flipped', () =>
    fc.assert(fc.property(flipped(placementSeeds), checkPlacements), { numRuns: 150 }));
});
