// A zip archive's files, expanded by the browser's own DecompressionStream: native inflation is
// several times faster than inflating in JavaScript in a worker whose script has not been
// optimised yet, and the instant quote unzips once per drop, always cold (bench/README.md).

/** Why an archive cannot be expanded, said so that the visitor knows what to do. */
export class ZipFormatError extends Error {}

/** A file in the archive: where its bytes are and what they expand to. */
export type ZipEntry = {
  /** The path inside the archive, folders included; folders end with '/'. */
  path: string;
  /** Bytes as stored (compressed or not). */
  stored: Bytes;
  /** 0: stored as is; 8: deflated. */
  method: 0 | 8;
  /** Size after expansion, as the archive states it. */
  size: number;
};

/** Bytes in memory of the page or worker (never shared with another thread). */
export type Bytes = Uint8Array<ArrayBuffer>;

const END_OF_DIRECTORY = 0x06054b50;
const ZIP64_END_LOCATOR = 0x07064b50;
const ZIP64_END_OF_DIRECTORY = 0x06064b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_ENTRY = 0x04034b50;
const ZIP64_EXTRA = 0x0001;
/** A 32-bit field with this value says the real one is in the zip64 extra field. */
const IN_ZIP64 = 0xffffffff;

const METHOD_NAMES: Record<number, string> = {
  1: 'Shrink',
  6: 'Implode',
  9: 'Deflate64',
  12: 'BZIP2',
  14: 'LZMA',
  93: 'Zstandard',
  95: 'XZ',
  98: 'PPMd',
  99: 'AES encryption',
};

const names = new TextDecoder('utf-8');

class Reader {
  readonly bytes: Bytes;
  private readonly view: DataView;
  constructor(bytes: Bytes) {
    this.bytes = bytes;
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  private check(offset: number, length: number) {
    if (offset < 0 || offset + length > this.bytes.length) {
      throw new ZipFormatError('the archive is cut short or damaged');
    }
  }
  u16(offset: number) {
    this.check(offset, 2);
    return this.view.getUint16(offset, true);
  }
  u32(offset: number) {
    this.check(offset, 4);
    return this.view.getUint32(offset, true);
  }
  u64(offset: number) {
    this.check(offset, 8);
    const value = this.view.getBigUint64(offset, true);
    if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new ZipFormatError('the archive is damaged');
    return Number(value);
  }
  slice(offset: number, length: number) {
    this.check(offset, length);
    return this.bytes.subarray(offset, offset + length);
  }
}

/** Where the central directory is and how many entries it lists. */
function findDirectory(zip: Reader): { offset: number; entries: number } {
  // The end record is last, followed only by a comment of at most 65,535 bytes.
  const lowest = Math.max(0, zip.bytes.length - 22 - 65_535);
  let end = zip.bytes.length - 22;
  while (end >= lowest && zip.u32(end) !== END_OF_DIRECTORY) end -= 1;
  if (end < lowest) throw new ZipFormatError('it is not a zip archive');
  let entries = zip.u16(end + 10);
  let offset = zip.u32(end + 16);
  if (
    (entries === 0xffff || offset === IN_ZIP64) &&
    end >= 20 &&
    zip.u32(end - 20) === ZIP64_END_LOCATOR
  ) {
    const record = zip.u64(end - 20 + 8);
    if (zip.u32(record) !== ZIP64_END_OF_DIRECTORY)
      throw new ZipFormatError('the archive is damaged');
    entries = zip.u64(record + 32);
    offset = zip.u64(record + 48);
  }
  return { offset, entries };
}

/** The sizes and offset a zip64 extra field holds for the 32-bit fields that say IN_ZIP64. */
function zip64Values(
  zip: Reader,
  extra: { offset: number; length: number },
  wanted: { size: boolean; storedSize: boolean; localOffset: boolean },
) {
  let at = extra.offset;
  const end = extra.offset + extra.length;
  while (at + 4 <= end) {
    const id = zip.u16(at);
    const length = zip.u16(at + 2);
    if (id === ZIP64_EXTRA) {
      let field = at + 4;
      const next = () => {
        const value = zip.u64(field);
        field += 8;
        return value;
      };
      return {
        size: wanted.size ? next() : undefined,
        storedSize: wanted.storedSize ? next() : undefined,
        localOffset: wanted.localOffset ? next() : undefined,
      };
    }
    at += 4 + length;
  }
  throw new ZipFormatError('the archive is damaged');
}

/**
 * The archive's entries in the order it lists them, read from its central directory. At most
 * `maxEntries` are read: a directory listing more is refused before any is expanded.
 */
export function zipEntries(archive: Bytes, maxEntries: number): ZipEntry[] {
  const zip = new Reader(archive);
  const directory = findDirectory(zip);
  if (directory.entries > maxEntries) {
    throw new ZipFormatError(`it holds ${directory.entries} entries, more than ${maxEntries}`);
  }
  const entries: ZipEntry[] = [];
  let at = directory.offset;
  for (let index = 0; index < directory.entries; index += 1) {
    if (zip.u32(at) !== DIRECTORY_ENTRY) throw new ZipFormatError('the archive is damaged');
    const flags = zip.u16(at + 8);
    const method = zip.u16(at + 10);
    let storedSize = zip.u32(at + 20);
    let size = zip.u32(at + 24);
    const nameLength = zip.u16(at + 28);
    const extraLength = zip.u16(at + 30);
    const commentLength = zip.u16(at + 32);
    let localOffset = zip.u32(at + 42);
    const path = names.decode(zip.slice(at + 46, nameLength));
    if (size === IN_ZIP64 || storedSize === IN_ZIP64 || localOffset === IN_ZIP64) {
      const wide = zip64Values(
        zip,
        { offset: at + 46 + nameLength, length: extraLength },
        {
          size: size === IN_ZIP64,
          storedSize: storedSize === IN_ZIP64,
          localOffset: localOffset === IN_ZIP64,
        },
      );
      size = wide.size ?? size;
      storedSize = wide.storedSize ?? storedSize;
      localOffset = wide.localOffset ?? localOffset;
    }
    at += 46 + nameLength + extraLength + commentLength;
    if (path.endsWith('/')) {
      entries.push({ path, stored: new Uint8Array(0), method: 0, size: 0 });
      continue;
    }
    if (flags & 1) throw new ZipFormatError(`${path} is protected by a password`);
    if (method !== 0 && method !== 8) {
      const name = METHOD_NAMES[method] ?? `method ${method}`;
      throw new ZipFormatError(`${path} is compressed with ${name}, which browsers cannot expand`);
    }
    if (zip.u32(localOffset) !== LOCAL_ENTRY) throw new ZipFormatError('the archive is damaged');
    const dataStart = localOffset + 30 + zip.u16(localOffset + 26) + zip.u16(localOffset + 28);
    entries.push({ path, stored: zip.slice(dataStart, storedSize), method, size });
  }
  return entries;
}

/**
 * An entry's bytes. Expansion stops as soon as it passes the size the archive states, so an
 * archive that lies about its sizes cannot fill the tab's memory.
 */
export async function expandEntry(entry: ZipEntry): Promise<Bytes> {
  if (entry.method === 0) {
    if (entry.stored.length !== entry.size) throw new ZipFormatError(`${entry.path} is damaged`);
    return entry.stored;
  }
  const output = new Uint8Array(entry.size);
  let filled = 0;
  const stored = entry.stored;
  const reader = new ReadableStream<BufferSource>({
    start(controller) {
      controller.enqueue(stored);
      controller.close();
    },
  })
    .pipeThrough(new DecompressionStream('deflate-raw'))
    .getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (filled + value.length > output.length) {
        await reader.cancel();
        throw new ZipFormatError(`${entry.path} expands to more than the archive says`);
      }
      output.set(value, filled);
      filled += value.length;
    }
  } catch (error) {
    if (error instanceof ZipFormatError) throw error;
    throw new ZipFormatError(`${entry.path} is damaged`);
  }
  if (filled !== output.length) throw new ZipFormatError(`${entry.path} is damaged`);
  return output;
}
