// Export files arrive in whatever encoding the user's tool or spreadsheet wrote: UTF-8 with or
// without a byte-order mark, Windows-1252 (Excel's "CSV" on western Windows), UTF-16 with a
// mark (Excel's "Unicode text"). Decoded by hand: the library runs where TextDecoder's labels
// other than UTF-8 may be missing, and the choice must be the same everywhere.

export type TextEncoding = 'utf-8' | 'utf-8-bom' | 'utf-16le' | 'utf-16be' | 'windows-1252';

export type DecodedText = { text: string; encoding: TextEncoding };

// Windows-1252 bytes 0x80..0x9F; the five undefined ones map to the C1 control of the same code.
const CP1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039,
  0x0152, 0x8d, 0x017d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc,
  0x2122, 0x0161, 0x203a, 0x0153, 0x9d, 0x017e, 0x0178,
];

function decodeCp1252(bytes: Uint8Array): string {
  const chars: string[] = [];
  let chunk: number[] = [];
  for (const byte of bytes) {
    chunk.push(byte >= 0x80 && byte <= 0x9f ? CP1252_HIGH[byte - 0x80]! : byte);
    if (chunk.length === 8192) {
      chars.push(String.fromCharCode(...chunk));
      chunk = [];
    }
  }
  chars.push(String.fromCharCode(...chunk));
  return chars.join('');
}

function decodeUtf16(bytes: Uint8Array, start: number, littleEndian: boolean): string {
  const chars: string[] = [];
  let chunk: number[] = [];
  for (let i = start; i + 1 < bytes.length; i += 2) {
    chunk.push(littleEndian ? bytes[i]! | (bytes[i + 1]! << 8) : (bytes[i]! << 8) | bytes[i + 1]!);
    if (chunk.length === 8192) {
      chars.push(String.fromCharCode(...chunk));
      chunk = [];
    }
  }
  chars.push(String.fromCharCode(...chunk));
  return chars.join('');
}

type Utf8Decoder = { decode(bytes: Uint8Array): string };
const PlatformDecoder = (
  globalThis as {
    TextDecoder?: new (
      label: string,
      options: { fatal: boolean; ignoreBOM: boolean },
    ) => Utf8Decoder;
  }
).TextDecoder;
const platformUtf8: Utf8Decoder | null = PlatformDecoder
  ? new PlatformDecoder('utf-8', { fatal: true, ignoreBOM: true })
  : null;

/**
 * Decodes UTF-8 strictly; null when the bytes are not valid UTF-8 (an overlong form, a stray
 * continuation byte, a surrogate, a sequence cut short).
 */
function decodeUtf8Strict(bytes: Uint8Array, start: number): string | null {
  // The platform's decoder where there is one (browsers, workers, Node): the same strict rules,
  // much faster than the loop below, which stays for runtimes without it.
  if (platformUtf8 !== null) {
    try {
      return platformUtf8.decode(bytes.subarray(start));
    } catch {
      return null;
    }
  }
  const chars: string[] = [];
  let chunk: number[] = [];
  let i = start;
  while (i < bytes.length) {
    const b0 = bytes[i]!;
    let code: number;
    let size: number;
    if (b0 < 0x80) {
      code = b0;
      size = 1;
    } else if (b0 >= 0xc2 && b0 <= 0xdf) {
      size = 2;
      code = b0 & 0x1f;
    } else if (b0 >= 0xe0 && b0 <= 0xef) {
      size = 3;
      code = b0 & 0x0f;
    } else if (b0 >= 0xf0 && b0 <= 0xf4) {
      size = 4;
      code = b0 & 0x07;
    } else return null;
    if (i + size > bytes.length) return null;
    for (let k = 1; k < size; k += 1) {
      const b = bytes[i + k]!;
      if ((b & 0xc0) !== 0x80) return null;
      code = (code << 6) | (b & 0x3f);
    }
    if (
      (size === 3 && (code < 0x800 || (code >= 0xd800 && code <= 0xdfff))) ||
      (size === 4 && (code < 0x10000 || code > 0x10ffff))
    )
      return null;
    if (code > 0xffff) {
      code -= 0x10000;
      chunk.push(0xd800 + (code >> 10), 0xdc00 + (code & 0x3ff));
    } else chunk.push(code);
    if (chunk.length >= 8192) {
      chars.push(String.fromCharCode(...chunk));
      chunk = [];
    }
    i += size;
  }
  chars.push(String.fromCharCode(...chunk));
  return chars.join('');
}

/** UTF-16 without a mark: text of ASCII letters has a zero in every other byte. */
function guessUtf16WithoutMark(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  const sample = Math.min(bytes.length - (bytes.length % 2), 4096);
  if (sample < 8) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < sample; i += 2) {
    if (bytes[i] === 0) evenZeros += 1;
    if (bytes[i + 1] === 0) oddZeros += 1;
  }
  const pairs = sample / 2;
  if (oddZeros > pairs * 0.6 && evenZeros < pairs * 0.1) return 'utf-16le';
  if (evenZeros > pairs * 0.6 && oddZeros < pairs * 0.1) return 'utf-16be';
  return null;
}

/** Decodes a text export, saying which encoding it was read as. */
export function decodeText(bytes: Uint8Array): DecodedText {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    const text = decodeUtf8Strict(bytes, 3);
    if (text !== null) return { text, encoding: 'utf-8-bom' };
    return { text: decodeCp1252(bytes.subarray(3)), encoding: 'windows-1252' };
  }
  if (bytes[0] === 0xff && bytes[1] === 0xfe)
    return { text: decodeUtf16(bytes, 2, true), encoding: 'utf-16le' };
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return { text: decodeUtf16(bytes, 2, false), encoding: 'utf-16be' };
  const utf16 = guessUtf16WithoutMark(bytes);
  if (utf16) return { text: decodeUtf16(bytes, 0, utf16 === 'utf-16le'), encoding: utf16 };
  const utf8 = decodeUtf8Strict(bytes, 0);
  if (utf8 !== null) return { text: utf8, encoding: 'utf-8' };
  return { text: decodeCp1252(bytes), encoding: 'windows-1252' };
}

/** Encodes text as UTF-8 (tests and generators build inputs with it). */
export function encodeUtf8(text: string): Uint8Array {
  const out: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code < 0x80) out.push(code);
    else if (code < 0x800) out.push(0xc0 | (code >> 6), 0x80 | (code & 0x3f));
    else if (code < 0x10000)
      out.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f));
    else
      out.push(
        0xf0 | (code >> 18),
        0x80 | ((code >> 12) & 0x3f),
        0x80 | ((code >> 6) & 0x3f),
        0x80 | (code & 0x3f),
      );
  }
  return Uint8Array.from(out);
}
