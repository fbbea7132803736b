// A stored board render, downloaded so that the board can be shown before all of it has arrived.
// The server writes what the board measures and, for a large board, a bitmap of its top first,
// then the pictures of the two sides, and every layer's own picture last (the bulk of it: 11 of
// the 15 MB of limesdr-qpcie). The viewer shows the bitmap as soon as it has arrived, a side as
// soon as the part before the layers has, and the layers when the rest has.

/** What is known of the download as it is read: its opening, its head, then the whole. */
export type RenderReading = {
  /** The members before the sides (`top`); null if they are not first or are unreadable. */
  opening: Promise<unknown>;
  /** The render without its `layers` (or the whole, if it has none); null if unreadable. */
  head: Promise<unknown>;
  /** The whole render; null if it cannot be read. */
  full: Promise<unknown>;
};

/** A download for the viewer: the reading, and the opening's preview of the top decoded. */
export type RenderDownload = RenderReading & {
  /** Null when there is none or it is unreadable. */
  preview: Promise<ImageBitmap | null>;
};

const QUOTE = 34;
const BACKSLASH = 92;

/**
 * Finds, in JSON text that grows, where a top-level member begins (the comma before its key):
 * scanning resumes where it stopped, and strings are skipped from quote to quote.
 */
export class MemberFinder {
  private readonly key: string;
  private position = 0;
  private depth = 0;
  /** The last top-level comma seen, and whether a key string followed it. */
  private lastComma = -1;

  constructor(key: string) {
    this.key = key;
  }

  /** The index of the comma before the top-level key in `text`, or -1 so far. */
  find(text: string): number {
    let index = this.position;
    while (index < text.length) {
      const code = text.charCodeAt(index);
      if (code === QUOTE) {
        const end = stringEnd(text, index);
        if (end < 0) break; // The string goes on in text not yet arrived.
        if (this.depth === 1 && this.lastComma >= 0 && text.slice(index + 1, end) === this.key) {
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

/** A promise and the function that settles it (later calls change nothing). */
export function settleable<T = unknown>(): {
  promise: Promise<T>;
  settle: (value: T | Promise<T>) => void;
} {
  let settle: (value: T | Promise<T>) => void = () => undefined;
  const promise = new Promise<T>((resolve) => {
    settle = resolve;
  });
  return { promise, settle };
}

/** The PNG of the preview an opening holds (`topPreview.src`, a data URL); null if none. */
export function previewPng(opening: unknown): Uint8Array<ArrayBuffer> | null {
  const src = (opening as { topPreview?: { src?: unknown } } | null)?.topPreview?.src;
  const comma = typeof src === 'string' ? src.indexOf(',') : -1;
  if (typeof src !== 'string' || comma < 0) return null;
  try {
    const binary = atob(src.slice(comma + 1));
    const bytes = new Uint8Array(binary.length);
    for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
    return bytes;
  } catch {
    return null;
  }
}

/**
 * A PNG decoded into a bitmap. The browser decodes it off the page's thread, where a 600 kB data
 * URL handed to an <img> held the page's thread for about 0.2 s; in a worker the decode waited
 * behind the download's reading, so the page decodes the bytes the worker hands it.
 */
export async function decodePng(png: Uint8Array<ArrayBuffer> | null): Promise<ImageBitmap | null> {
  if (!png || typeof createImageBitmap !== 'function') return null;
  try {
    return await createImageBitmap(new Blob([png], { type: 'image/png' }));
  } catch {
    return null;
  }
}

/** The body of a stored render's download; null when it cannot be had. Never throws. */
export async function fetchRenderBody(
  link: string,
  signal?: AbortSignal,
): Promise<ReadableStream<Uint8Array> | null> {
  try {
    const response = await fetch(link, { signal });
    return response.ok ? response.body : null;
  } catch {
    return null;
  }
}

/** Reads a stored render's download on this thread; see RenderReading. Failures answer null. */
export function readRender(download: Promise<ReadableStream<Uint8Array> | null>): RenderReading {
  const opening = settleable();
  const head = settleable();
  // The parts given before the whole, in the order they come in the text: each is the members
  // before its key. Once one is given, those before it can no longer come.
  const parts = [
    { finder: new MemberFinder('top'), settle: opening.settle },
    { finder: new MemberFinder('layers'), settle: head.settle },
  ];
  let partsLeft = parts.length;
  const full = (async (): Promise<unknown> => {
    try {
      const body = await download;
      if (!body) return null;
      const reader = body.getReader();
      const decoder = new TextDecoder();
      let text = '';
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
        for (let index = parts.length - partsLeft; index < parts.length; index++) {
          const comma = parts[index]!.finder.find(text);
          if (comma < 0) continue;
          for (const skipped of parts.slice(0, index)) skipped.settle(null);
          parts[index]!.settle(parse(`${text.slice(0, comma)}}`));
          partsLeft = parts.length - index - 1;
        }
      }
      text += decoder.decode();
      const whole = parse(text);
      // A render without layers is all head.
      head.settle(whole);
      return whole;
    } catch {
      return null;
    } finally {
      opening.settle(null);
      head.settle(null);
    }
  })();
  return { opening: opening.promise, head: head.promise, full };
}
