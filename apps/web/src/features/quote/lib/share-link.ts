import {
  type InstantQuoteRequest,
  InstantQuoteRequest as RequestSchema,
} from '@circuits/contracts';

// A quote link carries the options and what was measured of the board, never the files: whoever
// opens it sees the same options and price.

export const QUOTE_PARAM = 'quote';

const toBase64Url = (text: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');

const fromBase64Url = (value: string) => {
  const binary = atob(value.replaceAll('-', '+').replaceAll('_', '/'));
  return new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
};

/** The query string value of a quote. */
export function encodeQuote(request: InstantQuoteRequest): string {
  return toBase64Url(JSON.stringify(request));
}

/** The quote in a link, or null when the link holds none or a damaged one. */
export function decodeQuote(value: string | null): InstantQuoteRequest | null {
  if (!value || value.length > 8000) return null;
  try {
    const parsed = RequestSchema.safeParse(JSON.parse(fromBase64Url(value)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The full address of a quote, to copy and share. */
export function quoteUrl(origin: string, request: InstantQuoteRequest): string {
  return `${origin}/instantQuote?${QUOTE_PARAM}=${encodeQuote(request)}`;
}
