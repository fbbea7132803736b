// The board viewer moves a picture drawn once (an <img> of the rendered SVG) with a CSS transform:
// `translate(x, y) scale(scale)` from its top-left corner. Panning and zooming only change these
// three numbers, so a board of any size moves as smoothly as a small one.

/** Where the picture is: its top-left corner in the viewport (px) and its magnification. */
export type View = { x: number; y: number; scale: number };

export type Size = { width: number; height: number };

/** How far the user may zoom, relative to the scale that fits the board in the viewport. */
export const ZOOM_LIMITS = { minOfFit: 0.5, maxOfFit: 64 } as const;

/** One press of a zoom button or key. */
export const ZOOM_STEP = 1.25;

/** One press of an arrow key, in viewport pixels. */
export const PAN_STEP_PX = 60;

/** Margin kept around the board when it is fitted, in viewport pixels. */
export const FIT_MARGIN_PX = 24;

/** A rectangle of the viewport, in viewport pixels. */
type Area = { x: number; y: number; width: number; height: number };

/** The view showing the whole picture centred in an area of the viewport. */
function fitInto(content: Size, area: Area, marginPx: number): View {
  const room = {
    width: Math.max(area.width - 2 * marginPx, 1),
    height: Math.max(area.height - 2 * marginPx, 1),
  };
  const scale = Math.min(room.width / content.width, room.height / content.height);
  return {
    scale,
    x: area.x + (area.width - content.width * scale) / 2,
    y: area.y + (area.height - content.height * scale) / 2,
  };
}

/** Whether the fitted picture reaches into the bottom-right corner kept clear. */
function reachesCorner(view: View, content: Size, viewport: Size, corner: Size): boolean {
  if (corner.width <= 0 || corner.height <= 0) return false;
  const right = view.x + content.width * view.scale;
  const bottom = view.y + content.height * view.scale;
  return right > viewport.width - corner.width && bottom > viewport.height - corner.height;
}

/**
 * The view showing the whole picture centred in the viewport. `keepClear` is the bottom-right
 * corner the zoom controls cover: a picture that would reach under them is fitted above them or
 * to their left instead, whichever leaves it bigger.
 */
export function fitView(
  content: Size,
  viewport: Size,
  marginPx = FIT_MARGIN_PX,
  keepClear: Size = { width: 0, height: 0 },
): View {
  if (content.width <= 0 || content.height <= 0) return { x: 0, y: 0, scale: 1 };
  const whole = fitInto(content, { x: 0, y: 0, ...viewport }, marginPx);
  if (!reachesCorner(whole, content, viewport, keepClear)) return whole;
  const above = fitInto(
    content,
    { x: 0, y: 0, width: viewport.width, height: viewport.height - keepClear.height },
    marginPx,
  );
  const beside = fitInto(
    content,
    { x: 0, y: 0, width: viewport.width - keepClear.width, height: viewport.height },
    marginPx,
  );
  return above.scale >= beside.scale ? above : beside;
}

/** The scales allowed for a picture in a viewport. */
export function scaleRange(
  content: Size,
  viewport: Size,
  keepClear?: Size,
): { min: number; max: number } {
  const fit = fitView(content, viewport, FIT_MARGIN_PX, keepClear).scale;
  return { min: fit * ZOOM_LIMITS.minOfFit, max: fit * ZOOM_LIMITS.maxOfFit };
}

/**
 * Zooms by `factor` keeping the picture point under `anchor` (viewport px) where it is, the way a
 * map zooms around the cursor. The scale stays within `range`.
 */
export function zoomAt(
  view: View,
  factor: number,
  anchor: { x: number; y: number },
  range: { min: number; max: number },
): View {
  const scale = Math.min(range.max, Math.max(range.min, view.scale * factor));
  const applied = scale / view.scale;
  return {
    scale,
    x: anchor.x - (anchor.x - view.x) * applied,
    y: anchor.y - (anchor.y - view.y) * applied,
  };
}

/** Moves the picture by a distance in viewport pixels. */
export function panBy(view: View, dx: number, dy: number): View {
  return { ...view, x: view.x + dx, y: view.y + dy };
}

/**
 * Keeps at least `keepPx` of the picture inside the viewport on each axis, so a fast drag can
 * never lose the board off-screen.
 */
export function keepInView(view: View, content: Size, viewport: Size, keepPx = 48): View {
  const width = content.width * view.scale;
  const height = content.height * view.scale;
  const clamp = (value: number, size: number, room: number) => {
    const keep = Math.min(keepPx, size);
    return Math.min(room - keep, Math.max(keep - size, value));
  };
  return {
    ...view,
    x: clamp(view.x, width, viewport.width),
    y: clamp(view.y, height, viewport.height),
  };
}

/**
 * The zoom factor of one wheel event. Trackpads send many small deltas and mice a few large ones;
 * an exponential of the distance treats both alike. Line and page deltas are turned into pixels.
 */
export function wheelZoomFactor(deltaY: number, deltaMode: number): number {
  const pixels = deltaMode === 1 ? deltaY * 16 : deltaMode === 2 ? deltaY * 400 : deltaY;
  return Math.exp(-pixels * 0.0015);
}

/** The CSS transform of a view. */
export function viewTransform(view: View): string {
  return `translate(${view.x}px, ${view.y}px) scale(${view.scale})`;
}
