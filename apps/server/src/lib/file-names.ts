// File names from users and archives are shown, never used as paths or storage keys.

const MAX_NAME_LENGTH = 200;

// Control characters and the bidirectional overrides that can disguise an extension.
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g;

/** A displayable file name: the last path segment, without control characters, at most 200. */
export function sanitizeFileName(raw: string): string {
  const lastSegment = raw.normalize('NFC').split(/[/\\]/).pop() ?? '';
  let name = lastSegment.replace(UNSAFE_CHARACTERS, '').trim();
  if (name === '.' || name === '..') name = '';
  if (name.length > MAX_NAME_LENGTH) {
    const dot = name.lastIndexOf('.');
    const extension = dot > 0 && name.length - dot <= 16 ? name.slice(dot) : '';
    name = name.slice(0, MAX_NAME_LENGTH - extension.length) + extension;
  }
  return name === '' ? 'file' : name;
}
