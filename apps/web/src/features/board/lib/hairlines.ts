import { HAIRLINE_ATTRIBUTES } from '@circuits/gerber';
import type { Size } from './pan-zoom.ts';
import { ZOOM_LIMITS } from './pan-zoom.ts';

// Hairlines (zero-width strokes, lines under 0.01 mm) are drawn one pixel of whatever the picture
// is drawn into. The viewer draws the board into a bitmap larger than the fitted view and shows it
// scaled down, where one of its pixels would be a fraction of a device pixel and the line would
// fade away. So the picture that fills that bitmap has its hairlines widened to keep at least one
// device pixel when the bitmap is shown at the smallest zoom; the first paint and close-ups, drawn
// at device pixels, keep them one pixel wide.

/** Whether an engine SVG holds hairlines. */
export function hasHairlines(svg: string): boolean {
  return svg.includes(HAIRLINE_ATTRIBUTES);
}

/** The SVG with its hairlines `width` pixels of the picture wide. */
export function widenHairlines(svg: string, width: number): string {
  return svg
    .split(HAIRLINE_ATTRIBUTES)
    .join(`stroke-width='${Math.round(width * 100) / 100}' vector-effect='non-scaling-stroke'`);
}

/**
 * The hairline width, in bitmap pixels, that shows at least one device pixel wherever the bitmap
 * of `bitmap` pixels is shown: from the zoom that fits the picture of `content` CSS pixels in the
 * viewport down to the smallest zoom. 1 when the bitmap is not larger than that.
 */
export function hairlineWidthForBitmap(
  bitmap: Size,
  content: Size,
  viewport: Size,
  pixelRatio: number,
): number {
  if (bitmap.width <= 0 || content.width <= 0 || viewport.width <= 0 || viewport.height <= 0) {
    return 1;
  }
  const fit = Math.min(viewport.width / content.width, viewport.height / content.height);
  const smallest = content.width * fit * ZOOM_LIMITS.minOfFit * pixelRatio;
  return Math.max(1, bitmap.width / smallest);
}
