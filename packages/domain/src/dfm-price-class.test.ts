import { describe, expect, it } from 'vitest';
import { ADVANCED_CLASS_SURCHARGE, DFM_PRICE_MESSAGES, dfmPriceClass } from './dfm-price-class.ts';

describe('the price class of a checked board', () => {
  it('is standard without a check or within the standard class', () => {
    expect(dfmPriceClass(null)).toEqual({ type: 'standard' });
    expect(dfmPriceClass({ verdict: 'standard', reasons: [] })).toEqual({ type: 'standard' });
  });

  it('prices the advanced class with its reasons', () => {
    expect(
      dfmPriceClass({
        verdict: 'advanced',
        reasons: [
          { text: '0.09 mm track: advanced class', fabClass: 'advanced' },
          { text: '0.1 mm clearance: advanced class', fabClass: 'advanced' },
        ],
      }),
    ).toEqual({
      type: 'advanced',
      surcharge: ADVANCED_CLASS_SURCHARGE,
      reason: 'Advanced class: 0.09 mm track, 0.1 mm clearance',
    });
  });

  it('gives no price for a board that cannot be made, and says what stops it', () => {
    expect(
      dfmPriceClass({
        verdict: 'cannot-be-made',
        reasons: [
          { text: '0.09 mm track: advanced class', fabClass: 'advanced' },
          { text: '0.05 mm track: beyond the advanced class', fabClass: null },
        ],
      }),
    ).toEqual({
      type: 'unmakeable',
      message: DFM_PRICE_MESSAGES.unmakeable,
      reasons: ['0.05 mm track: beyond the advanced class'],
    });
  });
});
