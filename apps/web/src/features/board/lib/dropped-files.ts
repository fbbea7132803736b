import { unzipSync } from 'fflate';
import type { LocalFile } from './local-board.ts';

// Dropped files as the instant quote reads them: zips expanded, text kept, within limits that keep
// a browser tab safe from a zip bomb.

export const DROP_LIMITS = {
  /** Files after zips are expanded. */
  maxFiles: 300,
  /** Bytes of all files together after expansion. */
  maxBytes: 200 * 1024 * 1024,
} as const;

export type DroppedFile = { name: string; bytes: Uint8Array };

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

/** Expands zips (one level, folders flattened; macOS resource forks left out) and reads text. */
export function readDrop(dropped: readonly DroppedFile[]): ReadDrop {
  const files: DroppedFile[] = [];
  let bytes = 0;
  const add = (file: DroppedFile) => {
    bytes += file.bytes.length;
    if (files.length >= DROP_LIMITS.maxFiles) {
      throw new DropError(`Too many files: at most ${DROP_LIMITS.maxFiles} after unzipping`);
    }
    if (bytes > DROP_LIMITS.maxBytes) {
      throw new DropError(
        `The files are too large: at most ${DROP_LIMITS.maxBytes / 1024 / 1024} MB after unzipping`,
      );
    }
    files.push(file);
  };
  for (const file of dropped) {
    if (!isZip(file)) {
      add(file);
      continue;
    }
    let entries: Record<string, Uint8Array>;
    let expanded = 0;
    try {
      entries = unzipSync(file.bytes, {
        filter: (entry) => {
          if (entry.name.endsWith('/') || entry.name.includes('__MACOSX/')) return false;
          expanded += entry.originalSize;
          if (bytes + expanded > DROP_LIMITS.maxBytes) {
            throw new DropError(
              `The files are too large: at most ${DROP_LIMITS.maxBytes / 1024 / 1024} MB after unzipping`,
            );
          }
          return true;
        },
      });
    } catch (error) {
      if (error instanceof DropError) throw error;
      throw new DropError(`${file.name} is not a zip archive that can be read`);
    }
    for (const [path, content] of Object.entries(entries)) {
      const name = baseName(path);
      if (name.startsWith('.')) continue;
      add({ name, bytes: content });
    }
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
