import { describe, expect, it } from 'vitest';
import { dfmIssueText } from './dfm-issues.ts';

describe('DFM issue texts', () => {
  it('say how many places, the worst and the class', () => {
    expect(
      dfmIssueText({
        check: 'track-width',
        count: 3,
        worst: 0.09,
        limit: 0.127,
        fabClass: 'advanced',
      }),
    ).toBe('DFM: 3 tracks thinner than 0.127 mm (thinnest 0.09 mm): advanced class');
    expect(
      dfmIssueText({ check: 'clearance', count: 1, worst: 0.05, limit: 0.127, fabClass: null }),
    ).toBe(
      'DFM: 1 gap between copper shapes narrower than 0.127 mm (narrowest 0.05 mm): beyond what the board house makes',
    );
    expect(
      dfmIssueText({ check: 'breakout', count: 2, worst: -0.1, limit: 0.15, fabClass: null }),
    ).toBe(
      'DFM: a plated hole without a full ring of copper in 2 places: beyond what the board house makes',
    );
    expect(
      dfmIssueText({ check: 'aspect-ratio', count: 0, worst: 12, limit: 8, fabClass: 'advanced' }),
    ).toBe('DFM: plated holes deeper than 8:1 (deepest 12:1): advanced class');
  });
});
