// An upload's files with zip archives expanded in place: what may be added, or every reason
// why not, named per file so that one answer tells the uploader everything to fix.

import path from 'node:path';
import type { UploadLimits } from '../../config.ts';
import { AppError, validationFailed } from '../../http/errors.ts';
import type { UploadedFile } from '../../http/multipart.ts';
import { sanitizeFileName } from '../../lib/file-names.ts';
import { extensionOf } from '../storage/content-types.ts';
import { type ArchiveContents, expandZip, expansionBudget, isZipFile } from './archive.ts';

/** A file to add: uploaded as it is, or taken out of an archive. */
export type Candidate = { fileName: string; path: string; size: number };

// Office documents are zips too; they are files, not folders to expand.
const ZIPPED_DOCUMENTS = new Set(['xlsx', 'xlsm', 'docx', 'pptx', 'ods', 'odt', 'odp']);

/** Why an archive adds nothing, or has a file that cannot be added; null when it is fine. */
function archiveRefusal(contents: ArchiveContents): string | null {
  if (contents.files.length === 0) {
    if (contents.folders > 0) return 'it holds only folders, no files';
    if (contents.junk > 0) return 'it holds only archiver metadata (__MACOSX, .DS_Store), no files';
    return 'the archive is empty';
  }
  const empty = contents.files.filter((file) => file.size === 0).map((file) => file.fileName);
  if (empty.length === 1) return `${empty[0]} in it is empty (0 bytes)`;
  if (empty.length > 1) {
    return `${empty.slice(0, -1).join(', ')} and ${empty.at(-1)} in it are empty (0 bytes)`;
  }
  return null;
}

/**
 * The upload's files with zips expanded (each archive's entries in place of it). Files that
 * cannot be added (empty, a damaged archive, an archive without files) are refused together,
 * each named with its reason, so one answer tells the uploader everything to fix; a limit
 * broken stops the upload at once.
 */
export async function expandUploads(
  uploads: readonly UploadedFile[],
  unzip: boolean,
  limits: UploadLimits,
) {
  const budget = expansionBudget(limits, uploads[0]?.staging);
  const candidates: Candidate[] = [];
  const refusals: string[] = [];
  for (const [index, upload] of uploads.entries()) {
    const fileName = sanitizeFileName(upload.fileName);
    if (upload.size === 0) {
      refusals.push(`${fileName} was not added: it is empty (0 bytes)`);
      continue;
    }
    const archive = unzip && !ZIPPED_DOCUMENTS.has(extensionOf(fileName));
    if (!archive || !(await isZipFile(upload.path))) {
      if (archive && extensionOf(fileName) === 'zip') {
        refusals.push(`${fileName} was not added: it is not a zip archive (a damaged download?)`);
      } else {
        candidates.push({ fileName, path: upload.path, size: upload.size });
      }
      continue;
    }
    const outputDir = path.join(path.dirname(upload.path), `expanded-${index + 1}`);
    try {
      const contents = await expandZip(upload.path, fileName, outputDir, limits, budget);
      const refusal = archiveRefusal(contents);
      if (refusal) refusals.push(`${fileName} was not added: ${refusal}`);
      else candidates.push(...contents.files);
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'validation_failed') throw error;
      refusals.push(error.message);
    }
  }
  if (refusals.length > 0) throw validationFailed({ files: refusals.join('\n') });
  return candidates;
}
