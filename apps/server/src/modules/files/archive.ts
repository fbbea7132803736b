import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import type { UploadLimits } from '../../config.ts';
import { AppError, validationFailed } from '../../http/errors.ts';
import { tooLarge } from '../../http/multipart.ts';
import type { StagingSpace } from '../../http/upload-staging.ts';
import { describeBytes } from '../../lib/byte-sizes.ts';
import { sanitizeFileName } from '../../lib/file-names.ts';

/** A file taken out of an archive, staged beside it. */
export type ArchiveEntry = { fileName: string; path: string; size: number };

/** An archive's files, and what else it held (for saying why an archive gave no files). */
export type ArchiveContents = {
  files: ArchiveEntry[];
  /** Folder entries. */
  folders: number;
  /** Archivers' metadata skipped (__MACOSX/, .DS_Store, Thumbs.db). */
  junk: number;
};

/**
 * What all archives of one upload may still expand to; what they expand to is staged beside the
 * upload and counts in its staging space too.
 */
export type ExpansionBudget = {
  entries: number;
  bytes: number;
  staging: Pick<StagingSpace, 'add'> | undefined;
};

export function expansionBudget(
  limits: UploadLimits,
  staging: Pick<StagingSpace, 'add'> | undefined,
): ExpansionBudget {
  return { entries: limits.maxArchiveEntries, bytes: limits.maxExpandedBytes, staging };
}

// Entries this small may compress as well as they like: the ratio guard is for bombs, and a bomb
// has to be big to do harm.
const RATIO_EXEMPT_BYTES = 1024 * 1024;

// Folders and files that archivers add and nobody uploads on purpose.
const JUNK_ENTRY = /(?:^|\/)(?:__MACOSX\/|\.DS_Store$|Thumbs\.db$|desktop\.ini$)/i;

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const EMPTY_ZIP_MAGIC = [0x50, 0x4b, 0x05, 0x06];

/** Whether a staged file is a zip archive (by its first bytes, not its name). */
export async function isZipFile(filePath: string): Promise<boolean> {
  const handle = await fs.promises.open(filePath, 'r');
  try {
    const head = Buffer.alloc(4);
    const { bytesRead } = await handle.read(head, 0, 4, 0);
    if (bytesRead < 4) return false;
    const starts = (magic: number[]) => magic.every((byte, index) => head[index] === byte);
    return starts(ZIP_MAGIC) || starts(EMPTY_ZIP_MAGIC);
  } finally {
    await handle.close();
  }
}

const refuse = (archiveName: string, reason: string) =>
  validationFailed({ files: `${archiveName} was not added: ${reason}` });

function openZip(zipPath: string): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(
      zipPath,
      { lazyEntries: true, autoClose: true, validateEntrySizes: true, strictFileNames: false },
      (error, zipFile) => (error ? reject(error) : resolve(zipFile)),
    );
  });
}

function isSymbolicLink(entry: Entry): boolean {
  // Unix mode bits live in the high half of the external attributes.
  return ((entry.externalFileAttributes >>> 16) & 0o170000) === 0o120000;
}

/** yauzl's own refusals (names, sizes, corrupt data) in words for the uploader. */
function explainZipError(error: Error): string {
  const message = error.message;
  if (message.startsWith('absolute path')) {
    return `it holds an entry with an absolute path (${message.slice('absolute path: '.length)})`;
  }
  if (message.startsWith('invalid relative path')) {
    return `it holds an entry that points outside the archive (${message.slice('invalid relative path: '.length)})`;
  }
  if (message.includes('too many bytes') || message.includes('too few bytes')) {
    return 'an entry is not the size the archive declares (a damaged archive or a zip bomb)';
  }
  return `it is not a readable zip archive (${message})`;
}

/** Our refusals pass through; a system error (disk full) stays one; the rest is the archive's. */
function asRefusal(error: unknown, archiveName: string): unknown {
  if (error instanceof AppError || (error as NodeJS.ErrnoException).syscall !== undefined) {
    return error;
  }
  return refuse(archiveName, explainZipError(error as Error));
}

/**
 * Expands a zip archive, folders included, into `outputDir`, refusing the whole archive when it
 * breaks a rule: entries with absolute paths or `..`, symbolic links, encrypted entries, more
 * entries or more expanded bytes than the budget left, a file over the per-file limit, or an
 * entry compressed more than UPLOAD_MAX_COMPRESSION_RATIO to one. Sizes are checked against
 * what the archive declares before anything is read, and against the bytes actually produced
 * while reading. Nested archives stay files. Archivers' junk (__MACOSX/, .DS_Store) is skipped.
 */
export async function expandZip(
  zipPath: string,
  archiveName: string,
  outputDir: string,
  limits: UploadLimits,
  budget: ExpansionBudget,
): Promise<ArchiveContents> {
  let zipFile: ZipFile;
  try {
    zipFile = await openZip(zipPath);
  } catch (error) {
    throw refuse(archiveName, explainZipError(error as Error));
  }
  if (zipFile.entryCount > budget.entries) {
    zipFile.close();
    throw tooLarge(
      `${archiveName} was not added: it holds ${zipFile.entryCount} entries and an upload may expand to at most ${limits.maxArchiveEntries} (UPLOAD_MAX_ARCHIVE_ENTRIES)`,
    );
  }
  await fs.promises.mkdir(outputDir, { recursive: true });

  const entries: (ArchiveEntry & { archivePath: string })[] = [];
  let folders = 0;
  let junk = 0;
  return new Promise<ArchiveContents>((resolve, reject) => {
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      zipFile.close();
      reject(error);
    };

    const overBudget = () =>
      tooLarge(
        `${archiveName} was not added: the archives of an upload may expand to at most ${describeBytes(limits.maxExpandedBytes)} (UPLOAD_MAX_EXPANDED_BYTES)`,
      );
    const spend = (bytes: number) => {
      budget.bytes -= bytes;
      if (budget.bytes < 0) throw overBudget();
      budget.staging?.add(bytes);
    };

    const checkDeclared = (entry: Entry) => {
      if (isSymbolicLink(entry)) {
        throw refuse(archiveName, `${entry.fileName} is a symbolic link`);
      }
      if (entry.isEncrypted()) {
        throw refuse(archiveName, `${entry.fileName} is encrypted`);
      }
      if (entry.uncompressedSize > limits.maxFileBytes) {
        throw tooLarge(
          `${archiveName} was not added: ${entry.fileName} expands to more than the ${describeBytes(limits.maxFileBytes)} limit per file (UPLOAD_MAX_FILE_BYTES)`,
        );
      }
      if (entry.uncompressedSize > budget.bytes) throw overBudget();
      if (
        entry.uncompressedSize > RATIO_EXEMPT_BYTES &&
        entry.uncompressedSize / Math.max(entry.compressedSize, 1) > limits.maxCompressionRatio
      ) {
        throw tooLarge(
          `${archiveName} was not added: ${entry.fileName} is compressed more than ${limits.maxCompressionRatio} to 1 (UPLOAD_MAX_COMPRESSION_RATIO), which only zip bombs do`,
        );
      }
    };

    const extract = async (entry: Entry) => {
      checkDeclared(entry);
      const target = path.join(outputDir, `entry-${entries.length + 1}`);
      const stream = await zipFile.openReadStreamPromise(entry);
      let size = 0;
      await pipeline(
        stream,
        new Transform({
          transform(chunk: Buffer, _encoding, callback) {
            size += chunk.length;
            try {
              // validateEntrySizes stops a stream that outgrows its declared size; this stops
              // the upload's total at the budget even when declarations lie consistently.
              spend(chunk.length);
              callback(null, chunk);
            } catch (error) {
              callback(error as Error);
            }
          },
        }),
        fs.createWriteStream(target),
      );
      entries.push({
        fileName: sanitizeFileName(entry.fileName),
        path: target,
        size,
        archivePath: entry.fileName,
      });
    };

    zipFile.on('error', (error: Error) => fail(refuse(archiveName, explainZipError(error))));
    zipFile.on('end', () => {
      if (settled) return;
      settled = true;
      // Listed by their path in the archive, as a file manager shows them.
      const ordered = entries.sort((a, b) => a.archivePath.localeCompare(b.archivePath, 'en'));
      resolve({ files: ordered.map(({ archivePath: _path, ...file }) => file), folders, junk });
    });
    zipFile.on('entry', (entry: Entry) => {
      if (settled) return;
      budget.entries -= 1;
      if (JUNK_ENTRY.test(entry.fileName)) {
        junk += 1;
        zipFile.readEntry();
        return;
      }
      if (entry.fileName.endsWith('/')) {
        folders += 1;
        zipFile.readEntry();
        return;
      }
      extract(entry).then(
        () => zipFile.readEntry(),
        (error: unknown) => fail(asRefusal(error, archiveName)),
      );
    });
    zipFile.readEntry();
  });
}
