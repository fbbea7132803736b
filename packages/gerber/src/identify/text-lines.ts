const LINE_BREAK = /\r\n|\r|\n/g;

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

/**
 * The trimmed, non-empty lines of the first `limit` characters of `text`, produced lazily so a
 * caller that decides early never splits the rest.
 */
export function* headLines(text: string, limit: number): Generator<string> {
  const scanned = head(text, limit);
  const breaks = new RegExp(LINE_BREAK);
  let start = 0;
  while (start < scanned.length) {
    const found = breaks.exec(scanned);
    const end = found ? found.index : scanned.length;
    const line = scanned.slice(start, end).trim();
    if (line !== '') yield line;
    start = found ? end + found[0].length : scanned.length;
  }
}
