// A stored board render, downloaded so that the board can be shown before all of it has arrived.
// The server writes the render with the pictures of the two sides first and every layer's own
// picture last (the bulk of it: 11 of the 15 MB of limesdr-qpcie); the viewer shows a side as
// soon as the part before the layers has arrived, and the layers when the rest has.

/** What is known of the download: its head (all but `layers`) first, then the whole. */
export type RenderDownload = {
  /** The render without its `layers` (or the whole, if it has none); null if unreadable. */
  head: Promise<unknown>;
  /** The whole render; null if it cannot be read. */
  full: Promise<unknown>;
};

const QUOTE = 34;
const BACKSLASH = 92;

/**
 * Finds, in JSON text that grows, where the top-level member `"layers"` begins (the comma
 * before it): scanning resumes where it stopped, and strings are skipped from quote to quote.
 */
export class LayersKeyFinder {
  private position = 0;
  private depth = 0;
  /** The last top-level comma seen, and whether a key string followed it. */
  private lastComma = -1;

  /** The index of the comma before the top-level `"layers"` key in `text`, or -1 so far. */
  find(text: string): number {
    let index = this.position;
    while (index < text.length) {
      const code = text.charCodeAt(index);
      if (code === QUOTE) {
        const end = stringEnd(text, index);
        if (end < 0) break; // The string goes on in text not yet arrived.
        if (this.depth === 1 && this.lastComma >= 0 && text.slice(index + 1, end) === 'layers') {
          let after = end + 1;
          while (after < text.length && text.charCodeAt(after) <= 32) after++;
          if (after >= text.length) break;
          if (text.charCodeAt(after) === 58) return this.lastComma;
        }
        this.lastComma = -1;
        index = end + 1;
        continue;
      }
      if (code === 44) {
        this.lastComma = this.depth === 1 ? index : -1;
      } else if (code > 32) {
        // Anything else but white space: a value, or an object or array opening or closing.
        if (code === 123 || code === 91) this.depth++;
        else if (code === 125 || code === 93) this.depth--;
        this.lastComma = -1;
      }
      index++;
    }
    this.position = index;
    return -1;
  }
}

/** The index of the quote closing the string opened at `open`; -1 if it has not arrived. */
function stringEnd(text: string, open: number): number {
  let from = open + 1;
  for (;;) {
    const quote = text.indexOf('"', from);
    if (quote < 0) return -1;
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return quote;
    from = quote + 1;
  }
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Downloads a stored render on this thread; see RenderDownload. Failures answer null. */
export function readRender(link: string, signal?: AbortSignal): RenderDownload {
  let resolveHead: (value: unknown) => void = () => undefined;
  const head = new Promise<unknown>((resolve) => {
    resolveHead = resolve;
  });
  const full = (async (): Promise<unknown> => {
    try {
      const response = await fetch(link, { signal });
      if (!response.ok || !response.body) return null;
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      const finder = new LayersKeyFinder();
      let text = '';
      let headGiven = false;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
        if (!headGiven) {
          const comma = finder.find(text);
          if (comma >= 0) {
            headGiven = true;
            resolveHead(parse(`${text.slice(0, comma)}}`));
          }
        }
      }
      text += decoder.decode();
      const whole = parse(text);
      if (!headGiven) resolveHead(whole);
      return whole;
    } catch {
      return null;
    } finally {
      resolveHead(null);
    }
  })();
  return { head, full };
}
