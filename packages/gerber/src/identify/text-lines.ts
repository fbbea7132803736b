const LINE_BREAK = /\r\n|\r|\n/g;

/**
 * The trimmed, non-empty lines of the first `limit` characters of `text`, produced lazily so a
 * caller that decides early never splits the rest.
 */
export function* headLines(text: string, limit: number): Generator<string> {
  const head = text.length > limit ? text.slice(0, limit) : text;
  const breaks = new RegExp(LINE_BREAK);
  let start = 0;
  while (start < head.length) {
    const found = breaks.exec(head);
    const end = found ? found.index : head.length;
    const line = head.slice(start, end).trim();
    if (line !== '') yield line;
    start = found ? end + found[0].length : head.length;
  }
}
