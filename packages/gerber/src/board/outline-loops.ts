// Closed loops from the loose segments of an outline layer. CAD tools write the board edge as
// lines and arcs in any order and direction, sometimes with tiny gaps between their ends; the
// loops are found by merging ends closer than the gap fill and walking from segment to segment.

import { forEachCopy } from '../image/repeats.ts';
import { transformContour, transformSegment, translation } from '../image/transform.ts';
import type { Contour, Graphic, LayerImage, PolarityRun, Segment } from '../image/types.ts';

/** Segments of copies read at most: a panel's outline has a few per board. */
const COPIED_OUTLINE_ELEMENTS = 200_000;

/**
 * Every segment of the dark strokes and the contours of the dark regions of an image, copies of a
 * step and repeat (a panel's outlines) where they lie.
 */
export function outlineGeometry(image: LayerImage): { segments: Segment[]; contours: Contour[] } {
  const segments: Segment[] = [];
  const contours: Contour[] = [];
  const { runs } = image;
  for (let r = 0; r < runs.length; r++) {
    const run = runs[r] as PolarityRun;
    if (run.polarity !== 'dark') continue;
    const { graphics } = run;
    for (let g = 0; g < graphics.length; g++) {
      const graphic = graphics[g] as Graphic;
      if (graphic.type === 'stroke') {
        const stroke = graphic.segments;
        for (let index = 0; index < stroke.length; index++) segments.push(stroke[index] as Segment);
      } else if (graphic.type === 'region') {
        const region = graphic.contours;
        for (let index = 0; index < region.length; index++) contours.push(region[index] as Contour);
      } else if (graphic.type === 'repeat') {
        forEachCopy(
          [graphic],
          ({ graphic: part, dx, dy }) => {
            const shift = translation(dx, dy);
            if (part.type === 'stroke') {
              for (const segment of part.segments) segments.push(transformSegment(shift, segment));
            } else if (part.type === 'region') {
              for (const contour of part.contours) contours.push(transformContour(shift, contour));
            }
          },
          COPIED_OUTLINE_ELEMENTS,
        );
      }
    }
  }
  return { segments, contours };
}

/**
 * Points hashed by grid cells no smaller than the tolerance, so every point within it lies in the
 * 3 × 3 cells around. Buckets are linked lists in flat arrays: outlines have tens of thousands of
 * ends, and this keeps them out of the garbage collector's way.
 */
class PointGrid {
  readonly xs: number[] = [];
  readonly ys: number[] = [];
  private readonly heads = new Map<number, number>();
  private readonly next: number[] = [];
  private readonly cell: number;

  constructor(tolerance: number) {
    this.cell = Math.max(tolerance, 1e-9);
  }

  private static key(cx: number, cy: number): number {
    // Different cells may share a key; callers check distances anyway.
    return Math.imul(cx | 0, 73856093) ^ Math.imul(cy | 0, 19349663);
  }

  add(x: number, y: number): number {
    const index = this.xs.length;
    this.xs.push(x);
    this.ys.push(y);
    const key = PointGrid.key(Math.floor(x / this.cell), Math.floor(y / this.cell));
    this.next.push(this.heads.get(key) ?? -1);
    this.heads.set(key, index);
    return index;
  }

  /** Calls `visit` with each point in the cells around (x, y) until it returns true. */
  around(x: number, y: number, visit: (index: number) => boolean): void {
    const cx = Math.floor(x / this.cell);
    const cy = Math.floor(y / this.cell);
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        let index = this.heads.get(PointGrid.key(cx + dx, cy + dy)) ?? -1;
        while (index >= 0) {
          if (visit(index)) return;
          index = this.next[index] as number;
        }
      }
    }
  }

  /** The first point within `tolerance` of (x, y), or a new one there. */
  pointAt(x: number, y: number, tolerance: number): number {
    let found = -1;
    this.around(x, y, (index) => {
      if (Math.hypot((this.xs[index] as number) - x, (this.ys[index] as number) - y) > tolerance) {
        return false;
      }
      found = index;
      return true;
    });
    return found >= 0 ? found : this.add(x, y);
  }
}

/** The segment run the other way. */
function reversed(segment: Segment): Segment {
  if (segment.type === 'line') {
    return { type: 'line', x1: segment.x2, y1: segment.y2, x2: segment.x1, y2: segment.y1 };
  }
  return {
    ...segment,
    x1: segment.x2,
    y1: segment.y2,
    x2: segment.x1,
    y2: segment.y1,
    sweep: -segment.sweep,
  };
}

/**
 * The ends of an outline's segments merged into points (ends closer than the tolerance are one
 * point), built once and then walked into loops for as many gap fills as needed.
 */
export class OutlineGraph {
  private readonly points: PointGrid;
  private readonly segments: Segment[] = [];
  private readonly from: number[] = [];
  private readonly to: number[] = [];
  /** Full circles: loops on their own. */
  private readonly circles: Contour[] = [];

  constructor(segments: readonly Segment[], tolerance: number) {
    this.points = new PointGrid(tolerance);
    for (let index = 0; index < segments.length; index++) {
      const segment = segments[index] as Segment;
      const from = this.points.pointAt(segment.x1, segment.y1, tolerance);
      const to = this.points.pointAt(segment.x2, segment.y2, tolerance);
      if (from === to) {
        // A full circle is a loop of its own; anything else this short is noise.
        if (segment.type === 'arc' && Math.abs(segment.sweep) > Math.PI)
          this.circles.push([segment]);
        continue;
      }
      this.segments.push(segment);
      this.from.push(from);
      this.to.push(to);
    }
  }

  /**
   * Bridges for the gaps of an outline: each loose end (a point where an odd number of segments
   * end) is joined by a straight line to the nearest other loose end within `gapFill`, nearest
   * pairs first. Returns the pairs of points to join.
   */
  private bridges(gapFill: number): [number, number][] {
    const { xs, ys } = this.points;
    const degree = new Uint32Array(xs.length);
    for (const point of this.from) degree[point] = (degree[point] as number) + 1;
    for (const point of this.to) degree[point] = (degree[point] as number) + 1;
    const loose = new PointGrid(gapFill);
    const looseIds: number[] = [];
    degree.forEach((count, point) => {
      if (count % 2 === 0) return;
      looseIds.push(point);
      loose.add(xs[point] as number, ys[point] as number);
    });
    const pairs: { a: number; b: number; distance: number }[] = [];
    looseIds.forEach((a, k) => {
      const x = xs[a] as number;
      const y = ys[a] as number;
      loose.around(x, y, (other) => {
        const b = looseIds[other] as number;
        const distance = Math.hypot((xs[b] as number) - x, (ys[b] as number) - y);
        if (other > k && distance <= gapFill) pairs.push({ a, b, distance });
        return false;
      });
    });
    pairs.sort((p, q) => p.distance - q.distance);
    const joined = new Set<number>();
    const chosen: [number, number][] = [];
    for (const { a, b } of pairs) {
      if (joined.has(a) || joined.has(b)) continue;
      joined.add(a);
      joined.add(b);
      chosen.push([a, b]);
    }
    return chosen;
  }

  /**
   * The closed loops, walking from segment to segment in whatever order and direction the file
   * gave them, with loose ends up to `gapFill` apart bridged by straight lines. Chains that do not
   * close are left out. Each segment is moved onto the merged points, so loops close exactly.
   */
  loops(gapFill: number): Contour[] {
    const { xs, ys } = this.points;
    const segments = [...this.segments];
    const from = [...this.from];
    const to = [...this.to];
    for (const [a, b] of gapFill > 0 ? this.bridges(gapFill) : []) {
      segments.push({
        type: 'line',
        x1: xs[a] as number,
        y1: ys[a] as number,
        x2: xs[b] as number,
        y2: ys[b] as number,
      });
      from.push(a);
      to.push(b);
    }
    // Segments by point, in compressed rows: point p's segments are at offsets[p] .. offsets[p+1].
    const count = xs.length;
    const offsets = new Uint32Array(count + 1);
    for (const point of [...from, ...to]) offsets[point + 1] = (offsets[point + 1] as number) + 1;
    for (let point = 0; point < count; point++) {
      offsets[point + 1] = (offsets[point + 1] as number) + (offsets[point] as number);
    }
    const fill = offsets.slice(0, count);
    const bySegment = new Uint32Array(2 * segments.length);
    for (let edge = 0; edge < segments.length; edge++) {
      for (const point of [from[edge] as number, to[edge] as number]) {
        bySegment[fill[point] as number] = edge;
        fill[point] = (fill[point] as number) + 1;
      }
    }
    const used = new Uint8Array(segments.length);
    // How far each point's row is used up.
    const cursor = offsets.slice(0, count);
    const nextEdge = (point: number): number => {
      let at = cursor[point] as number;
      const end = offsets[point + 1] as number;
      while (at < end && used[bySegment[at] as number]) at++;
      cursor[point] = at;
      return at < end ? (bySegment[at] as number) : -1;
    };
    const oriented = (edge: number, start: number): Segment => {
      const segment = segments[edge] as Segment;
      const forward = from[edge] === start;
      const end = forward ? (to[edge] as number) : (from[edge] as number);
      const turned = forward ? segment : reversed(segment);
      return {
        ...turned,
        x1: xs[start] as number,
        y1: ys[start] as number,
        x2: xs[end] as number,
        y2: ys[end] as number,
      };
    };
    // Walks from `point` along unused segments until it reaches `stop` or cannot go on.
    const walk = (start: number, stop: number): { path: Segment[]; end: number } => {
      const path: Segment[] = [];
      let point = start;
      while (point !== stop) {
        const edge = nextEdge(point);
        if (edge < 0) break;
        used[edge] = 1;
        path.push(oriented(edge, point));
        point = from[edge] === point ? (to[edge] as number) : (from[edge] as number);
      }
      return { path, end: point };
    };

    const loops: Contour[] = [...this.circles];
    for (let first = 0; first < segments.length; first++) {
      if (used[first]) continue;
      used[first] = 1;
      const start = from[first] as number;
      const end = to[first] as number;
      const head = oriented(first, start);
      const ahead = walk(end, start);
      if (ahead.end === start) {
        loops.push([head, ...ahead.path]);
        continue;
      }
      // Open so far: extend backwards from the first segment's start.
      const behind = walk(start, ahead.end);
      if (behind.end === ahead.end) {
        const before = behind.path.reverse().map(reversed);
        loops.push([...before, head, ...ahead.path]);
      }
    }
    return loops;
  }
}

/** Signed area of a closed contour (counter-clockwise positive), arcs included. */
export function contourArea(contour: Contour): number {
  let area = 0;
  for (const segment of contour) {
    area += (segment.x1 * segment.y2 - segment.x2 * segment.y1) / 2;
    if (segment.type === 'arc') {
      // The circular segment between the chord and the arc.
      const { radius, sweep } = segment;
      area += (radius * radius * (sweep - Math.sin(sweep))) / 2;
    }
  }
  return area;
}
