import { HAIRLINE_ATTRIBUTES } from '@circuits/gerber';
import { Resvg } from '@resvg/resvg-js';

// A large board's side takes the browser about a second to decode from its SVG before anything
// shows (limesdr-qpcie's top, 2 MB of SVG: 0.8 s decoding and 0.25 s drawing in Chromium without
// a GPU), while a PNG of the fitted view decodes in a few milliseconds. So a render whose top side
// is that large keeps a bitmap of it, made here in the render worker (about half a second for
// that board), which the viewer shows until the SVG is ready. It is kept with the side's frame
// (viewBox, size, units) and stored before the sides, so a viewer can show it before they arrive.

/** Top sides of at least this much SVG get a preview: smaller ones decode in well under 0.5 s. */
export const PREVIEW_MIN_SVG_CHARS = 1_000_000;

/** The preview's longest side in pixels: a laptop's fitted view of the board. */
export const PREVIEW_LONGEST_SIDE_PX = 1024;

/**
 * The side's SVG with its hairlines one preview pixel wide: resvg draws no non-scaling strokes, so
 * the engine's hairlines (one pixel of the picture, at any zoom) would vanish from the preview.
 * A layer drawn in other units than the side's is scaled, and its hairlines with it.
 */
export function withHairlines(
  side: { svg: string; viewBox: readonly number[] },
  pixels: number,
): string {
  const longest = Math.max(side.viewBox[2] ?? 0, side.viewBox[3] ?? 0);
  const unitsPerPixel = longest / pixels;
  return side.svg.split(HAIRLINE_ATTRIBUTES).join(`stroke-width='${unitsPerPixel.toFixed(3)}'`);
}

/** The side as a PNG data URL in its frame, or null when it is small enough not to need one. */
export function sidePreview<
  Side extends { svg: string; width: number; height: number; viewBox: readonly number[] },
>(side: Side): (Omit<Side, 'svg'> & { src: string }) | null {
  if (side.svg.length < PREVIEW_MIN_SVG_CHARS || side.width <= 0 || side.height <= 0) return null;
  const fitTo =
    side.width >= side.height
      ? ({ mode: 'width', value: PREVIEW_LONGEST_SIDE_PX } as const)
      : ({ mode: 'height', value: PREVIEW_LONGEST_SIDE_PX } as const);
  try {
    const png = new Resvg(withHairlines(side, fitTo.value), { fitTo }).render().asPng();
    const { svg: _, ...frame } = side;
    return { ...frame, src: `data:image/png;base64,${png.toString('base64')}` };
  } catch {
    // The preview only hastens the first picture: without it the viewer draws the SVG.
    return null;
  }
}
