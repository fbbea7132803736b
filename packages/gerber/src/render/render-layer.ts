// Renders a layer image to SVG. Each polarity run becomes at most a few <path> elements: one
// filled path for flashes and regions, one stroked path per line width. Clear runs become masks
// around what was drawn before them. Shapes whose holes a non-zero fill cannot express are
// defined once and placed with <use>.

import { MM_PER_INCH, VIEWBOX_SCALE } from '../constants.ts';
import { drawnElements, drawnElementsOfRuns } from '../image/repeats.ts';
import type {
  Box,
  Contour,
  FlashGraphic,
  Graphic,
  LayerImage,
  PolarityRun,
  RepeatGraphic,
  Segment,
  Shape,
  ShapePrimitive,
  StrokeGraphic,
  Units,
} from '../image/types.ts';
import { formatLength, formatTicks, PathWriter, toTicks } from './path-data.ts';
import { windingExpressible } from './shape-winding.ts';

export interface RenderedLayer {
  svg: string;
  /** [x, y, width, height] in thousandths of the file unit (y pointing down). */
  viewBox: [number, number, number, number];
  /** The viewBox size divided by 1000, in `units`. */
  width: number;
  height: number;
  units: Units;
}

export interface RenderOptions {
  /** Prefix of the ids in the SVG; give each layer its own when inlining several in one page. */
  id?: string;
  /**
   * Bytes the drawing may take, roughly: graphics past it are left out and the result says
   * `cut`. Unlimited when not given.
   */
  maxBytes?: number;
}

/** A layer's drawing (renderLayerContent): definitions, content, and whether it was cut short. */
export interface LayerContent {
  defs: string;
  content: string;
  /** Graphics were left out to stay within RenderOptions.maxBytes. */
  cut?: boolean;
  /** When cut: what was left out, in words (`320,000 of 1,200,000 flashes, lines and edges`). */
  omitted?: string[];
}

/** Lines thinner than this, in mm, are drawn as hairlines (HAIRLINE_ATTRIBUTES). */
export const HAIRLINE_MM = 0.01;

/**
 * The stroke of a hairline: one pixel of whatever the picture is drawn into, at any zoom. A viewer
 * that draws the picture into a bitmap shown smaller or larger than one to one changes the width
 * here (board canvas), so that a hairline stays at least one device pixel wide.
 */
export const HAIRLINE_ATTRIBUTES = "stroke-width='1' vector-effect='non-scaling-stroke'";

/** Flash shapes longer than this (path characters) are defined once and placed with <use>. */
const INLINE_SHAPE_LIMIT = 160;

interface ShapeOutput {
  /**
   * For shapes drawn inline in the run's path: where the shape's path starts relative to the flash
   * point, the path data after that first move, and where the path leaves the current point.
   */
  inline: { startX: number; startY: number; d: Uint8Array; endX: number; endY: number } | null;
  /** Id of the definition placed with <use>. */
  id: string | null;
}

export function renderLayer(image: LayerImage, options: RenderOptions = {}): RenderedLayer {
  return wrapLayer(image, renderLayerContent(image, options));
}

/** The attributes every drawing of layer content needs on an enclosing element. */
export const LAYER_DRAWING_ATTRIBUTES =
  "fill='currentColor' stroke='currentColor' stroke-width='0' stroke-linecap='round' " +
  "stroke-linejoin='round' fill-rule='nonzero'";

/** The viewBox of a box in thousandths of the file unit, y pointing down. */
export function viewBoxOf(box: Box | null): [number, number, number, number] {
  return box
    ? [
        roundViewBox(box.minX),
        roundViewBox(-box.maxY),
        roundViewBox(box.maxX - box.minX),
        roundViewBox(box.maxY - box.minY),
      ]
    : [0, 0, 0, 0];
}

/** An <svg> document around content in a viewBox, sized per SPEC §9. */
export function svgDocument(
  viewBox: [number, number, number, number],
  units: Units,
  defs: string,
  content: string,
): RenderedLayer {
  const width = viewBox[2] / VIEWBOX_SCALE;
  const height = viewBox[3] / VIEWBOX_SCALE;
  const svg =
    `<svg xmlns='http://www.w3.org/2000/svg' version='1.1' ` +
    `viewBox='${viewBox.join(' ')}' width='${width}${units}' height='${height}${units}' ` +
    `${LAYER_DRAWING_ATTRIBUTES}>` +
    (defs ? `<defs>${defs}</defs>` : '') +
    content +
    '</svg>';
  return { svg, viewBox, width, height, units };
}

/**
 * An SVG this engine wrote, as a JSON string: what JSON.stringify writes of it, without looking at
 * each of its characters (a tenth of a large board's render). Nothing in the engine's SVG needs
 * escaping: its attributes are single-quoted and it holds only numbers, path commands, ids it
 * makes (sanitizeId) and colours toPaint has checked; the tests hold every fixture board's
 * pictures to that. Not for any other text: give that to JSON.stringify.
 */
export function svgJsonString(svg: string): string {
  // No search for a quote first: it would copy the whole picture, built of many pieces, once more.
  return `"${svg}"`;
}

/** The layer SVG of content made by renderLayerContent for the same image. */
export function wrapLayer(
  image: LayerImage,
  body: { defs: string; content: string },
): RenderedLayer {
  return svgDocument(viewBoxOf(image.box), image.units, body.defs, body.content);
}

/**
 * The drawing of a layer without the <svg> around it, in viewBox units (thousandths of the file
 * unit, y pointing down), for composing several layers into one picture (the board stack-up).
 * The content draws in `currentColor` with `fill-rule='nonzero'`, round caps and joins, which
 * the enclosing element must set as renderLayer does. Ids start with `options.id`.
 */
export function renderLayerContent(image: LayerImage, options: RenderOptions = {}): LayerContent {
  if (!image.box) return { defs: '', content: '' };
  const writer = new LayerWriter(
    sanitizeId(options.id ?? 'layer'),
    image.box,
    options.maxBytes ?? Number.POSITIVE_INFINITY,
    image.units === 'in' ? HAIRLINE_MM / MM_PER_INCH : HAIRLINE_MM,
  );
  return writer.write(image.runs);
}

/** Flash positions, segments or contours written between two looks at the byte budget. */
const BUDGET_STRIDE = 256;

function roundViewBox(value: number): number {
  return toTicks(value) / 10;
}

function sanitizeId(id: string): string {
  const clean = id.replace(/[^A-Za-z0-9_-]/g, '_');
  return /^[A-Za-z_]/.test(clean) ? clean : `_${clean}`;
}

/** Bytes a region edge takes at most in path data: a line's end, or an arc's radius, flags and end. */
const LINE_EDGE_BYTES = 24;
const ARC_EDGE_BYTES = 48;

/** A region outline whose edges might not fit is measured before it is written. */
const MEASURED_CONTOUR = 4096;

const count = (value: number) => value.toLocaleString('en-US');

function contourBytes(contour: Contour): number {
  let bytes = 0;
  for (let index = 0; index < contour.length; index++) {
    bytes += (contour[index] as Segment).type === 'arc' ? ARC_EDGE_BYTES : LINE_EDGE_BYTES;
  }
  return bytes;
}

class LayerWriter {
  private readonly id: string;
  private readonly box: Box;
  private defs = '';
  private count = 0;
  private readonly shapes = new Map<Shape, ShapeOutput>();
  /** Parts of repeats defined once, by the graphics they draw. */
  private readonly parts = new Map<Graphic[], string>();
  private readonly maxBytes: number;
  /** Bytes of the runs written so far. */
  private spent = 0;
  private cut = false;
  /** What was left out, in words, beyond what the budget's end cut. */
  private readonly omitted: string[] = [];
  /** Elements written (copies of repeats counted), to say how much a cut left out. */
  private written = 0;

  /** Lines thinner than this (in the image's units) are drawn as hairlines. */
  private readonly hairline: number;

  constructor(id: string, box: Box, maxBytes: number, hairline: number) {
    this.id = id;
    this.box = box;
    this.maxBytes = maxBytes;
    this.hairline = hairline;
  }

  /** Whether there is room left after `pending` more bytes; notes the cut when there is not. */
  private fits(pending: number): boolean {
    if (this.spent + this.defs.length + pending < this.maxBytes) return true;
    this.cut = true;
    return false;
  }

  private nextId(kind: string): string {
    this.count++;
    return `${this.id}-${kind}${this.count}`;
  }

  write(runs: PolarityRun[]): LayerContent {
    const layers = runs.map((run) => ({ clear: run.polarity === 'clear', content: '', run }));
    // Shapes met while writing a run add their definitions first.
    for (const layer of layers) {
      if (this.cut) break;
      layer.content = this.runContent(layer.run);
      this.spent += layer.content.length;
    }
    const content = this.compose(layers, this.box);
    if (!this.cut && this.omitted.length === 0) return { defs: this.defs, content };
    const total = drawnElementsOfRuns(runs);
    const left = Math.max(0, total - this.written);
    const omitted = [...this.omitted];
    if (this.cut && left > 0) {
      omitted.push(`${count(left)} of ${count(total)} flashes, lines and edges`);
    }
    return { defs: this.defs, content, cut: true, omitted };
  }

  /**
   * Draws layers of content where each clear layer removes what the dark layers before it drew.
   * Each dark layer gets one mask: the union of every clear layer after it. Those unions are made
   * of the clear layers in a binary tree of <use> elements, so a file that switches polarity
   * thousands of times still gives masks of a few elements and references only log₂(n) deep, not
   * thousands of nested masks.
   */
  private compose(layers: { clear: boolean; content: string }[], box: Box): string {
    const clears: string[] = [];
    const darks: { content: string; clearsBefore: number }[] = [];
    for (const { clear, content } of layers) {
      if (content.length === 0) continue;
      if (!clear) {
        darks.push({ content, clearsBefore: clears.length });
      } else if (darks.length > 0) {
        const clearId = this.nextId('c');
        this.defs += `<g id='${clearId}'>${content}</g>`;
        clears.push(clearId);
      }
    }
    const unions = new Map<string, string>();
    // The union of clears[start .. start + 2^level): a tree of uses of the halves.
    const union = (level: number, start: number): string => {
      if (level === 0) return clears[start] as string;
      const key = `${level},${start}`;
      const known = unions.get(key);
      if (known) return known;
      // The halves first: they add their own definitions.
      const first = union(level - 1, start);
      const second = union(level - 1, start + 2 ** (level - 1));
      const unionId = this.nextId('u');
      this.defs += `<g id='${unionId}'><use href='#${first}'/><use href='#${second}'/></g>`;
      unions.set(key, unionId);
      return unionId;
    };
    let body = '';
    for (const { content, clearsBefore } of darks) {
      if (clearsBefore === clears.length) {
        body += content;
        continue;
      }
      // Cover clears[clearsBefore ..] with aligned power-of-two blocks.
      let uses = '';
      let start = clearsBefore;
      while (start < clears.length) {
        let level = 0;
        while (start % 2 ** (level + 1) === 0 && start + 2 ** (level + 1) <= clears.length) level++;
        const unionId = union(level, start);
        uses += `<use href='#${unionId}'/>`;
        start += 2 ** level;
      }
      const maskId = this.nextId('m');
      this.defs += this.mask(maskId, box, uses);
      body += `<g mask='url(#${maskId})'>${content}</g>`;
    }
    return body;
  }

  /** A mask keeping everything except `clear` inside `box`. */
  private mask(maskId: string, box: Box, clear: string): string {
    // Pad by a tick so edges lying on the box are not cut by rounding.
    const x = formatTicks(toTicks(box.minX) - 1);
    const y = formatTicks(-toTicks(box.maxY) - 1);
    const w = formatTicks(toTicks(box.maxX) - toTicks(box.minX) + 2);
    const h = formatTicks(toTicks(box.maxY) - toTicks(box.minY) + 2);
    return (
      `<mask id='${maskId}' maskUnits='userSpaceOnUse' x='${x}' y='${y}' width='${w}' height='${h}'>` +
      `<rect x='${x}' y='${y}' width='${w}' height='${h}' fill='#fff'/>` +
      `<g fill='#000' stroke='#000'>${clear}</g></mask>`
    );
  }

  private runContent(run: PolarityRun): string {
    const fill = new PathWriter();
    let strokes = '';
    let uses = '';
    const { graphics } = run;
    const pending = () => fill.length + strokes.length + uses.length;
    for (let g = 0; g < graphics.length && this.fits(pending()); g++) {
      const graphic = graphics[g] as Graphic;
      if (graphic.type === 'region') {
        const { contours } = graphic;
        for (let c = 0; c < contours.length; c++) {
          const contour = contours[c] as Contour;
          // An outline too long for what is left is left out whole, and said: half a region
          // would fill the wrong area.
          if (contour.length >= MEASURED_CONTOUR) {
            const bytes = contourBytes(contour);
            if (this.spent + this.defs.length + pending() + bytes >= this.maxBytes) {
              this.omitted.push(`a region of ${count(contour.length)} edges, too large to fit`);
              continue;
            }
          }
          fill.contour(contour, 0, 0, false);
          this.written += contour.length;
          if (c % BUDGET_STRIDE === 0 && !this.fits(pending())) break;
        }
      } else if (graphic.type === 'stroke') {
        strokes += this.stroke(graphic, pending());
      } else if (graphic.type === 'flash') {
        uses += this.flashes(graphic, fill, uses.length + strokes.length);
      } else {
        uses += this.repeat(graphic, pending());
      }
    }
    const filled = fill.length > 0 ? `<path d='${fill.finish()}'/>` : '';
    return filled + strokes + uses;
  }

  /**
   * A repeat: its part defined once (a group drawn like a run) and placed at every offset. Each
   * placement is a few dozen bytes whatever the part holds, so a panel costs one board.
   */
  private repeat(graphic: RepeatGraphic, pending: number): string {
    let partId = this.parts.get(graphic.graphics);
    const before = this.written;
    if (partId === undefined) {
      const content = this.runContent({ polarity: 'dark', graphics: graphic.graphics });
      if (content.length === 0) return '';
      partId = this.nextId('r');
      this.defs += `<g id='${partId}'>${content}</g>`;
      this.parts.set(graphic.graphics, partId);
    }
    const each = Math.max(this.written - before, drawnElements(graphic.graphics));
    this.written = before;
    let uses = '';
    const href = `#${partId}`;
    const { offsets } = graphic;
    for (let index = 0; index + 1 < offsets.length; index += 2) {
      const x = formatLength(offsets[index] as number);
      const y = formatLength(-(offsets[index + 1] as number));
      uses += `<use href='${href}' x='${x}' y='${y}'/>`;
      this.written += each;
      if (index % (2 * BUDGET_STRIDE) === 0 && !this.fits(pending + uses.length)) break;
    }
    return uses;
  }

  private stroke(graphic: StrokeGraphic, pending: number): string {
    const path = new PathWriter();
    const { segments } = graphic;
    for (let index = 0; index < segments.length; index++) {
      path.segment(segments[index] as Segment, 0, 0, false);
      this.written++;
      if (index % BUDGET_STRIDE === 0 && !this.fits(pending + path.length)) break;
    }
    if (path.length === 0) return '';
    // Zero-size apertures and lines thinner than a hundredth of a millimetre (LibrePCB's 1 µm
    // outline, Allegro's 0.0001″ silkscreen) draw hairlines, one pixel of the picture wide at any
    // zoom, as viewers do: at their own width they would vanish at any view.
    const width =
      graphic.width >= this.hairline
        ? `stroke-width='${formatLength(graphic.width)}'`
        : HAIRLINE_ATTRIBUTES;
    return `<path fill='none' ${width} d='${path.finish()}'/>`;
  }

  /** Appends inline flashes to `fill`; returns <use> elements for the others. */
  private flashes(graphic: FlashGraphic, fill: PathWriter, pending: number): string {
    const output = this.shapeOutput(graphic.shape);
    const { positions } = graphic;
    const stride = 2 * BUDGET_STRIDE;
    if (output.inline) {
      const { startX, startY, d, endX, endY } = output.inline;
      if (d.length === 0) return '';
      for (let index = 0; index < positions.length; index += 2) {
        const x = toTicks(positions[index] as number);
        const y = -toTicks(positions[index + 1] as number);
        fill.place(x + startX, y + startY, d, x + endX, y + endY);
        this.written++;
        if (index % stride === 0 && !this.fits(pending + fill.length)) break;
      }
      return '';
    }
    let uses = '';
    const href = `#${output.id}`;
    for (let index = 0; index < positions.length; index += 2) {
      const x = formatLength(positions[index] as number);
      const y = formatLength(-(positions[index + 1] as number));
      uses += `<use href='${href}' x='${x}' y='${y}'/>`;
      this.written++;
      if (index % stride === 0 && !this.fits(pending + fill.length + uses.length)) break;
    }
    return uses;
  }

  private shapeOutput(shape: Shape): ShapeOutput {
    const known = this.shapes.get(shape);
    if (known) return known;
    let output: ShapeOutput;
    if (windingExpressible(shape.primitives)) {
      const path = new PathWriter();
      for (const primitive of shape.primitives) path.primitive(primitive, 0, 0, primitive.erase);
      const first = path.first;
      if (!first) {
        // Too small to show at the output resolution.
        output = {
          inline: { startX: 0, startY: 0, d: new Uint8Array(0), endX: 0, endY: 0 },
          id: null,
        };
      } else if (path.length <= INLINE_SHAPE_LIMIT) {
        output = {
          inline: {
            startX: first.x,
            startY: first.y,
            d: path.finishBytes(first.length),
            endX: path.x,
            endY: path.y,
          },
          id: null,
        };
      } else {
        const shapeId = this.nextId('s');
        this.defs += `<path id='${shapeId}' d='${path.finish()}'/>`;
        output = { inline: null, id: shapeId };
      }
    } else {
      const shapeId = this.nextId('s');
      // maskedShape adds its masks to the defs first.
      const content = this.maskedShape(shape);
      this.defs += `<g id='${shapeId}'>${content}</g>`;
      output = { inline: null, id: shapeId };
    }
    this.shapes.set(shape, output);
    return output;
  }

  /** A shape whose erase primitives need masks: drawn like a layer of its own. */
  private maskedShape(shape: Shape): string {
    const layers: { clear: boolean; content: string }[] = [];
    let index = 0;
    const { primitives } = shape;
    while (index < primitives.length) {
      const erase = (primitives[index] as ShapePrimitive).erase;
      const path = new PathWriter();
      while (index < primitives.length && (primitives[index] as ShapePrimitive).erase === erase) {
        path.primitive(primitives[index] as ShapePrimitive, 0, 0, false);
        index++;
      }
      layers.push({ clear: erase, content: path.length > 0 ? `<path d='${path.finish()}'/>` : '' });
    }
    return shape.box ? this.compose(layers, shape.box) : '';
  }
}
