/**
 * The first `limit` characters, less a last line the limit cut in two (unless it is the only
 * line, as in a Gerber file written without line breaks).
 */
function head(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const cut = text.slice(0, limit);
  const lastBreak = Math.max(cut.lastIndexOf('\n'), cut.lastIndexOf('\r'));
  return lastBreak > 0 ? cut.slice(0, lastBreak) : cut;
}

/** The characters String.prototype.trim removes (white space and line terminators). */
function isTrimmed(c: number): boolean {
  if (c <= 32) return c === 32 || (c >= 9 && c <= 13);
  if (c < 0xa0) return false;
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/**
 * The trimmed, non-empty lines of the first `limit` characters of `text`, produced lazily so a
 * caller that decides early never splits the rest. Lines end at CR LF, LF or a lone CR. With
 * `wanted`, only lines it accepts (given the text and where the trimmed line starts in it) are
 * produced, and the others are skipped without being copied: most lines of a file are
 * coordinates no caller reads.
 */
export function* headLines(
  text: string,
  limit: number,
  wanted?: (text: string, first: number) => boolean,
): Generator<string> {
  const scanned = head(text, limit);
  // Searching for one character is much faster than a regular expression; a file with no LF at
  // all is split at CR, and a lone CR inside a line of a LF file is split again below.
  const separator = scanned.includes('\n') ? '\n' : '\r';
  let start = 0;
  let nextCr = -1;
  while (start < scanned.length) {
    let end = scanned.indexOf(separator, start);
    if (end < 0) end = scanned.length;
    if (nextCr < start) nextCr = separator === '\r' ? end : scanned.indexOf('\r', start);
    if (nextCr < 0) nextCr = scanned.length;
    // A CR inside the line (not just before its LF) splits it again.
    const innerCr = nextCr < end - 1;
    if (wanted && !innerCr) {
      let first = start;
      while (first < end && isTrimmed(scanned.charCodeAt(first))) first++;
      if (first === end || !wanted(scanned, first)) {
        start = end + 1;
        continue;
      }
    }
    const piece = scanned.slice(start, end);
    start = end + 1;
    if (innerCr) {
      for (const part of piece.split('\r')) {
        const line = part.trim();
        if (line !== '' && (!wanted || wanted(line, 0))) yield line;
      }
      continue;
    }
    const line = piece.trim();
    if (line !== '') yield line;
  }
}
