import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { DROP_LIMITS, readDrop } from './dropped-files.ts';
import { type Bytes, expandEntry, ZipFormatError, zipEntries } from './zip-archive.ts';

// Archives as zip tools write them (fflate), changed where a test needs a field no tool would
// write on purpose, and a zip64 archive laid out byte by byte as the format describes it.

const encode = (text: string): Bytes => new TextEncoder().encode(text) as Bytes;
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

const copper =
  '%FSLAX46Y46*%\n%MOMM*%\n%ADD10C,0.2*%\nD10*\nX0Y0D02*\nX1000000Y0D01*\nM02*\n'.repeat(50);

/** Offset of the central directory entry `index` (entries of fflate archives have no comments). */
function directoryEntry(zip: Bytes, index: number): number {
  const view = new DataView(zip.buffer);
  let at = view.getUint32(zip.length - 22 + 16, true);
  for (let skipped = 0; skipped < index; skipped += 1) {
    at += 46 + view.getUint16(at + 28, true) + view.getUint16(at + 30, true);
  }
  return at;
}

/** A copy of `zip` with a 16- or 32-bit little-endian field of entry `index` set. */
function withField(zip: Bytes, index: number, field: number, value: number, bits: 16 | 32) {
  const copy = zip.slice();
  const view = new DataView(copy.buffer);
  const at = directoryEntry(copy, index) + field;
  if (bits === 16) view.setUint16(at, value, true);
  else view.setUint32(at, value, true);
  return copy;
}

/** One stored file in a zip64 archive: every size and offset in the zip64 records. */
function zip64Archive(name: string, content: Bytes): Bytes {
  const nameBytes = encode(name);
  const parts: number[] = [];
  const u16 = (value: number) => parts.push(value & 0xff, value >>> 8);
  const u32 = (value: number) => {
    u16(value & 0xffff);
    u16(value >>> 16);
  };
  const u64 = (value: number) => {
    u32(value);
    u32(0);
  };
  const bytes = (values: Uint8Array) => parts.push(...values);
  // Local entry: sizes in its zip64 extra field.
  u32(0x04034b50);
  u16(45);
  u16(0);
  u16(0);
  u32(0);
  u32(0);
  u32(0xffffffff);
  u32(0xffffffff);
  u16(nameBytes.length);
  u16(20);
  bytes(nameBytes);
  u16(1);
  u16(16);
  u64(content.length);
  u64(content.length);
  bytes(content);
  // Central directory: sizes and the local entry's offset in its zip64 extra field.
  const directoryStart = parts.length;
  u32(0x02014b50);
  u16(45);
  u16(45);
  u16(0);
  u16(0);
  u32(0);
  u32(0);
  u32(0xffffffff);
  u32(0xffffffff);
  u16(nameBytes.length);
  u16(28);
  u16(0);
  u16(0);
  u16(0);
  u32(0);
  u32(0xffffffff);
  bytes(nameBytes);
  u16(1);
  u16(24);
  u64(content.length);
  u64(content.length);
  u64(0);
  const directorySize = parts.length - directoryStart;
  // Zip64 end of central directory record and its locator.
  const record = parts.length;
  u32(0x06064b50);
  u64(44);
  u16(45);
  u16(45);
  u32(0);
  u32(0);
  u64(1);
  u64(1);
  u64(directorySize);
  u64(directoryStart);
  u32(0x07064b50);
  u32(0);
  u64(record);
  u32(1);
  // End of central directory: its counts and offset point to the zip64 record.
  u32(0x06054b50);
  u16(0);
  u16(0);
  u16(0xffff);
  u16(0xffff);
  u32(0xffffffff);
  u32(0xffffffff);
  u16(0);
  return new Uint8Array(parts) as Bytes;
}

const expandAll = async (zip: Bytes) =>
  Promise.all(
    zipEntries(zip, 100).map(async (entry) => [entry.path, decode(await expandEntry(entry))]),
  );

describe('zip archives expanded in the browser', () => {
  it('lists entries in order and expands deflated and stored ones to their bytes', async () => {
    const zip = zipSync({
      'gerbers/': new Uint8Array(0),
      'gerbers/board-F_Cu.gbr': encode(copper),
      'gerbers/board.drl': [encode('M48\nMETRIC\nT1C0.8\n%\nT1\nX1Y1\nM30\n'), { level: 0 }],
    }) as Bytes;
    const entries = zipEntries(zip, 100);
    expect(entries.map((entry) => [entry.path, entry.method])).toEqual([
      ['gerbers/', 0],
      ['gerbers/board-F_Cu.gbr', 8],
      ['gerbers/board.drl', 0],
    ]);
    expect(await expandAll(zip)).toEqual([
      ['gerbers/', ''],
      ['gerbers/board-F_Cu.gbr', copper],
      ['gerbers/board.drl', 'M48\nMETRIC\nT1C0.8\n%\nT1\nX1Y1\nM30\n'],
    ]);
  });

  it('reads sizes and offsets from zip64 records', async () => {
    const zip = zip64Archive('board-B_Cu.gbr', encode(copper));
    expect(await expandAll(zip)).toEqual([['board-B_Cu.gbr', copper]]);
  });

  it('names what it cannot expand', async () => {
    const zip = zipSync({ 'top.gtl': encode(copper) }) as Bytes;
    const encrypted = withField(zip, 0, 8, 1, 16);
    expect(() => zipEntries(encrypted, 100)).toThrow(
      new ZipFormatError('top.gtl is protected by a password'),
    );
    const lzma = withField(zip, 0, 10, 14, 16);
    expect(() => zipEntries(lzma, 100)).toThrow(
      new ZipFormatError('top.gtl is compressed with LZMA, which browsers cannot expand'),
    );
    expect(() => zipEntries(zip.subarray(0, zip.length - 30) as Bytes, 100)).toThrow(
      ZipFormatError,
    );
    expect(() => zipEntries(encode('PK\u0003\u0004 and then nothing'), 100)).toThrow(
      new ZipFormatError('it is not a zip archive'),
    );
  });

  it('stops expanding an entry that grows past the size the archive states', async () => {
    const zip = zipSync({ 'top.gtl': encode(copper) }) as Bytes;
    const understated = withField(zip, 0, 24, 100, 32);
    const [entry] = zipEntries(understated, 100);
    await expect(expandEntry(entry!)).rejects.toThrow(
      new ZipFormatError('top.gtl expands to more than the archive says'),
    );
    const overstated = withField(zip, 0, 24, copper.length + 1, 32);
    await expect(expandEntry(zipEntries(overstated, 100)[0]!)).rejects.toThrow(
      new ZipFormatError('top.gtl is damaged'),
    );
  });

  it('refuses damaged compressed data', async () => {
    const zip = zipSync({ 'top.gtl': encode(copper) }) as Bytes;
    const [entry] = zipEntries(zip, 100);
    const garbled = { ...entry!, stored: entry!.stored.map((byte) => byte ^ 0x5a) as Bytes };
    await expect(expandEntry(garbled)).rejects.toThrow(new ZipFormatError('top.gtl is damaged'));
  });

  it('refuses a directory listing more entries than allowed before reading any', () => {
    const zip = zipSync({ 'a.gbr': encode(copper), 'b.gbr': encode(copper) }) as Bytes;
    expect(() => zipEntries(zip, 1)).toThrow(new ZipFormatError('it holds 2 entries, more than 1'));
  });

  it('refuses, before expanding, an archive whose stated sizes pass the drop limit', async () => {
    const zip = zipSync({ 'top.gtl': encode(copper) }) as Bytes;
    const bomb = withField(zip, 0, 24, DROP_LIMITS.maxBytes + 1, 32);
    await expect(readDrop([{ name: 'bomb.zip', bytes: bomb }])).rejects.toThrow(
      'The files are too large: at most 200 MB after unzipping',
    );
    const locked = withField(zip, 0, 8, 1, 16);
    await expect(readDrop([{ name: 'locked.zip', bytes: locked }])).rejects.toThrow(
      'locked.zip cannot be unzipped: top.gtl is protected by a password',
    );
  });
});
