// Collects graphics into polarity runs. Within a run the order does not matter, so strokes of
// one width, flashes of one shape and all region contours are merged into single graphics.

import { BoxAccumulator } from '../image/box.ts';
import { counterClockwisePolygon } from '../image/geometry.ts';
import { convexHull, polygonContour } from '../image/hull.ts';
import {
  circlePoints,
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
} from '../image/transform.ts';
import type {
  Contour,
  FlashGraphic,
  Polarity,
  PolarityRun,
  RegionGraphic,
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
  maxCoordinate: number;
  /** Set when something beyond the coordinate range was dropped. */
  outOfRange: boolean;
}

/** A fresh budget for an image in units where maxCoordinate is the coordinate limit. */
export function elementBudget(maxCoordinate: number, elements: number): ElementBudget {
  return { remaining: elements, exhausted: false, maxCoordinate, outOfRange: false };
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
    if (this.budget.remaining < count) {
      this.budget.exhausted = true;
      return false;
    }
    this.budget.remaining -= count;
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
        } else {
          for (const contour of graphic.contours) {
            this.addContour(polarity, transformContour(t, contour));
            if (this.budget.exhausted) return;
          }
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
        } else {
          for (const contour of graphic.contours) {
            const points = counterClockwisePolygon(transformPoints(t, contourPoints(contour)));
            this.addContour(polarity, polygonContour(points));
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
