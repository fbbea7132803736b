// Collects graphics into polarity runs. Within a run the order does not matter, so strokes of
// one width, flashes of one shape and all region contours are merged into single graphics.

import { LIMITS } from '../constants.ts';
import { BoxAccumulator } from '../image/box.ts';
import { counterClockwisePolygon } from '../image/geometry.ts';
import { convexHull, polygonContour } from '../image/hull.ts';
import { drawnElementsOfRuns } from '../image/repeats.ts';
import {
  circlePoints,
  compose,
  contourPoints,
  isSimilarity,
  isTranslation,
  lengthScale,
  segmentPoints,
  type Transform,
  transformContour,
  transformPoints,
  transformSegment,
  transformShape,
  translation,
} from '../image/transform.ts';
import type {
  Box,
  Contour,
  FlashGraphic,
  Polarity,
  PolarityRun,
  RegionGraphic,
  RepeatGraphic,
  Segment,
  Shape,
  StrokeGraphic,
} from '../image/types.ts';

/**
 * What an image may still take, shared by nested builders: a number of elements (flash positions,
 * segments), and only coordinates and sizes within ±maxCoordinate (NaN never passes).
 */
export interface ElementBudget {
  remaining: number;
  exhausted: boolean;
  /** What the image may hold ran out (not only what it may draw). */
  heldExhausted: boolean;
  /**
   * Elements the image may still draw, every copy of a repeat counted: what a viewer must paint,
   * held or not (LIMITS.maxDrawnElements).
   */
  drawn: number;
  maxCoordinate: number;
  /** Set when something beyond the coordinate range was dropped. */
  outOfRange: boolean;
  /** Step and repeats drawn with fewer copies than they ask for (the drawn budget ran out). */
  cutRepeats: CutRepeat[];
}

/**
 * A step and repeat (by its line) that drew `drawn` of `wanted` copies of `each` elements: the
 * drawn budget ran out, or (`held`) copies drawn one by one filled what a layer may hold.
 */
export interface CutRepeat {
  line: number;
  wanted: number;
  drawn: number;
  each: number;
  held?: true;
}

/** A fresh budget for an image in units where maxCoordinate is the coordinate limit. */
export function elementBudget(
  maxCoordinate: number,
  elements: number,
  drawn: number = LIMITS.maxDrawnElements,
): ElementBudget {
  return {
    remaining: elements,
    exhausted: false,
    heldExhausted: false,
    drawn,
    maxCoordinate,
    outOfRange: false,
    cutRepeats: [],
  };
}

export class ImageBuilder {
  readonly runs: PolarityRun[] = [];
  readonly box = new BoxAccumulator();
  private readonly budget: ElementBudget;
  private run: PolarityRun | null = null;
  private strokes = new Map<number, StrokeGraphic>();
  private flashes = new Map<Shape, FlashGraphic>();
  private region: RegionGraphic | null = null;
  private lastStroke: StrokeGraphic | null = null;
  private lastFlash: FlashGraphic | null = null;
  /** Transformed shapes, so repeated block flashes share one Shape per transform. */
  private readonly shapeCache = new Map<Shape, Map<string, Shape>>();

  constructor(budget: ElementBudget) {
    this.budget = budget;
  }

  /** Counts elements against the budget; false once it is spent. */
  private take(count: number): boolean {
    if (this.budget.remaining < count || this.budget.drawn < count) {
      this.budget.exhausted = true;
      if (this.budget.remaining < count) this.budget.heldExhausted = true;
      return false;
    }
    this.budget.remaining -= count;
    this.budget.drawn -= count;
    return true;
  }

  private runFor(polarity: Polarity): PolarityRun {
    const current = this.run;
    if (current && current.polarity === polarity) return current;
    const run: PolarityRun = { polarity, graphics: [] };
    this.runs.push(run);
    this.run = run;
    this.strokes = new Map();
    this.flashes = new Map();
    this.region = null;
    this.lastStroke = null;
    this.lastFlash = null;
    return run;
  }

  /** Appends a run that later graphics never merge into (its content is filled in later). */
  insertRun(run: PolarityRun): void {
    this.runs.push(run);
    this.run = null;
  }

  /** False (and noted) for a value beyond the coordinate range or not a number. */
  private inRange(value: number): boolean {
    if (Math.abs(value) <= this.budget.maxCoordinate) return true;
    this.budget.outOfRange = true;
    return false;
  }

  private segmentInRange(segment: Segment, margin: number): boolean {
    return (
      this.inRange(Math.abs(segment.x1) + margin) &&
      this.inRange(Math.abs(segment.y1) + margin) &&
      this.inRange(Math.abs(segment.x2) + margin) &&
      this.inRange(Math.abs(segment.y2) + margin) &&
      (segment.type === 'line' || this.inRange(segment.radius))
    );
  }

  addFlash(polarity: Polarity, shape: Shape, x: number, y: number): void {
    const box = shape.box;
    if (!box) return;
    const reach = Math.max(-box.minX, box.maxX, -box.minY, box.maxY);
    if (!this.inRange(Math.abs(x) + reach) || !this.inRange(Math.abs(y) + reach)) return;
    if (!this.take(1)) return;
    let graphic = this.run?.polarity === polarity ? this.lastFlash : null;
    if (!graphic || graphic.shape !== shape) {
      const run = this.runFor(polarity);
      graphic = this.flashes.get(shape) ?? null;
      if (!graphic) {
        graphic = { type: 'flash', shape, positions: [] };
        this.flashes.set(shape, graphic);
        run.graphics.push(graphic);
      }
      this.lastFlash = graphic;
    }
    graphic.positions.push(x, y);
    this.box.addBox(box, x, y);
  }

  addSegment(polarity: Polarity, width: number, segment: Segment): void {
    if (!this.inRange(width) || !this.segmentInRange(segment, width / 2) || !this.take(1)) return;
    let graphic = this.run?.polarity === polarity ? this.lastStroke : null;
    if (!graphic || graphic.width !== width) {
      const run = this.runFor(polarity);
      graphic = this.strokes.get(width) ?? null;
      if (!graphic) {
        graphic = { type: 'stroke', width, segments: [] };
        this.strokes.set(width, graphic);
        run.graphics.push(graphic);
      }
      this.lastStroke = graphic;
    }
    graphic.segments.push(segment);
    this.box.addSegment(segment, width / 2);
  }

  addContour(polarity: Polarity, contour: Contour): void {
    if (contour.length === 0) return;
    for (let index = 0; index < contour.length; index++) {
      if (!this.segmentInRange(contour[index] as Segment, 0)) return;
    }
    if (!this.take(contour.length)) return;
    const run = this.runFor(polarity);
    let region = this.region;
    if (!region) {
      region = { type: 'region', contours: [] };
      this.region = region;
      run.graphics.push(region);
    }
    region.contours.push(contour);
    for (let index = 0; index < contour.length; index++) {
      this.box.addSegment(contour[index] as Segment, 0);
    }
  }

  /**
   * Draws the runs of a step-and-repeat block at every offset (flat [dx, dy, ...]), holding the
   * block once: each run of the block becomes a repeat in a run of its polarity. Only for blocks
   * whose copies cannot reach into each other's clear parts (the caller checks). The copies after
   * the first are charged to the drawn budget, which the caller has checked they fit.
   */
  addRepeat(
    runs: readonly PolarityRun[],
    places: number[],
    box: Box,
    line: number,
    /** The first copy is drawn already (a step and repeat's block, recorded in place). */
    firstDrawn = true,
  ): void {
    // Copies reaching beyond the coordinate range are left out, as single objects are.
    const reachX = Math.max(Math.abs(box.minX), Math.abs(box.maxX));
    const reachY = Math.max(Math.abs(box.minY), Math.abs(box.maxY));
    let wanted = places;
    for (let index = 0; index + 1 < places.length; index += 2) {
      if (
        !this.inRange(Math.abs(places[index] as number) + reachX) ||
        !this.inRange(Math.abs(places[index + 1] as number) + reachY)
      ) {
        wanted = places.filter(
          (_, k) =>
            Math.abs(places[k - (k % 2)] as number) + reachX <= this.budget.maxCoordinate &&
            Math.abs(places[k - (k % 2) + 1] as number) + reachY <= this.budget.maxCoordinate,
        );
        break;
      }
    }
    const copies = wanted.length / 2;
    const each = drawnElementsOfRuns(runs);
    const paid = firstDrawn ? 1 : 0;
    const fit =
      each === 0
        ? copies
        : Math.min(copies, paid + Math.floor(Math.max(0, this.budget.drawn) / each));
    const offsets = fit < copies ? wanted.slice(0, 2 * fit) : wanted;
    if (fit < copies) this.budget.cutRepeats.push({ line, wanted: copies, drawn: fit, each });
    this.budget.drawn -= Math.max(0, fit - paid) * each;
    if (fit === 0) return;
    for (const run of runs) {
      if (run.graphics.length === 0) continue;
      const repeat: RepeatGraphic = { type: 'repeat', graphics: run.graphics, offsets, box, line };
      this.runFor(run.polarity).graphics.push(repeat);
    }
    for (let index = 0; index + 1 < offsets.length; index += 2) {
      this.box.addBox(box, offsets[index] as number, offsets[index + 1] as number);
    }
  }

  /** A repeat drawn again through a transform: its part transformed once, its offsets moved. */
  private addRepeatCopy(polarity: Polarity, repeat: RepeatGraphic, t: Transform): void {
    let graphics = repeat.graphics;
    let box = repeat.box;
    if (!isTranslation(t)) {
      const part = new ImageBuilder(this.budget);
      part.addImage([{ polarity: 'dark', graphics }], { ...t, e: 0, f: 0 }, false);
      graphics = part.runs.flatMap((run) => run.graphics);
      box = part.box.toBox();
    }
    if (!box) return;
    const { offsets } = repeat;
    const moved: number[] = new Array(offsets.length);
    for (let index = 0; index + 1 < offsets.length; index += 2) {
      const x = offsets[index] as number;
      const y = offsets[index + 1] as number;
      moved[index] = t.a * x + t.c * y + t.e;
      moved[index + 1] = t.b * x + t.d * y + t.f;
    }
    this.addRepeat([{ polarity, graphics }], moved, box, repeat.line, false);
  }

  /**
   * Draws the runs of another image (a block aperture or a step-and-repeat copy) through a
   * transform; `invert` swaps dark and clear (a block flashed with clear polarity).
   */
  addImage(runs: PolarityRun[], t: Transform, invert: boolean): void {
    if (this.budget.exhausted) return;
    if (!isSimilarity(t)) {
      this.addImageDistorted(runs, t, invert);
      return;
    }
    const translate = isTranslation(t);
    const key = translate ? '' : `${t.a},${t.b},${t.c},${t.d}`;
    const widthScale = lengthScale(t);
    for (const run of runs) {
      const polarity: Polarity = invert === (run.polarity === 'dark') ? 'clear' : 'dark';
      for (const graphic of run.graphics) {
        if (graphic.type === 'flash') {
          const shape = translate ? graphic.shape : this.transformedShape(graphic.shape, key, t);
          const { positions } = graphic;
          for (let index = 0; index < positions.length; index += 2) {
            const x = positions[index] as number;
            const y = positions[index + 1] as number;
            this.addFlash(polarity, shape, t.a * x + t.c * y + t.e, t.b * x + t.d * y + t.f);
            if (this.budget.exhausted) return;
          }
        } else if (graphic.type === 'stroke') {
          const width = graphic.width * widthScale;
          for (const segment of graphic.segments) {
            this.addSegment(polarity, width, transformSegment(t, segment));
            if (this.budget.exhausted) return;
          }
        } else if (graphic.type === 'region') {
          for (const contour of graphic.contours) {
            this.addContour(polarity, transformContour(t, contour));
            if (this.budget.exhausted) return;
          }
        } else {
          this.addRepeatCopy(polarity, graphic, t);
        }
        if (this.budget.exhausted) return;
      }
    }
  }

  /**
   * Draws through a transform that turns circles into ellipses (the deprecated SF with different
   * factors): lines become the area the distorted round tool sweeps, arcs are sampled.
   */
  private addImageDistorted(runs: PolarityRun[], t: Transform, invert: boolean): void {
    const key = `${t.a},${t.b},${t.c},${t.d}`;
    for (const run of runs) {
      const polarity: Polarity = invert === (run.polarity === 'dark') ? 'clear' : 'dark';
      for (const graphic of run.graphics) {
        if (graphic.type === 'flash') {
          const shape = this.transformedShape(graphic.shape, key, t);
          const { positions } = graphic;
          for (let index = 0; index < positions.length; index += 2) {
            const x = positions[index] as number;
            const y = positions[index + 1] as number;
            this.addFlash(polarity, shape, t.a * x + t.c * y + t.e, t.b * x + t.d * y + t.f);
          }
        } else if (graphic.type === 'stroke') {
          const pen = transformPoints({ ...t, e: 0, f: 0 }, circlePoints(0, 0, graphic.width / 2));
          for (const segment of graphic.segments) {
            const points = transformPoints(t, segmentPoints(segment));
            for (let index = 0; index + 3 < points.length; index += 2) {
              const hull = sweepHull(
                pen,
                points[index] as number,
                points[index + 1] as number,
                points[index + 2] as number,
                points[index + 3] as number,
              );
              this.addContour(polarity, polygonContour(hull));
            }
          }
        } else if (graphic.type === 'region') {
          for (const contour of graphic.contours) {
            const points = counterClockwisePolygon(transformPoints(t, contourPoints(contour)));
            this.addContour(polarity, polygonContour(points));
          }
        } else {
          // Copies through a distorting transform are drawn one by one.
          const { offsets } = graphic;
          const part: PolarityRun[] = [{ polarity: run.polarity, graphics: graphic.graphics }];
          for (let index = 0; index + 1 < offsets.length && !this.budget.exhausted; index += 2) {
            const shift = translation(offsets[index] as number, offsets[index + 1] as number);
            this.addImageDistorted(part, compose(t, shift), invert);
          }
        }
        if (this.budget.exhausted) return;
      }
    }
  }

  private transformedShape(shape: Shape, key: string, t: Transform): Shape {
    let byKey = this.shapeCache.get(shape);
    if (!byKey) {
      byKey = new Map();
      this.shapeCache.set(shape, byKey);
    }
    let transformed = byKey.get(key);
    if (!transformed) {
      transformed = transformShape({ ...t, e: 0, f: 0 }, shape);
      byKey.set(key, transformed);
    }
    return transformed;
  }
}

/** The area a convex pen (flat points around the origin) sweeps from (x1, y1) to (x2, y2). */
function sweepHull(pen: number[], x1: number, y1: number, x2: number, y2: number): number[] {
  const points: number[] = [];
  for (let index = 0; index < pen.length; index += 2) {
    const x = pen[index] as number;
    const y = pen[index + 1] as number;
    points.push(x + x1, y + y1, x + x2, y + y2);
  }
  return convexHull(points);
}
