// Benchmark: the BOM and placement readers on generated files as large as real boards get: a
// 5,000-line BOM (CSV with a title block, the same as XLSX) and a 20,000-placement file (KiCad
// CSV and Altium text with "mm" suffixes). Each is read once cold, then timed warm.
// Run: npm run readers -w bench (prints the numbers; --baseline also writes baselines/readers.json).
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { readBom, readPlacements } from '@circuits/readers';
import { strToU8, zipSync } from 'fflate';

const BOM_LINES = 5000;
const PLACEMENTS = 20_000;
const WARM_RUNS = 15;
const TARGET_MS = 2000;

// A deterministic generator, so every run reads the same bytes.
let seed = 42;
const random = (n: number) => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed % n;
};
const PREFIXES = ['R', 'C', 'L', 'D', 'Q', 'U', 'J', 'FB', 'TP'];
const MANUFACTURERS = ['Yageo', 'Murata', 'Samsung', 'Texas Instruments', 'Nexperia', 'TDK'];
const PACKAGES = ['0201', '0402', '0603', '0805', 'SOT-23', 'QFN-32', 'SOIC-8'];

function bomLines(): string[][] {
  const lines: string[][] = [];
  let next = 1;
  for (let i = 0; i < BOM_LINES; i += 1) {
    const prefix = PREFIXES[i % PREFIXES.length]!;
    const count = 1 + random(6);
    const refs = Array.from({ length: count }, () => `${prefix}${next++}`);
    // Some lines as ranges, as people write them.
    const designators = count > 3 ? `${refs[0]}-${refs.at(-1)}` : refs.join(', ');
    lines.push([
      String(i + 1),
      `${1 + random(999)}k`,
      String(count),
      designators,
      PACKAGES[random(PACKAGES.length)]!,
      MANUFACTURERS[random(MANUFACTURERS.length)]!,
      `PN-${100000 + i}-${random(99)}`,
      'Digi-Key',
      `DK-${100000 + i}-ND`,
      `Part ${i + 1}, ${random(50)} V, ±${1 + random(10)}%`,
      i % 97 === 0 ? 'DNP' : '',
    ]);
  }
  return lines;
}

const BOM_HEADER = [
  'Item #',
  'Comment',
  'Quantity',
  'Designator',
  'Footprint',
  'Manufacturer',
  'Manufacturer Part Number 1',
  'Supplier 1',
  'Supplier Part Number 1',
  'Part Description',
  'Notes',
];

const csvCell = (cell: string) => (/[",\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);

function bomCsv(lines: string[][]): Uint8Array {
  const text = [
    'Title,Generated bench board',
    'Date,2026-11-26',
    '',
    BOM_HEADER.join(','),
    ...lines.map((line) => line.map(csvCell).join(',')),
  ].join('\r\n');
  return strToU8(text);
}

const xml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function bomXlsx(lines: string[][]): Uint8Array {
  const rows = [BOM_HEADER, ...lines].map(
    (cells, r) =>
      `<row r="${r + 1}">${cells.map((cell, c) => `<c r="${String.fromCharCode(65 + c)}${r + 1}" t="inlineStr"><is><t>${xml(cell)}</t></is></c>`).join('')}</row>`,
  );
  return zipSync({
    'xl/workbook.xml': strToU8(
      '<workbook><sheets><sheet name="BOM" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      '<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>',
    ),
    'xl/worksheets/sheet1.xml': strToU8(
      `<worksheet><sheetData>${rows.join('')}</sheetData></worksheet>`,
    ),
  });
}

function placementRows() {
  return Array.from({ length: PLACEMENTS }, (_, i) => ({
    ref: `${PREFIXES[i % PREFIXES.length]}${i + 1}`,
    value: `${1 + random(999)}k`,
    pkg: PACKAGES[random(PACKAGES.length)]!,
    x: (random(3_000_000) / 10000).toFixed(4),
    y: (-random(2_000_000) / 10000).toFixed(4),
    rot: String([0, 90, 180, 270, 45, -90][random(6)]),
    side: random(3) === 0 ? 'bottom' : 'top',
  }));
}

function kicadCsv(rows: ReturnType<typeof placementRows>): Uint8Array {
  return strToU8(
    [
      'Ref,Val,Package,PosX,PosY,Rot,Side',
      ...rows.map((r) => `"${r.ref}","${r.value}","${r.pkg}",${r.x},${r.y},${r.rot},${r.side}`),
    ].join('\n'),
  );
}

function altiumText(rows: ReturnType<typeof placementRows>): Uint8Array {
  const pad = (text: string, width: number) => text.padEnd(width);
  return strToU8(
    [
      'Designator Footprint               Mid X         Mid Y         Ref X         Ref Y         Pad X         Pad Y TB      Rotation Comment        ',
      '',
      ...rows.map(
        (r) =>
          `${pad(r.ref, 10)} ${pad(r.pkg, 20)} ${`${r.x}mm`.padStart(13)} ${`${r.y}mm`.padStart(13)} ${`${r.x}mm`.padStart(13)} ${`${r.y}mm`.padStart(13)} ${`${r.x}mm`.padStart(13)} ${`${r.y}mm`.padStart(13)}  ${r.side === 'top' ? 'T' : 'B'}  ${Number(r.rot).toFixed(2).padStart(12)} ${r.value}, 1%`,
      ),
    ].join('\r\n'),
  );
}

function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!;
}

function time(label: string, bytes: Uint8Array, read: () => { ok: boolean; count: number }) {
  let start = performance.now();
  const first = read();
  const coldMs = performance.now() - start;
  if (!first.ok) throw new Error(`${label}: not read`);
  const warm: number[] = [];
  for (let i = 0; i < WARM_RUNS; i += 1) {
    start = performance.now();
    read();
    warm.push(performance.now() - start);
  }
  warm.sort((a, b) => a - b);
  const ms = (value: number) => Number(value.toFixed(1));
  const result = {
    label,
    kilobytes: Math.round(bytes.length / 1024),
    rows: first.count,
    coldMs: ms(coldMs),
    warmP50Ms: ms(percentile(warm, 0.5)),
    warmP95Ms: ms(percentile(warm, 0.95)),
    underTarget: coldMs < TARGET_MS,
  };
  console.log(
    `${label.padEnd(34)} ${String(result.kilobytes).padStart(6)} KB ${String(result.rows).padStart(6)} rows  cold ${String(result.coldMs).padStart(7)} ms  warm p50 ${String(result.warmP50Ms).padStart(7)} ms  p95 ${String(result.warmP95Ms).padStart(7)} ms`,
  );
  return result;
}

const lines = bomLines();
const csv = bomCsv(lines);
const xlsx = bomXlsx(lines);
const rows = placementRows();
const kicad = kicadCsv(rows);
const altium = altiumText(rows);

const bom = (bytes: Uint8Array) => () => {
  const result = readBom(bytes);
  return { ok: result.ok, count: result.ok ? result.value.rows.length : 0 };
};
const placements = (bytes: Uint8Array, fileName: string) => () => {
  const result = readPlacements(bytes, { fileName });
  return { ok: result.ok, count: result.ok ? result.value.placements.length : 0 };
};

const results = [
  time('BOM, 5,000 lines, CSV', csv, bom(csv)),
  time('BOM, 5,000 lines, XLSX', xlsx, bom(xlsx)),
  time('placements, 20,000, KiCad CSV', kicad, placements(kicad, 'board-all-pos.csv')),
  time('placements, 20,000, Altium text', altium, placements(altium, 'Pick Place for board.txt')),
];

if (process.argv.includes('--baseline')) {
  const file = path.join(import.meta.dirname, 'baselines', 'readers.json');
  const baseline = {
    measured: `${new Date().toISOString().slice(0, 10)}, 2-core shared machine (other work running), Node ${process.versions.node}`,
    command: 'npm run readers -w bench',
    targetMs: TARGET_MS,
    results,
  };
  fs.writeFileSync(file, `${JSON.stringify(baseline, null, 2)}\n`);
  console.log(`wrote ${file}`);
}
