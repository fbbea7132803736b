import type { LocalFile } from './local-board.ts';
import { type Bytes, expandEntry, ZipFormatError, zipEntries } from './zip-archive.ts';

// Dropped files as the instant quote reads them: zips expanded, text kept, within limits that keep
// a browser tab safe from a zip bomb.

export const DROP_LIMITS = {
  /** Files after zips are expanded. */
  maxFiles: 300,
  /** Entries a zip's directory may list, folders included. */
  maxEntries: 10_000,
  /** Bytes of all files together after expansion. */
  maxBytes: 200 * 1024 * 1024,
} as const;

export type DroppedFile = { name: string; bytes: Bytes };

export type ReadDrop = {
  /** Text files to identify (Gerber, drill and whatever else was in the drop). */
  texts: LocalFile[];
  /** Files that are not text (images, PDFs): listed, never read as layers. */
  skipped: string[];
};

export class DropError extends Error {}

const isZip = (file: DroppedFile) =>
  file.name.toLowerCase().endsWith('.zip') ||
  (file.bytes[0] === 0x50 && file.bytes[1] === 0x4b && file.bytes[2] === 0x03);

const baseName = (path: string) => path.split(/[\\/]/).pop() ?? path;

/**
 * Bytes read one character each (Gerber and Excellon are ASCII). The browser's decoder reads
 * megabytes in milliseconds where building the text in JavaScript took a second; its "latin1" is
 * windows-1252, which still maps every byte to one character.
 */
const singleByteText = new TextDecoder('latin1');

const tooLarge = () =>
  new DropError(
    `The files are too large: at most ${DROP_LIMITS.maxBytes / 1024 / 1024} MB after unzipping`,
  );

/**
 * A zip's files (folders flattened; folders, macOS resource forks and hidden files left out),
 * refused before anything is expanded when the sizes it states pass `room` bytes.
 */
async function archiveFiles(archive: DroppedFile, room: number): Promise<DroppedFile[]> {
  try {
    const entries = zipEntries(archive.bytes, DROP_LIMITS.maxEntries).filter(
      (entry) =>
        !entry.path.endsWith('/') &&
        !entry.path.includes('__MACOSX/') &&
        !baseName(entry.path).startsWith('.'),
    );
    if (entries.reduce((sum, entry) => sum + entry.size, 0) > room) throw tooLarge();
    const expanded = await Promise.all(entries.map(expandEntry));
    return entries.map((entry, index) => ({ name: baseName(entry.path), bytes: expanded[index]! }));
  } catch (error) {
    if (error instanceof DropError) throw error;
    if (error instanceof ZipFormatError)
      throw new DropError(`${archive.name} cannot be unzipped: ${error.message}`);
    throw new DropError(`${archive.name} is not a zip archive that can be read`);
  }
}

/** Expands zips (one level) and reads text. */
export async function readDrop(dropped: readonly DroppedFile[]): Promise<ReadDrop> {
  const files: DroppedFile[] = [];
  let bytes = 0;
  const add = (file: DroppedFile) => {
    bytes += file.bytes.length;
    if (files.length >= DROP_LIMITS.maxFiles) {
      throw new DropError(`Too many files: at most ${DROP_LIMITS.maxFiles} after unzipping`);
    }
    if (bytes > DROP_LIMITS.maxBytes) throw tooLarge();
    files.push(file);
  };
  for (const file of dropped) {
    if (!isZip(file)) {
      add(file);
      continue;
    }
    for (const entry of await archiveFiles(file, DROP_LIMITS.maxBytes - bytes)) add(entry);
  }
  if (files.length === 0) throw new DropError('There are no files in what was dropped');
  const texts: LocalFile[] = [];
  const skipped: string[] = [];
  for (const file of files) {
    if (file.bytes.length === 0 || file.bytes.subarray(0, 65_536).includes(0)) {
      skipped.push(file.name);
    } else texts.push({ name: file.name, text: singleByteText.decode(file.bytes) });
  }
  return { texts, skipped };
}
