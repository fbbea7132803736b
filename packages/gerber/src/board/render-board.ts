// renderBoard: a whole upload to top and bottom pictures of the board, one picture per layer,
// the board's size and its copper layer count (to prefill the board settings).

import { DEFAULT_OUTLINE_GAP_FILL, LIMITS, MM_PER_INCH, OUTPUT_BUDGET } from '../constants.ts';
import { GerberError } from '../errors.ts';
import type { LayerSide, LayerType } from '../identify/layer-types.ts';
import type { ViewerLayer } from '../identify/validate-layers.ts';
import { BoxAccumulator } from '../image/box.ts';
import type { LayerImage, Units } from '../image/types.ts';
import {
  type RenderedLayer,
  renderLayerContent,
  viewBoxOf,
  wrapLayer,
} from '../render/render-layer.ts';
import type { Warning } from '../warnings.ts';
import { type BoardShapeSource, type Shape, scaleBetween, scaledBox } from './board-units.ts';
import type { BoardWarning } from './board-warning.ts';
import { type BoardColors, boardPaints } from './colors.ts';
import { copperSummary, fromCopper } from './copper-extent.ts';
import { type LoadedLayer, loadLayers, now } from './load-layers.ts';
import { fromOutline } from './outline-shape.ts';
import { renderSide, type StackLayer, type StackUp } from './stack-up.ts';

export type { BoardShapeSource } from './board-units.ts';
export type { BoardWarning } from './board-warning.ts';

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
  /**
   * When no confirmed layer gives the board a shape and guessed ones do: the shape the board is
   * drawn in, which is not its measure (widthMm and lengthMm stay null until a guess is confirmed).
   */
  guessedShape?: { source: 'outline' | 'copper-extent'; widthMm: number; lengthMm: number };
  /** Every layer in input order. */
  layers: BoardLayer[];
  warnings: BoardWarning[];
  timings: BoardTimings;
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

/**
 * The shape guessed layers give the board (its outline, else its copper), taken as they were
 * confirmed: the board is drawn in it, not measured by it. null without guessed layers.
 */
function shapeFromGuesses(loaded: LoadedLayer[], units: Units, gapFill: number): Shape | null {
  if (!loaded.some((layer) => layer.guessed)) return null;
  const taken = loaded.map((layer) => (layer.guessed ? { ...layer, guessed: false } : layer));
  const copper = copperSummary(taken, units);
  return fromOutline(taken, copper, units, gapFill, []) ?? fromCopper(copper, units);
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
  const guessed = shape ? null : shapeFromGuesses(loaded, units, gapFill);
  const drawnShape = shape ?? guessed;
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
        const left = body.omitted?.length ? ` without ${body.omitted.join(' and ')}` : ' in part';
        warnings.push(
          simplified(
            filename,
            maxBytes < budget.layerSvgBytes
              ? `is ${body.content.length > 0 ? `drawn${left}` : 'not drawn'}: the drawings of a board take at most ${megabytes(budget.boardSvgBytes)}`
              : `is drawn${left}: the drawing of one layer takes at most ${megabytes(budget.layerSvgBytes)}`,
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

  if (!shape && guessed) {
    warnings.push({
      filename: null,
      message:
        'the board is drawn in the shape its guessed layers give: its size counts once they are confirmed',
    });
  } else if (!shape) {
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
  const viewBox = viewBoxOf(drawnShape?.box ?? drawn.toBox());
  const side = (name: 'top' | 'bottom', stack: StackUp) =>
    renderSide({
      side: name,
      viewBox,
      units,
      layers: stack,
      shape: drawnShape?.path ?? null,
      paints,
    });
  const topSide = side('top', top);
  const bottomSide = side('bottom', bottom);
  timings.renderMs += now() - renderStart;
  timings.totalMs = now() - start;

  return {
    top: topSide,
    bottom: bottomSide,
    widthMm: shape ? toMm(shape.width, units) : null,
    lengthMm: shape ? toMm(shape.length, units) : null,
    copperLayers: loaded.filter((layer) => layer.type === 'copper' && !layer.guessed).length,
    boardShape: shape?.source ?? 'none',
    ...(guessed && guessed.source !== 'none'
      ? {
          guessedShape: {
            source: guessed.source,
            widthMm: toMm(guessed.width, units),
            lengthMm: toMm(guessed.length, units),
          },
        }
      : {}),
    layers,
    warnings,
    timings,
  };
}
