// The board's shape from its outline layers: closed loops around the copper, gaps closed as
// wide as needed, a rout program's tool taken off the size.

import type { Box, Graphic, LayerImage, Units } from '../image/types.ts';
import { PathWriter } from '../render/path-data.ts';
import { outlineShapes } from './board-shape.ts';
import { type Shape, scaleBetween, scaledBox } from './board-units.ts';
import type { BoardWarning } from './board-warning.ts';
import type { CopperSummary } from './copper-extent.ts';
import type { LoadedLayer } from './load-layers.ts';

/** The widest stroke of graphics: the tool of a rout program. */
function widestStroke(graphics: readonly Graphic[]): number {
  let widest = 0;
  for (let g = 0; g < graphics.length; g++) {
    const graphic = graphics[g] as Graphic;
    if (graphic.type === 'stroke') widest = Math.max(widest, graphic.width);
    else if (graphic.type === 'repeat') widest = Math.max(widest, widestStroke(graphic.graphics));
  }
  return widest;
}

/** Gap fills tried, in mm, when the given one leaves no closed outline around the copper. */
const WIDER_GAP_FILLS = [0.01, 0.05, 0.1, 0.3, 0.5];

function overlapArea(a: Box, b: Box): number {
  const width = Math.min(a.maxX, b.maxX) - Math.max(a.minX, b.minX);
  const height = Math.min(a.maxY, b.maxY) - Math.max(a.minY, b.minY);
  return width > 0 && height > 0 ? width * height : 0;
}

/** Whether `part` covers at least half of `whole`'s area. */
function coversHalf(part: Box, whole: Box | null): boolean {
  if (!whole) return false;
  const area = (whole.maxX - whole.minX) * (whole.maxY - whole.minY);
  return area <= 0 || overlapArea(part, whole) >= area / 2;
}

/**
 * Whether a board edge is believable: it spans at least half of its outline layer or holds half
 * of the copper's extent. A small closed loop such as a mounting hole, left when the edge itself
 * has gaps, is not the board.
 */
function plausible(edge: Box, outline: Box | null, copper: Box | null): boolean {
  return coversHalf(edge, outline) || coversHalf(edge, copper);
}

/** The board shape of one outline layer, in board units, with the gap fill it needed. */
function layerOutline(
  image: LayerImage,
  units: Units,
  copper: CopperSummary,
  gapFill: number,
): { shape: Shape; gapFill: number } | null {
  const scale = scaleBetween(image.units, units);
  const layerBox = image.box && scaledBox(image.box, scale);
  const shapes = outlineShapes(
    image,
    copper.samples.map((value) => value / scale),
  );
  for (const fill of [gapFill, ...WIDER_GAP_FILLS.filter((wider) => wider > gapFill)]) {
    const found = shapes(fill);
    if (!found) continue;
    const box = scaledBox(found.box, scale);
    if (!plausible(box, layerBox, copper.box)) continue;
    // A rout program draws the tool's centre, a tool radius outside the edge.
    const tool =
      image.filetype === 'drill'
        ? widestStroke(image.runs.flatMap((run) => run.graphics)) * scale
        : 0;
    const path = new PathWriter();
    for (const loop of found.loops) path.contour(loop, 0, 0, false);
    const shape: Shape = {
      source: 'outline',
      box,
      path: { d: path.finish(), scale },
      width: Math.max(box.maxX - box.minX - tool, 0),
      length: Math.max(box.maxY - box.minY - tool, 0),
    };
    return { shape, gapFill: fill };
  }
  return null;
}

/** The board outline from the outline layers, the largest when there are several. */
export function fromOutline(
  layers: LoadedLayer[],
  copper: CopperSummary,
  units: Units,
  gapFill: number,
  warnings: BoardWarning[],
): Shape | null {
  let best: { shape: Shape; gapFill: number; filename: string | null } | null = null;
  for (const layer of layers) {
    if (layer.type !== 'outline' || layer.guessed || !layer.image) continue;
    const found = layerOutline(layer.image, units, copper, gapFill);
    if (!found) {
      warnings.push({
        filename: layer.filename,
        message: 'the outline draws no closed board shape around the copper',
      });
      continue;
    }
    const area = (shape: Shape) => shape.width * shape.length;
    if (!best || area(found.shape) > area(best.shape)) {
      best = { ...found, filename: layer.filename };
    }
  }
  if (best && best.gapFill !== gapFill) {
    warnings.push({
      filename: best.filename,
      message: `board outline gaps up to ${best.gapFill} mm were closed`,
    });
  }
  return best?.shape ?? null;
}
