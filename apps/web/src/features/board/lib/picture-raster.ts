import type { Size, View } from './pan-zoom.ts';

// A large board's SVG takes the browser a second or more to draw, far too long to draw it again
// for each step of a zoom. So it is drawn once into a bitmap that the viewer moves and scales
// (smooth at any size), and once the user stops, the part on screen is drawn again from the SVG
// at the exact scale when the bitmap would show blurred.

/**
 * Longest side and most pixels of the bitmap drawn once (16 MB of memory at most). The browser
 * rasterises the SVG into it before the picture first shows, and that time grows with its pixels:
 * on limesdr-qpcie in Chromium without a GPU, 4096 px wide took 3.5 s, 2048 px 1.0 s
 * (bench/board-viewer.ts). Twice a laptop screen's width stays sharp at the fitted view and the
 * first zoom steps; closer views get their detail drawn from the SVG once the user stops.
 */
export const BASE_BITMAP_LIMITS = { maxSide: 2048, maxPixels: 4_000_000 } as const;

/** The size of the bitmap a picture of `content` CSS pixels is drawn into once. */
export function baseBitmapSize(content: Size): Size {
  if (content.width <= 0 || content.height <= 0) return { width: 0, height: 0 };
  const bySide = BASE_BITMAP_LIMITS.maxSide / Math.max(content.width, content.height);
  const byArea = Math.sqrt(BASE_BITMAP_LIMITS.maxPixels / (content.width * content.height));
  const scale = Math.min(bySide, byArea);
  return {
    width: Math.max(1, Math.round(content.width * scale)),
    height: Math.max(1, Math.round(content.height * scale)),
  };
}

/**
 * The bitmap of the first paint: the picture as it is fitted in the viewport, in device pixels
 * (never more than the full bitmap). Rasterising a large board takes time in proportion to the
 * pixels (limesdr-qpcie without a GPU: 1.0 s at 2048 px wide, about a quarter of it at the
 * 750 px of a fitted view), so the board shows at this size first and the full bitmap is drawn
 * afterwards, a strip at a time while nothing moves.
 */
export function firstBitmapSize(
  content: Size,
  viewport: Size,
  pixelRatio: number,
  full: Size,
): Size {
  if (content.width <= 0 || content.height <= 0 || viewport.width <= 0 || viewport.height <= 0) {
    return full;
  }
  const fit = Math.min(viewport.width / content.width, viewport.height / content.height);
  const width = Math.ceil(content.width * fit * pixelRatio);
  if (width >= full.width) return full;
  return {
    width: Math.max(1, width),
    height: Math.max(1, Math.ceil(content.height * fit * pixelRatio)),
  };
}

/** Strips the full bitmap is drawn in after the first paint, one per idle moment. */
export const UPGRADE_STRIPS = 8;

/**
 * The drawImage() of strip `index` of `count`: a vertical band of the image (natural pixels) to
 * the same band of a bitmap.
 */
export function stripDraw(index: number, count: number, natural: Size, bitmap: Size): DetailDraw {
  const from = (part: number, whole: number) => (whole * part) / count;
  return {
    source: {
      x: from(index, natural.width),
      y: 0,
      width: from(index + 1, natural.width) - from(index, natural.width),
      height: natural.height,
    },
    target: {
      x: from(index, bitmap.width),
      y: 0,
      width: from(index + 1, bitmap.width) - from(index, bitmap.width),
      height: bitmap.height,
    },
  };
}

/**
 * Whether the bitmap shows blurred at this view: one of its pixels covers more than a device
 * pixel (a little slack, so a fitted board never needs the detail).
 */
export function needsDetail(view: View, content: Size, bitmap: Size, pixelRatio: number): boolean {
  if (bitmap.width <= 0) return false;
  const devicePixelsPerBitmapPixel = (view.scale * content.width * pixelRatio) / bitmap.width;
  return devicePixelsPerBitmapPixel > 1.1;
}

/** A drawImage() call: the source rectangle in the image and where it goes on the canvas. */
export type DetailDraw = {
  source: { x: number; y: number; width: number; height: number };
  target: { x: number; y: number; width: number; height: number };
};

/**
 * The part of the picture on screen, as a source rectangle of the image (in its natural pixels)
 * and the viewport rectangle it fills (in CSS pixels); null when nothing of it is on screen.
 */
export function detailDraw(
  view: View,
  content: Size,
  viewport: Size,
  natural: Size,
): DetailDraw | null {
  // The visible rectangle in content pixels, cut to the picture.
  const left = Math.max(0, -view.x / view.scale);
  const top = Math.max(0, -view.y / view.scale);
  const right = Math.min(content.width, (viewport.width - view.x) / view.scale);
  const bottom = Math.min(content.height, (viewport.height - view.y) / view.scale);
  if (right <= left || bottom <= top) return null;
  const toNatural = natural.width / content.width;
  const toNaturalY = natural.height / content.height;
  return {
    source: {
      x: left * toNatural,
      y: top * toNaturalY,
      width: (right - left) * toNatural,
      height: (bottom - top) * toNaturalY,
    },
    target: {
      x: view.x + left * view.scale,
      y: view.y + top * view.scale,
      width: (right - left) * view.scale,
      height: (bottom - top) * view.scale,
    },
  };
}
