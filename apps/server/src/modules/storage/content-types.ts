// The Content-Type a stored file is served with, from its name and what detection found. Types a
// browser would run (HTML, JavaScript) are served as plain text.

const BY_EXTENSION: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
  zip: 'application/zip',
  csv: 'text/csv; charset=utf-8',
  tsv: 'text/tab-separated-values; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  md: 'text/plain; charset=utf-8',
  json: 'application/json',
  xml: 'text/plain; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  step: 'model/step',
  stp: 'model/step',
};

const TEXT = 'text/plain; charset=utf-8';
const BINARY = 'application/octet-stream';

export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot <= 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/**
 * By extension first; otherwise text for files known to be text (Gerber, Excellon, CSV-like
 * exports with odd extensions such as .gtl, .drd, .mnt), else binary.
 */
export function contentTypeFor(fileName: string, isText: boolean): string {
  return BY_EXTENSION[extensionOf(fileName)] ?? (isText ? TEXT : BINARY);
}
