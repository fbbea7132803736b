// File names from users and archives are shown, never used as paths or storage keys.

const MAX_NAME_LENGTH = 200;

/** Control characters, and the bidirectional overrides that can disguise an extension. */
function isUnsafeCharacter(character: string): boolean {
  const code = character.codePointAt(0)!;
  return (
    code < 0x20 ||
    code === 0x7f ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069)
  );
}

/** A displayable file name: the last path segment, without control characters, at most 200. */
export function sanitizeFileName(raw: string): string {
  const lastSegment = raw.normalize('NFC').split(/[/\\]/).pop() ?? '';
  let name = [...lastSegment]
    .filter((character) => !isUnsafeCharacter(character))
    .join('')
    .trim();
  if (name === '.' || name === '..') name = '';
  if (name.length > MAX_NAME_LENGTH) {
    const dot = name.lastIndexOf('.');
    const extension = dot > 0 && name.length - dot <= 16 ? name.slice(dot) : '';
    name = name.slice(0, MAX_NAME_LENGTH - extension.length) + extension;
  }
  return name === '' ? 'file' : name;
}
