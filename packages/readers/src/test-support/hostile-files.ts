// Hostile and damaged inputs for the readers' tests, built in memory: zips whose directory
// says what the test wants (sizes that lie, entries that do not inflate) and OLE2 compound
// files whose directory entries and sheets point at one another. Nothing here is read by the
// product; it only makes files the way an attacker would.

import { deflateSync, strToU8 } from 'fflate';

export type RawZipEntry = {
  name: string;
  /** The bytes as stored in the zip (already deflated when `method` is 8). */
  data: Uint8Array;
  method: 0 | 8;
  /** The uncompressed size the directory claims. */
  declaredSize: number;
};

/** A deflated entry that tells the truth about its size. */
export function deflatedEntry(name: string, text: string | Uint8Array): RawZipEntry {
  const bytes = typeof text === 'string' ? strToU8(text) : text;
  return { name, data: deflateSync(bytes), method: 8, declaredSize: bytes.length };
}

/** A zip of the entries exactly as given (no CRC checks are made by the readers). */
export function rawZip(entries: readonly RawZipEntry[]): Uint8Array {
  const chunks: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = strToU8(entry.name);
    const local = new Uint8Array(30 + name.length);
    const view = new DataView(local.buffer);
    view.setUint32(0, 0x04034b50, true);
    view.setUint16(4, 20, true);
    view.setUint16(8, entry.method, true);
    view.setUint32(18, entry.data.length, true);
    view.setUint32(22, entry.declaredSize, true);
    view.setUint16(26, name.length, true);
    local.set(name, 30);
    const header = new Uint8Array(46 + name.length);
    const cview = new DataView(header.buffer);
    cview.setUint32(0, 0x02014b50, true);
    cview.setUint16(4, 20, true);
    cview.setUint16(6, 20, true);
    cview.setUint16(10, entry.method, true);
    cview.setUint32(20, entry.data.length, true);
    cview.setUint32(24, entry.declaredSize, true);
    cview.setUint16(28, name.length, true);
    cview.setUint32(42, offset, true);
    header.set(name, 46);
    chunks.push(local, entry.data);
    central.push(header);
    offset += local.length + entry.data.length;
  }
  const centralSize = central.reduce((sum, part) => sum + part.length, 0);
  const end = new Uint8Array(22);
  const eview = new DataView(end.buffer);
  eview.setUint32(0, 0x06054b50, true);
  eview.setUint16(8, entries.length, true);
  eview.setUint16(10, entries.length, true);
  eview.setUint32(12, centralSize, true);
  eview.setUint32(16, offset, true);
  const out = new Uint8Array(offset + centralSize + 22);
  let at = 0;
  for (const part of [...chunks, ...central, end]) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** The workbook and relationships of a one-sheet XLSX whose sheet is `xl/worksheets/sheet1.xml`. */
export function workbookEntries(sheetNames: readonly string[] = ['Sheet1']): RawZipEntry[] {
  const sheets = sheetNames
    .map((name, i) => `<sheet name="${name}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
    .join('');
  const rels = sheetNames
    .map((_, i) => `<Relationship Id="rId${i + 1}" Target="worksheets/sheet${i + 1}.xml"/>`)
    .join('');
  return [
    deflatedEntry('xl/workbook.xml', `<workbook><sheets>${sheets}</sheets></workbook>`),
    deflatedEntry('xl/_rels/workbook.xml.rels', `<Relationships>${rels}</Relationships>`),
  ];
}

/** An XLSX of one sheet whose XML is `sheetXml`, stored (not deflated) so no ratio applies. */
export function storedWorkbook(sheetXml: string, extra: readonly RawZipEntry[] = []): Uint8Array {
  const sheet = strToU8(sheetXml);
  return rawZip([
    ...workbookEntries(),
    { name: 'xl/worksheets/sheet1.xml', data: sheet, method: 0, declaredSize: sheet.length },
    ...extra,
  ]);
}

// ---- OLE2 compound files (legacy XLS)

const SECTOR = 512;
const END_OF_CHAIN = 0xfffffffe;
const FREE = 0xffffffff;
const FAT_SECTOR = 0xfffffffd;

/**
 * An OLE2 compound file holding one stream, `Workbook`, plus `aliases` more directory entries
 * that name the same sectors (a directory of thousands of entries pointing at one large chain).
 */
export function compoundFile(workbook: Uint8Array, aliases = 0): Uint8Array {
  const streamSectors = Math.max(1, Math.ceil(Math.max(workbook.length, 4096) / SECTOR));
  const entries = 2 + aliases;
  const directorySectors = Math.ceil((entries * 128) / SECTOR);
  // Sectors: [FAT...][directory...][stream...]; one FAT sector holds 128 entries.
  let fatSectors = 1;
  while (fatSectors * 128 < fatSectors + directorySectors + streamSectors) fatSectors += 1;
  if (fatSectors > 109) throw new Error('too large for a header-only DIFAT');
  const total = fatSectors + directorySectors + streamSectors;
  const out = new Uint8Array(SECTOR * (1 + total));
  const view = new DataView(out.buffer);
  [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1].forEach((byte, i) => {
    out[i] = byte;
  });
  view.setUint16(0x18, 0x3e, true);
  view.setUint16(0x1a, 3, true);
  view.setUint16(0x1c, 0xfffe, true);
  view.setUint16(0x1e, 9, true);
  view.setUint16(0x20, 6, true);
  view.setUint32(0x2c, fatSectors, true);
  view.setUint32(0x30, fatSectors, true);
  view.setUint32(0x38, 4096, true);
  view.setUint32(0x3c, END_OF_CHAIN, true);
  view.setUint32(0x44, END_OF_CHAIN, true);
  for (let i = 0; i < 109; i += 1) view.setUint32(0x4c + i * 4, i < fatSectors ? i : FREE, true);
  const sectorOffset = (sector: number) => (sector + 1) * SECTOR;
  const fat = (sector: number, next: number) =>
    view.setUint32(sectorOffset(Math.floor(sector / 128)) + (sector % 128) * 4, next, true);
  for (let i = 0; i < fatSectors * 128; i += 1) fat(i, FREE);
  for (let i = 0; i < fatSectors; i += 1) fat(i, FAT_SECTOR);
  const chain = (first: number, count: number) => {
    for (let i = 0; i < count; i += 1)
      fat(first + i, i === count - 1 ? END_OF_CHAIN : first + i + 1);
  };
  chain(fatSectors, directorySectors);
  const streamStart = fatSectors + directorySectors;
  chain(streamStart, streamSectors);
  out.set(workbook, sectorOffset(streamStart));
  const entry = (index: number, name: string, type: number, start: number, size: number) => {
    const base = sectorOffset(fatSectors) + index * 128;
    for (let i = 0; i < name.length; i += 1) view.setUint16(base + i * 2, name.charCodeAt(i), true);
    view.setUint16(base + 0x40, (name.length + 1) * 2, true);
    view.setUint8(base + 0x42, type);
    view.setUint32(base + 0x44, FREE, true);
    view.setUint32(base + 0x48, FREE, true);
    view.setUint32(base + 0x4c, FREE, true);
    view.setUint32(base + 0x74, start, true);
    view.setUint32(base + 0x78, size, true);
  };
  entry(0, 'Root Entry', 5, END_OF_CHAIN, 0);
  const size = Math.max(workbook.length, 4096);
  entry(1, 'Workbook', 2, streamStart, size);
  for (let i = 0; i < aliases; i += 1) entry(2 + i, `Alias${i}`, 2, streamStart, size);
  return out;
}

/** A BIFF8 record. */
export function biffRecord(type: number, data: readonly number[] | Uint8Array): Uint8Array {
  const out = new Uint8Array(4 + data.length);
  out[0] = type & 0xff;
  out[1] = type >> 8;
  out[2] = data.length & 0xff;
  out[3] = data.length >> 8;
  out.set(data, 4);
  return out;
}

export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * A BIFF8 workbook stream: a globals substream listing `sheetCount` worksheets that all start at
 * the same offset, and that one worksheet with a LABEL cell per row for `rows` rows.
 */
export function biffWorkbook(sheetCount: number, rows: number): Uint8Array {
  const bof = biffRecord(0x0809, [0x00, 0x06, 0x05, 0x00, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
  const sheetBof = biffRecord(0x0809, [0x00, 0x06, 0x10, 0x00, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
  const eof = biffRecord(0x000a, []);
  const boundsheet = (offset: number) =>
    biffRecord(0x0085, [
      offset & 0xff,
      (offset >> 8) & 0xff,
      (offset >> 16) & 0xff,
      offset >>> 24,
      0,
      0,
      1,
      0,
      0x53,
    ]);
  const globalsLength = bof.length + sheetCount * boundsheet(0).length + eof.length;
  const label = (row: number, text: string) =>
    biffRecord(0x0204, [
      row & 0xff,
      row >> 8,
      0,
      0,
      0,
      0,
      text.length,
      0,
      0,
      ...Array.from(text, (c) => c.charCodeAt(0)),
    ]);
  const cells: Uint8Array[] = [label(0, 'Designator')];
  for (let r = 1; r < rows; r += 1) cells.push(label(r, `R${r}`));
  return concatBytes([
    bof,
    ...Array.from({ length: sheetCount }, () => boundsheet(globalsLength)),
    eof,
    sheetBof,
    ...cells,
    eof,
  ]);
}
