// Legacy XLS (BIFF8 in an OLE2 compound file, what Altium's Excel BOM template still writes) as
// rows of text cells. Read by hand: the compound file's sector chains are followed with loop
// and bounds checks, and the workbook's records with their lengths, so a damaged file ends in a
// reason, never in a hang or a throw. Only cell text and numbers are read.

import type { TextRow } from '../text/delimited.ts';
import { WorkbookRefused } from './workbook-zip.ts';
import {
  CellBudget,
  formatNumber,
  MAX_SHEET_COLUMNS,
  MAX_SHEET_ROWS,
  type OpenedSpreadsheet,
  type SheetRows,
} from './xlsx.ts';

class Damaged extends Error {}

const WORKBOOK_STREAMS: ReadonlySet<string> = new Set(['Workbook', 'Book']);
/** Worksheets read from one workbook (Excel's own BOM templates have a handful). */
export const MAX_XLS_SHEETS = 256;

const END_OF_CHAIN = 0xfffffffe;
const FREE_SECTOR = 0xffffffff;

/**
 * The streams named `wanted` of an OLE2 compound file. Only those are copied out: a directory
 * of thousands of entries pointing at one large chain must not copy it thousands of times.
 */
function readCompoundFile(bytes: Uint8Array, wanted: ReadonlySet<string>): Map<string, Uint8Array> {
  if (bytes.length < 512) throw new Damaged('the file is shorter than its header');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const sectorShift = view.getUint16(0x1e, true);
  const miniShift = view.getUint16(0x20, true);
  if (sectorShift !== 9 && sectorShift !== 12)
    throw new Damaged('its sector size is not 512 or 4096');
  if (miniShift !== 6) throw new Damaged('its mini sector size is not 64');
  const sectorSize = 1 << sectorShift;
  const sectorCount = Math.floor((bytes.length - 512) / sectorSize) + 1;
  const sectorOffset = (sector: number) => (sector + 1) * sectorSize;
  const fatSectorCount = view.getUint32(0x2c, true);
  const firstDirectory = view.getUint32(0x30, true);
  const miniCutoff = view.getUint32(0x38, true);
  const firstMiniFat = view.getUint32(0x3c, true);
  const firstDifat = view.getUint32(0x44, true);
  if (fatSectorCount > sectorCount) throw new Damaged('it names more FAT sectors than it has');

  // The FAT: its sectors are listed in the header's DIFAT and in a chain of DIFAT sectors.
  const fatSectors: number[] = [];
  for (let i = 0; i < 109 && fatSectors.length < fatSectorCount; i += 1)
    fatSectors.push(view.getUint32(0x4c + i * 4, true));
  let difat = firstDifat;
  const seenDifat = new Set<number>();
  while (fatSectors.length < fatSectorCount && difat < sectorCount) {
    if (seenDifat.has(difat)) throw new Damaged('its DIFAT chain loops');
    seenDifat.add(difat);
    const base = sectorOffset(difat);
    const perSector = sectorSize / 4 - 1;
    for (let i = 0; i < perSector && fatSectors.length < fatSectorCount; i += 1)
      fatSectors.push(view.getUint32(base + i * 4, true));
    difat = view.getUint32(base + perSector * 4, true);
  }
  const fat = new Uint32Array(fatSectors.length * (sectorSize / 4));
  fatSectors.forEach((sector, index) => {
    if (sector >= sectorCount) throw new Damaged('a FAT sector lies outside the file');
    const base = sectorOffset(sector);
    for (let i = 0; i < sectorSize / 4; i += 1)
      fat[index * (sectorSize / 4) + i] = view.getUint32(base + i * 4, true);
  });

  const chain = (start: number, table: Uint32Array, limit: number): number[] => {
    const sectors: number[] = [];
    let sector = start;
    while (sector !== END_OF_CHAIN && sector !== FREE_SECTOR) {
      if (sector >= limit || sector >= table.length)
        throw new Damaged('a sector chain leaves the file');
      if (sectors.length > limit) throw new Damaged('a sector chain loops');
      sectors.push(sector);
      sector = table[sector]!;
    }
    return sectors;
  };
  const readChain = (start: number, size: number | null): Uint8Array => {
    const sectors = chain(start, fat, sectorCount);
    const out = new Uint8Array(sectors.length * sectorSize);
    sectors.forEach((sector, index) => {
      const from = sectorOffset(sector);
      out.set(bytes.subarray(from, Math.min(from + sectorSize, bytes.length)), index * sectorSize);
    });
    return size === null ? out : out.subarray(0, Math.min(size, out.length));
  };

  const directory = readChain(firstDirectory, null);
  const dirView = new DataView(directory.buffer, directory.byteOffset, directory.byteLength);
  type Entry = { name: string; type: number; start: number; size: number };
  const entries: Entry[] = [];
  for (let offset = 0; offset + 128 <= directory.length; offset += 128) {
    const nameLength = Math.min(dirView.getUint16(offset + 0x40, true), 64);
    let name = '';
    for (let i = 0; i + 2 < nameLength; i += 2)
      name += String.fromCharCode(dirView.getUint16(offset + i, true));
    entries.push({
      name,
      type: dirView.getUint8(offset + 0x42),
      start: dirView.getUint32(offset + 0x74, true),
      size: dirView.getUint32(offset + 0x78, true),
    });
  }
  const root = entries[0];
  if (root?.type !== 5) throw new Damaged('its directory has no root entry');
  let miniStream: Uint8Array | null = null;
  let miniFat: Uint32Array | null = null;
  const streams = new Map<string, Uint8Array>();
  for (const entry of entries) {
    if (entry.type !== 2 || !wanted.has(entry.name) || streams.has(entry.name)) continue;
    if (entry.size >= miniCutoff) {
      streams.set(entry.name, readChain(entry.start, entry.size));
      continue;
    }
    if (miniStream === null) {
      miniStream = readChain(root.start, root.size);
      const miniFatBytes =
        firstMiniFat === END_OF_CHAIN ? new Uint8Array() : readChain(firstMiniFat, null);
      const miniView = new DataView(
        miniFatBytes.buffer,
        miniFatBytes.byteOffset,
        miniFatBytes.byteLength,
      );
      miniFat = new Uint32Array(miniFatBytes.length / 4);
      for (let i = 0; i < miniFat.length; i += 1) miniFat[i] = miniView.getUint32(i * 4, true);
    }
    const sectors = chain(entry.start, miniFat!, miniStream.length / 64);
    const out = new Uint8Array(sectors.length * 64);
    sectors.forEach((sector, index) => {
      out.set(miniStream!.subarray(sector * 64, sector * 64 + 64), index * 64);
    });
    streams.set(entry.name, out.subarray(0, Math.min(entry.size, out.length)));
  }
  return streams;
}

type BiffRecord = { type: number; data: Uint8Array; offset: number };

/** The records of a BIFF8 stream from `start` to the EOF record of that substream. */
function* records(stream: Uint8Array, start: number): Generator<BiffRecord> {
  let offset = start;
  while (offset + 4 <= stream.length) {
    const type = stream[offset]! | (stream[offset + 1]! << 8);
    const length = stream[offset + 2]! | (stream[offset + 3]! << 8);
    const data = stream.subarray(offset + 4, offset + 4 + length);
    yield { type, data, offset };
    if (type === 0x000a) return;
    offset += 4 + length;
  }
}

const u16 = (data: Uint8Array, at: number) => (data[at] ?? 0) | ((data[at + 1] ?? 0) << 8);
const u32 = (data: Uint8Array, at: number) => (u16(data, at) | (u16(data, at + 2) << 16)) >>> 0;
const f64 = (data: Uint8Array, at: number) =>
  data.length >= at + 8
    ? new DataView(data.buffer, data.byteOffset + at, 8).getFloat64(0, true)
    : Number.NaN;

/** An RK number: a 30-bit integer or the top of a double, maybe divided by 100. */
function rkNumber(rk: number): number {
  let value: number;
  if (rk & 2) value = rk >> 2;
  else {
    const buffer = new DataView(new ArrayBuffer(8));
    buffer.setUint32(4, rk & 0xfffffffc, true);
    value = buffer.getFloat64(0, true);
  }
  return rk & 1 ? value / 100 : value;
}

/** Reads characters across CONTINUE records: a string may break between them, each part with its own flags. */
class SegmentReader {
  private segment = 0;
  private at = 0;
  private readonly segments: Uint8Array[];

  constructor(segments: Uint8Array[]) {
    this.segments = segments;
  }

  private current(): Uint8Array | null {
    while (this.segment < this.segments.length && this.at >= this.segments[this.segment]!.length) {
      this.segment += 1;
      this.at = 0;
    }
    return this.segments[this.segment] ?? null;
  }

  get done(): boolean {
    return this.current() === null;
  }

  byte(): number {
    const data = this.current();
    if (data === null) throw new Damaged('the shared strings end early');
    return data[this.at++]!;
  }

  u16(): number {
    return this.byte() | (this.byte() << 8);
  }

  u32(): number {
    return (this.u16() | (this.u16() << 16)) >>> 0;
  }

  skip(count: number): void {
    for (let left = count; left > 0; ) {
      const data = this.current();
      if (data === null) return;
      const step = Math.min(left, data.length - this.at);
      this.at += step;
      left -= step;
    }
  }

  /** `count` characters, 1 or 2 bytes each; at a record break a new flags byte says which. */
  chars(count: number, wide: boolean): string {
    let text = '';
    let isWide = wide;
    // The header was read in this segment (its last byte may end it).
    let segment = this.segment;
    for (let i = 0; i < count; i += 1) {
      if (this.current() === null)
        throw new Damaged('a string runs past the end of the shared strings');
      if (this.segment !== segment) {
        segment = this.segment;
        isWide = (this.byte() & 1) === 1;
      }
      text += String.fromCharCode(isWide ? this.u16() : this.byte());
    }
    return text;
  }
}

/** An XLUnicodeString inside one record (LABEL, STRING): 16-bit count, flags, characters. */
function recordString(data: Uint8Array, at: number, countBytes: 1 | 2): string {
  const count = countBytes === 2 ? u16(data, at) : (data[at] ?? 0);
  const flags = data[at + countBytes] ?? 0;
  const wide = (flags & 1) === 1;
  let text = '';
  let p = at + countBytes + 1;
  for (let i = 0; i < count && p < data.length; i += 1) {
    text += String.fromCharCode(wide ? u16(data, p) : data[p]!);
    p += wide ? 2 : 1;
  }
  return text;
}

function readSharedStrings(segments: Uint8Array[]): string[] {
  const reader = new SegmentReader(segments);
  reader.u32();
  const unique = reader.u32();
  const strings: string[] = [];
  for (let i = 0; i < unique && !reader.done; i += 1) {
    const count = reader.u16();
    const flags = reader.byte();
    const runs = flags & 0x08 ? reader.u16() : 0;
    const extended = flags & 0x04 ? reader.u32() : 0;
    strings.push(reader.chars(count, (flags & 1) === 1));
    reader.skip(runs * 4 + extended);
  }
  return strings;
}

/** Opens an XLS (BIFF8) workbook; a damaged file gives the reason, never a throw. */
export function openXls(bytes: Uint8Array): OpenedSpreadsheet {
  try {
    const streams = readCompoundFile(bytes, WORKBOOK_STREAMS);
    const workbook = streams.get('Workbook') ?? streams.get('Book');
    if (!workbook)
      return {
        ok: false,
        reason: 'it holds no workbook stream (it may be another Office document)',
      };
    const first = records(workbook, 0).next().value;
    if (first?.type !== 0x0809 || u16(first.data, 0) !== 0x0600)
      return {
        ok: false,
        reason: 'its workbook is older than Excel 97 (BIFF8); save it again as XLSX',
      };
    const sheets: { name: string; offset: number }[] = [];
    const sst: Uint8Array[] = [];
    let inSst = false;
    for (const record of records(workbook, 0)) {
      if (record.type === 0x002f) return { ok: false, reason: 'it is protected by a password' };
      if (record.type === 0x0085) {
        const type = record.data[5] ?? 0;
        if (type === 0)
          sheets.push({ name: recordString(record.data, 6, 1), offset: u32(record.data, 0) });
      }
      if (record.type === 0x00fc) {
        sst.push(record.data);
        inSst = true;
      } else if (record.type === 0x003c && inSst) sst.push(record.data);
      else inSst = false;
    }
    const shared = sst.length > 0 ? readSharedStrings(sst) : [];
    const result: SheetRows[] = [];
    const budget = new CellBudget();
    budget.take(shared.length);
    // Each worksheet's records are read once: sheets listed twice at one offset, or more sheets
    // than a workbook has, would read the same records again and again.
    const offsets = new Set<number>();
    let scanned = 0;
    const maxScanned = 2 * workbook.length;
    if (sheets.length > MAX_XLS_SHEETS)
      return {
        ok: false,
        reason: `its workbook lists more than ${MAX_XLS_SHEETS} worksheets (the most read from one workbook)`,
      };
    for (const sheet of sheets) {
      if (sheet.offset >= workbook.length || offsets.has(sheet.offset)) continue;
      offsets.add(sheet.offset);
      const cells = new Map<number, string[]>();
      const put = (row: number, column: number, text: string) => {
        if (row >= MAX_SHEET_ROWS || column >= MAX_SHEET_COLUMNS) return;
        let line = cells.get(row);
        if (!line) {
          line = [];
          cells.set(row, line);
        }
        if (line.length <= column) budget.take(column + 1 - line.length);
        while (line.length < column) line.push('');
        line[column] = text;
      };
      let pendingFormula: { row: number; column: number } | null = null;
      for (const { type, data } of records(workbook, sheet.offset)) {
        scanned += 4 + data.length;
        if (scanned > maxScanned) throw new Damaged('its worksheets overlap one another');
        const row = u16(data, 0);
        const column = u16(data, 2);
        if (type === 0x00fd) put(row, column, shared[u32(data, 6)] ?? '');
        else if (type === 0x0204) put(row, column, recordString(data, 6, 2));
        else if (type === 0x0203) put(row, column, formatNumber(f64(data, 6)));
        else if (type === 0x027e) put(row, column, formatNumber(rkNumber(u32(data, 6))));
        else if (type === 0x00bd) {
          const last = u16(data, data.length - 2);
          for (let c = column, p = 4; c <= last && p + 6 <= data.length - 2; c += 1, p += 6)
            put(row, c, formatNumber(rkNumber(u32(data, p + 2))));
        } else if (type === 0x0006) {
          pendingFormula = null;
          if (u16(data, 12) === 0xffff) {
            const kind = data[6];
            if (kind === 0) pendingFormula = { row, column };
            else if (kind === 1) put(row, column, data[8] ? 'TRUE' : 'FALSE');
          } else put(row, column, formatNumber(f64(data, 6)));
        } else if (type === 0x0207 && pendingFormula) {
          put(pendingFormula.row, pendingFormula.column, recordString(data, 0, 2));
          pendingFormula = null;
        } else if (type === 0x0205 && data[7] === 0) put(row, column, data[6] ? 'TRUE' : 'FALSE');
      }
      const rows: TextRow[] = [];
      let last = -1;
      for (const row of cells.keys()) if (row > last) last = row;
      budget.take(last + 1);
      for (let r = 0; r <= last; r += 1) rows.push({ cells: cells.get(r) ?? [], line: r + 1 });
      result.push({ name: sheet.name, rows });
    }
    if (result.length === 0) return { ok: false, reason: 'its workbook has no worksheet' };
    return { ok: true, sheets: result };
  } catch (error) {
    if (error instanceof WorkbookRefused) return { ok: false, reason: error.message };
    // Damaged: a check above; RangeError: a view past the end of a stream.
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, reason: `the file is damaged: ${reason}` };
  }
}
