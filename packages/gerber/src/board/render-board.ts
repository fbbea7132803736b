// renderBoard: a whole upload to top and bottom pictures of the board, one picture per layer,
// the board's size and its copper layer count (to prefill the board settings).

import { DEFAULT_OUTLINE_GAP_FILL, LIMITS, MM_PER_INCH, OUTPUT_BUDGET } from '../constants.ts';
import { GerberError } from '../errors.ts';
import type { LayerSide, LayerType } from '../identify/layer-types.ts';
import type { ViewerLayer } from '../identify/validate-layers.ts';
import { BoxAccumulator, boxesOverlap } from '../image/box.ts';
import type {
  Box,
  Contour,
  FlashGraphic,
  Graphic,
  LayerImage,
  PolarityRun,
  Segment,
  StrokeGraphic,
  Units,
} from '../image/types.ts';
import { PathWriter } from '../render/path-data.ts';
import {
  type RenderedLayer,
  renderLayerContent,
  viewBoxOf,
  wrapLayer,
} from '../render/render-layer.ts';
import type { Warning } from '../warnings.ts';
import { outlineShapes } from './board-shape.ts';
import { type BoardColors, boardPaints } from './colors.ts';
import { type LoadedLayer, loadLayers, now } from './load-layers.ts';
import { renderSide, type ShapePath, type StackLayer, type StackUp } from './stack-up.ts';

export interface RenderBoardOptions {
  layers: readonly ViewerLayer[];
  colors?: Partial<BoardColors>;
  /** Largest gap closed when joining outline segments, mm-equivalent (÷ 25.4 for inches). */
  outlineGapFill?: number;
  /** Lower output limits than OUTPUT_BUDGET's (a larger value is taken as the default's). */
  budget?: Partial<OutputBudget>;
}

export type OutputBudget = { -readonly [K in keyof typeof OUTPUT_BUDGET]: number };

function checkedBudget(value: Partial<OutputBudget> | undefined): OutputBudget {
  const budget: OutputBudget = { ...OUTPUT_BUDGET };
  for (const key of Object.keys(OUTPUT_BUDGET) as (keyof OutputBudget)[]) {
    const given = value?.[key];
    if (given === undefined) continue;
    if (typeof given !== 'number' || !(given >= 0)) {
      throw new GerberError('invalid-options', `budget.${key} must be a number of at least 0`);
    }
    budget[key] = Math.min(given, OUTPUT_BUDGET[key]);
  }
  return budget;
}

/** One side of the board: like a layer SVG (SPEC §3 rendered output). */
export type RenderedSide = RenderedLayer;

/** Where the board's shape and size came from. */
export type BoardShapeSource = 'outline' | 'copper-extent' | 'none';

export interface BoardLayer {
  filename: string | null;
  side: LayerSide | null;
  type: LayerType | null;
  /** The layer alone (ids start with `l<index>-`); null for files that are not layers or failed. */
  rendered: RenderedLayer | null;
  /** The plotted layer: pass it back as the layer's `converter` to skip parsing next time. */
  converter: LayerImage | null;
  warnings: Warning[];
  error?: string;
}

export interface BoardWarning {
  filename: string | null;
  line?: number;
  message: string;
}

export interface BoardTimings {
  parseMs: number;
  plotMs: number;
  renderMs: number;
  totalMs: number;
}

export interface BoardRender {
  top: RenderedSide;
  bottom: RenderedSide;
  /** Board size in mm from the board shape; null when there is none. */
  widthMm: number | null;
  lengthMm: number | null;
  /** Copper layers of the upload: top, bottom and inner. */
  copperLayers: number;
  boardShape: BoardShapeSource;
  /** Every layer in input order. */
  layers: BoardLayer[];
  warnings: BoardWarning[];
  timings: BoardTimings;
}

interface Shape {
  source: BoardShapeSource;
  /** From the copper, without a frame drawn around the board on it. */
  framed?: boolean;
  /** In board units. */
  box: Box | null;
  path: ShapePath | null;
  /** Size to report, in board units (a rout path runs outside the board edge). */
  width: number;
  length: number;
}

/** Board units per unit of `from`. */
function scaleBetween(from: Units, to: Units): number {
  if (from === to) return 1;
  return from === 'in' ? MM_PER_INCH : 1 / MM_PER_INCH;
}

function scaledBox(box: Box, scale: number): Box {
  return {
    minX: box.minX * scale,
    minY: box.minY * scale,
    maxX: box.maxX * scale,
    maxY: box.maxY * scale,
  };
}

/** The widest stroke of an image: the tool of a rout program. */
function widestStroke(image: LayerImage): number {
  let widest = 0;
  const { runs } = image;
  for (let r = 0; r < runs.length; r++) {
    const { graphics } = runs[r] as PolarityRun;
    for (let g = 0; g < graphics.length; g++) {
      const graphic = graphics[g] as Graphic;
      if (graphic.type === 'stroke') widest = Math.max(widest, graphic.width);
    }
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
    const tool = image.filetype === 'drill' ? widestStroke(image) * scale : 0;
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
function fromOutline(
  layers: LoadedLayer[],
  copper: CopperSummary,
  units: Units,
  gapFill: number,
  warnings: BoardWarning[],
): Shape | null {
  let best: { shape: Shape; gapFill: number; filename: string | null } | null = null;
  for (const layer of layers) {
    if (layer.type !== 'outline' || !layer.image) continue;
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

/** Copper points sampled for telling the board from frames and drawings around it. */
const COPPER_SAMPLES = 4096;

interface CopperSummary {
  box: Box | null;
  /** The dark graphics of the copper layers and their scale into board units. */
  graphics: { graphic: Graphic; scale: number }[];
  /** Flat [x, y, ...] points where copper is drawn, in board units. */
  samples: number[];
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

function addFlashBounds(box: BoxAccumulator, graphic: FlashGraphic): void {
  const { positions, shape } = graphic;
  const extent = shape.box;
  for (let index = 0; index < positions.length; index += 2) {
    const x = positions[index] as number;
    const y = positions[index + 1] as number;
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
): Box | null {
  if (!box) return null;
  const pads = new BoxAccumulator();
  const part = new BoxAccumulator();
  for (const { graphic, scale } of graphics) {
    if (graphic.type === 'flash') addFlashBounds(part, graphic);
    else if (graphic.type === 'region') {
      for (const contour of graphic.contours) addContourBounds(part, contour);
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

/** The bounds of the copper layers and up to COPPER_SAMPLES points spread over what they draw. */
function copperSummary(layers: LoadedLayer[], units: Units): CopperSummary {
  const bounds = new BoxAccumulator();
  const graphics: { graphic: FlashGraphic | StrokeGraphic; scale: number }[] = [];
  const dark: { graphic: Graphic; scale: number }[] = [];
  let count = 0;
  for (const layer of layers) {
    if (layer.type !== 'copper' || !layer.image?.box) continue;
    const scale = scaleBetween(layer.image.units, units);
    bounds.addBox(scaledBox(layer.image.box, scale));
    const { runs } = layer.image;
    for (let r = 0; r < runs.length; r++) {
      const run = runs[r] as PolarityRun;
      if (run.polarity !== 'dark') continue;
      for (let g = 0; g < run.graphics.length; g++) {
        const graphic = run.graphics[g] as Graphic;
        dark.push({ graphic, scale });
        if (graphic.type === 'flash') count += graphic.positions.length / 2;
        else if (graphic.type === 'stroke') count += graphic.segments.length;
        else continue;
        graphics.push({ graphic, scale });
      }
    }
  }
  // Every step-th flash position or segment start.
  const step = Math.max(1, Math.ceil(count / COPPER_SAMPLES));
  const samples: number[] = [];
  let skip = 0;
  for (let g = 0; g < graphics.length; g++) {
    const { graphic, scale } = graphics[g] as (typeof graphics)[number];
    const points =
      graphic.type === 'flash' ? graphic.positions.length / 2 : graphic.segments.length;
    for (let index = skip; index < points; index += step) {
      if (graphic.type === 'flash') {
        samples.push(
          (graphic.positions[2 * index] as number) * scale,
          (graphic.positions[2 * index + 1] as number) * scale,
        );
      } else {
        const segment = graphic.segments[index] as Segment;
        samples.push(segment.x1 * scale, segment.y1 * scale);
      }
    }
    skip = (((skip - points) % step) + step) % step;
  }
  return { box: bounds.toBox(), graphics: dark, samples };
}

/** Without an outline: the bounds of the copper layers, or of the board inside their frame. */
function fromCopper({ box: drawn, graphics }: CopperSummary, units: Units): Shape | null {
  const framedBox = boardCopperBox(graphics, drawn, units);
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

/** The units of the board pictures: the outline's, else the top copper's, else the first layer's. */
function boardUnits(layers: LoadedLayer[]): Units {
  const withImage = layers.filter((layer) => layer.image);
  const pick =
    withImage.find((layer) => layer.type === 'outline') ??
    withImage.find((layer) => layer.type === 'copper') ??
    withImage[0];
  return pick?.image?.units ?? 'mm';
}

function toMm(length: number, units: Units): number {
  const mm = units === 'in' ? length * MM_PER_INCH : length;
  return Math.round(mm * 10_000) / 10_000;
}

function checkedGapFill(value: unknown): number {
  if (value === undefined) return DEFAULT_OUTLINE_GAP_FILL;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new GerberError('invalid-options', 'outlineGapFill must be a number of at least 0');
  }
  return value;
}

const count = (value: number) => value.toLocaleString('en-US');
const megabytes = (bytes: number) =>
  bytes >= 1_000_000 ? `${Math.round(bytes / 1_000_000)} MB` : `${Math.round(bytes / 1000)} kB`;

/** What was left out of a layer to keep the render within its limits, as a board warning. */
function simplified(filename: string | null, what: string): BoardWarning {
  return {
    filename: null,
    message: `simplified to stay within the render's limits: ${filename ?? 'a layer'} ${what}`,
  };
}

/** Said of a board with copper and no drill file (a board-wide warning the viewer shows). */
export const NO_DRILL_WARNING = 'no drill file: holes are not shown';

const STACKED_TYPES = ['copper', 'soldermask', 'silkscreen', 'solderpaste'] as const;

/**
 * Renders a board from its layer files. Throws LayerListError for a bad layer list (SPEC §5) and
 * GerberError for bad colours; a layer that cannot be read is listed with its error and the board
 * is drawn from the others.
 */
export function renderBoard(options: RenderBoardOptions): BoardRender {
  const start = now();
  const paints = boardPaints(options.colors);
  const timings: BoardTimings = { parseMs: 0, plotMs: 0, renderMs: 0, totalMs: 0 };
  const budget = checkedBudget(options.budget);
  const loaded = loadLayers(options.layers, timings, budget.boardElements);
  const units = boardUnits(loaded);

  const warnings: BoardWarning[] = [];
  const shapeStart = now();
  const gapFill = checkedGapFill(options.outlineGapFill);
  const copper = copperSummary(loaded, units);
  const shape = fromOutline(loaded, copper, units, gapFill, warnings) ?? fromCopper(copper, units);
  timings.plotMs += now() - shapeStart;

  const renderStart = now();
  const top: StackUp = { copper: [], soldermask: [], silkscreen: [], solderpaste: [], drill: [] };
  const bottom: StackUp = {
    copper: [],
    soldermask: [],
    silkscreen: [],
    solderpaste: [],
    drill: [],
  };
  const drawn = new BoxAccumulator();
  let svgBytes = 0;
  const layers = loaded.map((layer): BoardLayer => {
    const { filename, side, type, image } = layer;
    const result: BoardLayer = {
      filename,
      side,
      type,
      rendered: null,
      converter: image,
      warnings: [],
    };
    if (layer.error !== undefined) {
      result.error = layer.error;
      warnings.push({ filename, message: layer.error });
    }
    if (!image) return result;
    result.warnings = image.warnings;
    for (const { line, message } of image.warnings) warnings.push({ filename, line, message });
    if (layer.cut === 'layer') {
      warnings.push(
        simplified(
          filename,
          `is drawn in part: one layer draws at most ${count(LIMITS.maxImageElements)} flashes, lines and edges`,
        ),
      );
    } else if (layer.cut === 'board') {
      warnings.push(
        simplified(
          filename,
          `${layer.elements > 0 ? 'is drawn in part' : 'is not drawn'}: a board draws at most ${count(budget.boardElements)} flashes, lines and edges`,
        ),
      );
    }
    try {
      const id = `l${layer.index}`;
      const boardLeft = Math.max(0, budget.boardSvgBytes - svgBytes);
      const maxBytes = Math.min(budget.layerSvgBytes, boardLeft);
      const body = renderLayerContent(image, { id, maxBytes });
      svgBytes += body.defs.length + body.content.length;
      if (body.cut) {
        warnings.push(
          simplified(
            filename,
            maxBytes < budget.layerSvgBytes
              ? `is ${body.content.length > 0 ? 'drawn in part' : 'not drawn'}: the drawings of a board take at most ${megabytes(budget.boardSvgBytes)}`
              : `is drawn in part: the drawing of one layer takes at most ${megabytes(budget.layerSvgBytes)}`,
          ),
        );
      }
      result.rendered = wrapLayer(image, body);
      const scale = scaleBetween(image.units, units);
      const stacked: StackLayer = { id, ...body, scale };
      if (type === 'drill') {
        top.drill.push(stacked);
        bottom.drill.push(stacked);
        // A board of holes alone is drawn around its holes.
        if (image.box) drawn.addBox(scaledBox(image.box, scale));
      } else if ((STACKED_TYPES as readonly string[]).includes(type ?? '')) {
        const stack = side === 'top' ? top : side === 'bottom' ? bottom : null;
        stack?.[type as (typeof STACKED_TYPES)[number]].push(stacked);
        if (stack && image.box) drawn.addBox(scaledBox(image.box, scale));
      }
    } catch (error) {
      result.error = error instanceof Error ? error.message : String(error);
      warnings.push({ filename, message: result.error });
    }
    return result;
  });

  if (!shape) {
    warnings.push({
      filename: null,
      message: 'no board outline and no copper: the board size is unknown',
    });
  } else if (shape.source === 'copper-extent') {
    warnings.push({
      filename: null,
      message: shape.framed
        ? 'no closed board outline: the board shape is the extent of the copper layers, ' +
          'without the frame or title block they draw around the board'
        : 'no closed board outline: the board shape is the extent of the copper layers',
    });
  }
  if (
    top.copper.length + bottom.copper.length > 0 &&
    !loaded.some((layer) => layer.type === 'drill')
  ) {
    warnings.push({ filename: null, message: NO_DRILL_WARNING });
  }
  const viewBox = viewBoxOf(shape?.box ?? drawn.toBox());
  const side = (name: 'top' | 'bottom', stack: StackUp) =>
    renderSide({ side: name, viewBox, units, layers: stack, shape: shape?.path ?? null, paints });
  const topSide = side('top', top);
  const bottomSide = side('bottom', bottom);
  timings.renderMs += now() - renderStart;
  timings.totalMs = now() - start;

  return {
    top: topSide,
    bottom: bottomSide,
    widthMm: shape ? toMm(shape.width, units) : null,
    lengthMm: shape ? toMm(shape.length, units) : null,
    copperLayers: loaded.filter((layer) => layer.type === 'copper').length,
    boardShape: shape?.source ?? 'none',
    layers,
    warnings,
    timings,
  };
}
