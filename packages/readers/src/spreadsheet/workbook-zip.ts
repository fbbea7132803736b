// The parts of an XLSX zip, read within limits. A workbook is a zip: its parts are inflated only
// when the workbook uses them (the workbook, its relationships, the shared strings and the
// sheets), and only after what they expand to has been counted from the zip's directory: the
// number of entries, the bytes of the parts read together, and how many times each part expands.
// A zip that would expand past a limit is refused with the limit named, before anything of it
// is inflated (a 2.6 MB zip of 40 parts of 63 MB would otherwise cost 2.5 GB).

import { unzipSync } from 'fflate';

/** The limits a workbook is read within. */
export const WORKBOOK_LIMITS = {
  /** Entries in the zip's directory (Excel writes a few dozen). */
  entries: 10_000,
  /** Bytes the parts read expand to, together. */
  expandedBytes: 64 * 1024 * 1024,
  /** How many times one part may expand (above `ratioFromBytes`); XML rarely passes 50. */
  ratio: 200,
  ratioFromBytes: 1024 * 1024,
} as const;

export class WorkbookRefused extends Error {
  override name = 'WorkbookRefused';
}

class TooManyEntries extends Error {}

function sizeText(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.ceil(bytes / 1024).toLocaleString('en')} kB`;
  return `${(bytes / (1024 * 1024)).toLocaleString('en', { maximumFractionDigits: 1 })} MB`;
}

/** Reads parts of one zip, keeping count of what was inflated so far. */
export type WorkbookZip = {
  /** The named parts that exist, inflated; missing parts are left out. */
  read(paths: readonly string[]): Record<string, Uint8Array>;
};

/**
 * Opens the zip's directory: counts its entries (refused past `WORKBOOK_LIMITS.entries`) and
 * answers a reader of its parts. Throws WorkbookRefused with the limit named, or fflate's error
 * for a damaged zip.
 */
export function openWorkbookZip(bytes: Uint8Array): WorkbookZip {
  let inflated = 0;
  const read = (paths: readonly string[]): Record<string, Uint8Array> => {
    const wanted = new Set(paths);
    const refusals: string[] = [];
    let entries = 0;
    let files: Record<string, Uint8Array>;
    try {
      files = unzipSync(bytes, {
        filter: (file) => {
          entries += 1;
          // The directory may claim billions of entries: stop counting at the limit.
          if (entries > WORKBOOK_LIMITS.entries) throw new TooManyEntries();
          if (!wanted.has(file.name)) return false;
          const size = file.originalSize;
          if (
            size > WORKBOOK_LIMITS.ratioFromBytes &&
            size / Math.max(file.size, 1) > WORKBOOK_LIMITS.ratio
          ) {
            refusals.push(
              `its part ${file.name} expands ${Math.round(size / Math.max(file.size, 1)).toLocaleString('en')} times (from ${sizeText(file.size)} to ${sizeText(size)}), and no part may expand more than ${WORKBOOK_LIMITS.ratio} times`,
            );
            return false;
          }
          if (inflated + size > WORKBOOK_LIMITS.expandedBytes) {
            refusals.push(
              `the parts to read expand to more than ${sizeText(WORKBOOK_LIMITS.expandedBytes)} (the most a workbook may expand to); ${file.name} alone is ${sizeText(size)}`,
            );
            return false;
          }
          inflated += size;
          return true;
        },
      });
    } catch (error) {
      if (error instanceof TooManyEntries)
        throw new WorkbookRefused(
          `its zip lists more than ${WORKBOOK_LIMITS.entries.toLocaleString('en')} entries (the most a workbook may hold)`,
        );
      throw error;
    }
    if (refusals.length > 0) throw new WorkbookRefused(refusals[0]!);
    return files;
  };
  return { read };
}
