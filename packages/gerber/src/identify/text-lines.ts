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
export function isTrimmed(c: number): boolean {
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
 * caller that decides early never splits the rest. Lines end at CR LF, LF or a lone CR.
 */
export function* headLines(text: string, limit: number): Generator<string> {
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
    const piece = scanned.slice(start, end);
    start = end + 1;
    // A CR inside the line (not just before its LF) splits it again.
    if (nextCr < end - 1) {
      for (const part of piece.split('\r')) {
        const line = part.trim();
        if (line !== '') yield line;
      }
      continue;
    }
    const line = piece.trim();
    if (line !== '') yield line;
  }
}

const C_LF = 10;
const C_CR = 13;

/** Where the line holding `from` ends: its LF or CR, or the end of the text. */
function lineEnd(text: string, from: number): number {
  let end = from;
  while (end < text.length) {
    const c = text.charCodeAt(end);
    if (c === C_LF || c === C_CR) break;
    end++;
  }
  return end;
}

/** Whether only white space stands between the start of its line and `at`. */
function startsLine(text: string, at: number): boolean {
  for (let k = at - 1; k >= 0; k--) {
    const c = text.charCodeAt(k);
    if (c === C_LF || c === C_CR) return true;
    if (!isTrimmed(c)) return false;
  }
  return true;
}

/** The first line from `from` on whose text starts with `prefix`: where that text starts, or -1. */
function nextLineWith(text: string, prefix: string, from: number): number {
  let at = text.indexOf(prefix, from);
  while (at >= 0 && !startsLine(text, at)) {
    // Found inside a line: that line does not start with it.
    at = text.indexOf(prefix, lineEnd(text, at));
  }
  return at;
}

/**
 * The lines headLines gives that start with one of `prefixes`, in order. They are found by
 * searching for the prefixes rather than by splitting every line: in a Gerber file the comments
 * and attributes wanted are a few lines among thousands of coordinate blocks.
 */
export function* headLinesStartingWith(
  text: string,
  limit: number,
  prefixes: readonly string[],
): Generator<string> {
  const scanned = head(text, limit);
  const next = prefixes.map((prefix) => nextLineWith(scanned, prefix, 0));
  for (;;) {
    let at = -1;
    for (const position of next) if (position >= 0 && (at < 0 || position < at)) at = position;
    if (at < 0) return;
    const end = lineEnd(scanned, at);
    yield scanned.slice(at, end).trim();
    for (let k = 0; k < prefixes.length; k++) {
      const position = next[k] as number;
      if (position >= 0 && position < end) {
        next[k] = nextLineWith(scanned, prefixes[k] as string, end);
      }
    }
  }
}
