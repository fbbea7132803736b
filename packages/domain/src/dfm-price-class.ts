import type { Surcharge } from './price-book.ts';

// A small hook for the quote: the board house class the board's design-for-manufacture check
// says it needs (packages/dfm, measured by the server with the render), as a price line's
// surcharge and the reason a customer reads. The pricing engine (pricing.ts) does not call it
// yet: it is to be wired in as one more line, with the surcharge moved into the price book.

/** What the quote reads of the board's DFM result (the API's DfmResult fits). */
export type DfmClassInput = {
  verdict: 'standard' | 'advanced' | 'cannot-be-made' | null;
  reasons: readonly { text: string; fabClass: 'standard' | 'advanced' | null }[];
} | null;

/** The advanced class's price until the price book carries it: tooling plus a share of the area. */
export const ADVANCED_CLASS_SURCHARGE: Surcharge = { fixed: 5000, percent: 30 };

export const DFM_PRICE_MESSAGES = {
  unmakeable: 'The board cannot be made as drawn: see the manufacturing check on the Board tab',
} as const;

export type DfmPriceClass =
  | { type: 'standard' }
  | { type: 'advanced'; surcharge: Surcharge; reason: string }
  | { type: 'unmakeable'; message: string; reasons: string[] };

/**
 * The price class of a checked board: standard (no line), advanced (a surcharge, with the reasons
 * as "Advanced class: 0.09 mm track"), or not makeable (no price). A board not checked (null, or
 * no verdict) is priced as standard: the check is the board house's, not the customer's.
 */
export function dfmPriceClass(dfm: DfmClassInput): DfmPriceClass {
  if (!dfm?.verdict || dfm.verdict === 'standard') return { type: 'standard' };
  if (dfm.verdict === 'cannot-be-made') {
    return {
      type: 'unmakeable',
      message: DFM_PRICE_MESSAGES.unmakeable,
      reasons: dfm.reasons
        .filter((reason) => reason.fabClass === null)
        .map((reason) => reason.text),
    };
  }
  const why = dfm.reasons
    .filter((reason) => reason.fabClass === 'advanced')
    .map((reason) => reason.text.replace(/: advanced class$/, ''));
  return {
    type: 'advanced',
    surcharge: ADVANCED_CLASS_SURCHARGE,
    reason: `Advanced class: ${why.join(', ')}`,
  };
}
