import { HAIRLINE_ATTRIBUTES } from '@circuits/gerber';
import { describe, expect, it } from 'vitest';
import { hairlineWidthForBitmap, hasHairlines, widenHairlines } from './hairlines.ts';

describe('hairlines', () => {
  const svg = `<svg><path fill='none' ${HAIRLINE_ATTRIBUTES} d='m0 0h10'/><path stroke-width='5' d='m0 0'/></svg>`;

  it('widens every hairline of a picture, and nothing else', () => {
    expect(hasHairlines(svg)).toBe(true);
    expect(widenHairlines(svg, 5.123)).toBe(
      "<svg><path fill='none' stroke-width='5.12' vector-effect='non-scaling-stroke' d='m0 0h10'/><path stroke-width='5' d='m0 0'/></svg>",
    );
    expect(hasHairlines("<svg><path stroke-width='1' d='m0 0'/></svg>")).toBe(false);
  });

  it('keeps a hairline one device pixel wide on a bitmap shown down to half the fitted zoom', () => {
    // A 2048 px bitmap of a picture fitted 800 CSS px wide (device ratio 1): at half that zoom
    // one of its pixels is 400 / 2048 of a device pixel.
    const width = hairlineWidthForBitmap(
      { width: 2048, height: 1024 },
      { width: 400, height: 200 },
      { width: 800, height: 600 },
      1,
    );
    expect(width).toBeCloseTo(2048 / 400, 6);
    expect(width * (400 / 2048)).toBeCloseTo(1, 6);
    // A bitmap no larger than the smallest view needs no widening.
    expect(
      hairlineWidthForBitmap(
        { width: 300, height: 150 },
        { width: 400, height: 200 },
        { width: 800, height: 600 },
        1,
      ),
    ).toBe(1);
  });
});
