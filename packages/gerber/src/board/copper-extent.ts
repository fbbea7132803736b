// The board's shape without an outline: the extent of the copper, without the frame, title block
// and drawings some CAD tools put on every copper film around the board.

import { MM_PER_INCH } from '../constants.ts';
import { BoxAccumulator, boxesOverlap } from '../image/box.ts';
import { forEachCopy } from '../image/repeats.ts';
import type {
  Box,
  Contour,
  FlashGraphic,
  Graphic,
  PolarityRun,
  RepeatGraphic,
  Segment,
  StrokeGraphic,
  Units,
} from '../image/types.ts';
import { PathWriter } from '../render/path-data.ts';
import { boardCluster, nearBox } from './board-cluster.ts';
import { type Shape, scaleBetween, scaledBox } from './board-units.ts';
import type { LoadedLayer } from './load-layers.ts';

/** Copper points sampled for telling the board from frames and drawings around it. */
const COPPER_SAMPLES = 4096;

export interface CopperSummary {
  box: Box | null;
  /** The dark graphics of the copper layers and their scale into board units. */
  graphics: { graphic: Graphic; scale: number }[];
  /** Flat [x, y, ...] points where copper is drawn, in board units. */
  samples: number[];
  /** Flat [x, y, ...] pads (copper flashes) and drill holes, in board units. */
  padsAndHoles: number[];
}

/**
 * How much larger than the pads and what touches them the drawn copper must be for the rest to
 * count as a frame or title block drawn on the copper layers (area ratio).
 */
const FRAME_AREA_RATIO = 2;
/**
 * Strokes within this share of the pads' larger side from them, and at least FRAME_MARGIN_MM,
 * belong to the board: a drawing frame stands well clear of the board it frames.
 */
const FRAME_MARGIN_SHARE = 0.1;
const FRAME_MARGIN_MM = 10;

function boxArea(box: Box): number {
  return Math.max(0, box.maxX - box.minX) * Math.max(0, box.maxY - box.minY);
}

// The loops over one graphic's points are functions of their own: V8 optimises a loop nested in
// another by on-stack replacement, and left it each time the inner loop ended (149 times in the
// first render of the Allegro board, `--trace-deopt`). They work in the layer's units: the box is
// scaled once, not every point.

function addFlashBounds(
  box: BoxAccumulator,
  graphic: FlashGraphic,
  /** Only flashes inside this box (in the layer's units), when given. */
  within: Box | null,
): void {
  const { positions, shape } = graphic;
  const extent = shape.box;
  for (let index = 0; index < positions.length; index += 2) {
    const x = positions[index] as number;
    const y = positions[index + 1] as number;
    if (within && !nearBox(within, x, y, 0)) continue;
    if (extent) {
      box.addPoint(x + extent.minX, y + extent.minY);
      box.addPoint(x + extent.maxX, y + extent.maxY);
    } else box.addPoint(x, y);
  }
}

/** A contour's segments join end to start: their starts, its end and the arcs bound it. */
function addContourBounds(box: BoxAccumulator, contour: Contour): void {
  for (let index = 0; index < contour.length; index++) {
    const segment = contour[index] as Segment;
    if (segment.type === 'line') box.addPoint(segment.x1, segment.y1);
    else box.addSegment(segment, 0);
  }
  const last = contour[contour.length - 1];
  if (last) box.addPoint(last.x2, last.y2);
}

/** A repeat's copies are board (a panel's boards), wherever they lie: their bounds. */
function addRepeatBounds(box: BoxAccumulator, graphic: RepeatGraphic): void {
  const { offsets } = graphic;
  if (!graphic.box) return;
  for (let index = 0; index + 1 < offsets.length; index += 2) {
    box.addBox(graphic.box, offsets[index] as number, offsets[index + 1] as number);
  }
}

/** Pads this far outside the board's group of pads and holes still belong to it. */
const CLUSTER_MARGIN_MM = 1;

function grown(box: Box, by: number): Box {
  return { minX: box.minX - by, minY: box.minY - by, maxX: box.maxX + by, maxY: box.maxY + by };
}

/** Adds `part`, in units `scale` times smaller than the board's, to `box`. */
function addScaled(box: BoxAccumulator, part: BoxAccumulator, scale: number): void {
  if (part.empty) return;
  box.addPoint(part.minX * scale, part.minY * scale);
  box.addPoint(part.maxX * scale, part.maxY * scale);
}

/**
 * Without an outline, the copper extent includes whatever the copper layers draw: some CAD tools
 * put the drawing frame and title block on every layer. Pads (flashes) and filled regions are
 * board; strokes are kept when they reach the pads (tracks), and left out when they lie wholly
 * away from them (frame lines, title-block text). Only when what is left out makes the extent
 * at least FRAME_AREA_RATIO times larger is it taken for a frame: a board edge drawn on the
 * copper a few millimetres around the pads stays the board.
 */
function boardCopperBox(
  graphics: readonly { graphic: Graphic; scale: number }[],
  box: Box | null,
  units: Units,
  /** The group of pads and holes that is the board, when others stand apart (board-cluster.ts). */
  cluster: Box | null,
): Box | null {
  if (!box) return null;
  const pads = new BoxAccumulator();
  const part = new BoxAccumulator();
  const slack = units === 'in' ? CLUSTER_MARGIN_MM / MM_PER_INCH : CLUSTER_MARGIN_MM;
  for (const { graphic, scale } of graphics) {
    const within = cluster && grown(scaledBox(cluster, 1 / scale), slack / scale);
    if (graphic.type === 'flash') addFlashBounds(part, graphic, within);
    else if (graphic.type === 'region') {
      for (const contour of graphic.contours) {
        part.clear();
        addContourBounds(part, contour);
        if (!within || boxesOverlap(part, within)) addScaled(pads, part, scale);
      }
      part.clear();
    } else if (graphic.type === 'repeat') {
      addRepeatBounds(part, graphic);
      if (within && !boxesOverlap(part, within)) part.clear();
    }
    addScaled(pads, part, scale);
    part.clear();
  }
  const padBox = pads.toBox();
  if (!padBox) return null;
  // What the board keeps holds the pads: when the copper's extent is not FRAME_AREA_RATIO times
  // theirs, nothing left out could make it a frame (most boards; no stroke need be looked at).
  if (boxArea(box) < FRAME_AREA_RATIO * boxArea(padBox)) return null;
  const margin = Math.max(
    Math.max(padBox.maxX - padBox.minX, padBox.maxY - padBox.minY) * FRAME_MARGIN_SHARE,
    units === 'in' ? FRAME_MARGIN_MM / MM_PER_INCH : FRAME_MARGIN_MM,
  );
  const near: Box = {
    minX: padBox.minX - margin,
    minY: padBox.minY - margin,
    maxX: padBox.maxX + margin,
    maxY: padBox.maxY + margin,
  };
  const board = new BoxAccumulator();
  board.addBox(padBox);
  // One accumulator for every stroke's reach: a large board has hundreds of thousands.
  const reach = new BoxAccumulator();
  for (const { graphic, scale } of graphics) {
    if (graphic.type !== 'stroke') continue;
    // The strokes are measured in their layer's units, against `near` in the same.
    const nearHere = scaledBox(near, 1 / scale);
    const radius = graphic.width / 2;
    for (const segment of graphic.segments) {
      reach.clear();
      reach.addSegment(segment, radius);
      if (boxesOverlap(reach, nearHere)) addScaled(board, reach, scale);
    }
  }
  const boardBox = board.toBox() as Box;
  return boxArea(box) >= FRAME_AREA_RATIO * boxArea(boardBox) ? boardBox : null;
}

/** Elements of a panel's copies read for the copper samples at most. */
const COPIED_COPPER_ELEMENTS = 200_000;

/** The bounds of the copper layers and up to COPPER_SAMPLES points spread over what they draw. */
export function copperSummary(layers: LoadedLayer[], units: Units): CopperSummary {
  const bounds = new BoxAccumulator();
  const graphics: {
    graphic: FlashGraphic | StrokeGraphic;
    scale: number;
    dx: number;
    dy: number;
  }[] = [];
  const dark: { graphic: Graphic; scale: number }[] = [];
  const padsAndHoles: number[] = [];
  const addPoints = (graphic: Graphic, scale: number, dx: number, dy: number) => {
    if (graphic.type !== 'flash') return;
    const { positions } = graphic;
    for (let index = 0; index + 1 < positions.length; index += 2) {
      padsAndHoles.push(
        ((positions[index] as number) + dx) * scale,
        ((positions[index + 1] as number) + dy) * scale,
      );
    }
  };
  let count = 0;
  const sampled = (graphic: Graphic, scale: number, dx: number, dy: number) => {
    if (graphic.type === 'flash') count += graphic.positions.length / 2;
    else if (graphic.type === 'stroke') count += graphic.segments.length;
    else return;
    graphics.push({ graphic, scale, dx, dy });
  };
  for (const layer of layers) {
    if (layer.type === 'drill' && !layer.guessed && layer.image) {
      const scale = scaleBetween(layer.image.units, units);
      for (const run of layer.image.runs) {
        if (run.polarity !== 'dark') continue;
        forEachCopy(run.graphics, ({ graphic, dx, dy }) => addPoints(graphic, scale, dx, dy));
      }
      continue;
    }
    if (layer.type !== 'copper' || layer.guessed || !layer.image?.box) continue;
    const scale = scaleBetween(layer.image.units, units);
    bounds.addBox(scaledBox(layer.image.box, scale));
    const { runs } = layer.image;
    for (let r = 0; r < runs.length; r++) {
      const run = runs[r] as PolarityRun;
      if (run.polarity !== 'dark') continue;
      for (let g = 0; g < run.graphics.length; g++) {
        const graphic = run.graphics[g] as Graphic;
        dark.push({ graphic, scale });
        if (graphic.type === 'repeat') {
          forEachCopy(
            [graphic],
            ({ graphic: part, dx, dy }) => {
              sampled(part, scale, dx, dy);
              addPoints(part, scale, dx, dy);
            },
            COPIED_COPPER_ELEMENTS,
          );
        } else {
          sampled(graphic, scale, 0, 0);
          addPoints(graphic, scale, 0, 0);
        }
      }
    }
  }
  // Every step-th flash position or segment start.
  const step = Math.max(1, Math.ceil(count / COPPER_SAMPLES));
  const samples: number[] = [];
  let skip = 0;
  for (let g = 0; g < graphics.length; g++) {
    const { graphic, scale, dx, dy } = graphics[g] as (typeof graphics)[number];
    const points =
      graphic.type === 'flash' ? graphic.positions.length / 2 : graphic.segments.length;
    for (let index = skip; index < points; index += step) {
      if (graphic.type === 'flash') {
        samples.push(
          ((graphic.positions[2 * index] as number) + dx) * scale,
          ((graphic.positions[2 * index + 1] as number) + dy) * scale,
        );
      } else {
        const segment = graphic.segments[index] as Segment;
        samples.push((segment.x1 + dx) * scale, (segment.y1 + dy) * scale);
      }
    }
    skip = (((skip - points) % step) + step) % step;
  }
  return { box: bounds.toBox(), graphics: dark, samples, padsAndHoles };
}

/** Without an outline: the bounds of the copper layers, or of the board inside their frame. */
export function fromCopper(
  { box: drawn, graphics, padsAndHoles }: CopperSummary,
  units: Units,
): Shape | null {
  const framedBox = boardCopperBox(graphics, drawn, units, boardCluster(padsAndHoles, units));
  const box = framedBox ?? drawn;
  if (!box || box.maxX <= box.minX || box.maxY <= box.minY) return null;
  const path = new PathWriter();
  path.contour(
    [
      { type: 'line', x1: box.minX, y1: box.minY, x2: box.maxX, y2: box.minY },
      { type: 'line', x1: box.maxX, y1: box.minY, x2: box.maxX, y2: box.maxY },
      { type: 'line', x1: box.maxX, y1: box.maxY, x2: box.minX, y2: box.maxY },
      { type: 'line', x1: box.minX, y1: box.maxY, x2: box.minX, y2: box.minY },
    ],
    0,
    0,
    false,
  );
  return {
    source: 'copper-extent',
    framed: framedBox !== null,
    box,
    path: { d: path.finish(), scale: 1 },
    width: box.maxX - box.minX,
    length: box.maxY - box.minY,
  };
}
