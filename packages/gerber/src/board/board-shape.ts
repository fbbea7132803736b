// The board shape from an outline layer: the largest closed loop is the board edge, closed loops
// inside it are cut-outs. Loops outside it (title blocks, dimensions, other drawings on the same
// mechanical layer) are not part of the board.

import { DEFAULT_OUTLINE_GAP_FILL, MM_PER_INCH } from '../constants.ts';
import { BoxAccumulator } from '../image/box.ts';
import type { Box, Contour, LayerImage, Segment } from '../image/types.ts';
import { contourArea, OutlineGraph, outlineGeometry } from './outline-loops.ts';

export interface OutlineShape {
  /** The board edge first, then the cut-outs; draw with the even-odd rule. */
  loops: Contour[];
  /** Bounds of the board edge (the centre line of the drawn edge), in the image's units. */
  box: Box;
}

/** The gap fill in the units of an image: the mm-equivalent value divided by 25.4 for inches. */
export function gapFillIn(image: LayerImage, gapFill = DEFAULT_OUTLINE_GAP_FILL): number {
  return image.units === 'in' ? gapFill / MM_PER_INCH : gapFill;
}

export function contourBox(contour: Contour): Box {
  const box = new BoxAccumulator();
  for (let index = 0; index < contour.length; index++) {
    box.addSegment(contour[index] as Segment, 0);
  }
  return box.toBox() as Box;
}

function inside(inner: Box, outer: Box): boolean {
  return (
    inner.minX >= outer.minX &&
    inner.maxX <= outer.maxX &&
    inner.minY >= outer.minY &&
    inner.maxY <= outer.maxY
  );
}

/**
 * Whether (x, y) lies inside a contour, by ray casting along its chords: all of them, or those
 * of ChordBands.near(y).
 */
function pointInContour(chords: readonly Segment[], x: number, y: number): boolean {
  let crossings = 0;
  for (let index = 0; index < chords.length; index++) {
    const { x1, y1, x2, y2 } = chords[index] as Segment;
    if (y1 > y !== y2 > y && x < x1 + ((y - y1) * (x2 - x1)) / (y2 - y1)) crossings++;
  }
  return crossings % 2 === 1;
}

/** Chords the ray test at some y can cross: a loop's chords sorted into horizontal bands. */
class ChordBands {
  private readonly bands: Segment[][];
  private readonly minY: number;
  private readonly bandHeight: number;

  constructor(loop: Contour, box: Box) {
    // About √n bands keeps both the building and each test near √n chords.
    const count = Math.min(256, Math.max(1, Math.ceil(Math.sqrt(loop.length))));
    this.bands = Array.from({ length: count }, () => []);
    this.minY = box.minY;
    this.bandHeight = (box.maxY - box.minY) / count || 1;
    for (let index = 0; index < loop.length; index++) {
      const chord = loop[index] as Segment;
      const last = this.band(Math.max(chord.y1, chord.y2));
      for (let band = this.band(Math.min(chord.y1, chord.y2)); band <= last; band++) {
        (this.bands[band] as Segment[]).push(chord);
      }
    }
  }

  private band(y: number): number {
    const band = Math.floor((y - this.minY) / this.bandHeight);
    return Math.min(this.bands.length - 1, Math.max(0, band));
  }

  /** The chords whose y range may hold `y`. */
  near(y: number): readonly Segment[] {
    return this.bands[this.band(y)] as Segment[];
  }
}

/**
 * How many of the flat [x, y, ...] `points` lie inside a loop: the box first, then the ray test
 * against the chords near each point (thousands of copper samples meet outlines of thousands of
 * chords).
 */
function countInside(loop: Contour, box: Box, points: readonly number[]): number {
  let bands: ChordBands | null = null;
  let count = 0;
  for (let index = 0; index < points.length; index += 2) {
    const x = points[index] as number;
    const y = points[index + 1] as number;
    if (x < box.minX || x > box.maxX || y < box.minY || y > box.maxY) continue;
    bands ??= new ChordBands(loop, box);
    if (pointInContour(bands.near(y), x, y)) count++;
  }
  return count;
}

interface Loop {
  loop: Contour;
  area: number;
  box: Box;
}

function within(inner: Loop, outer: Loop): boolean {
  const first = inner.loop[0];
  return (
    inner !== outer &&
    first !== undefined &&
    inside(inner.box, outer.box) &&
    pointInContour(outer.loop, first.x1, first.y1)
  );
}

/** Share of the copper points a loop must hold to be the board rather than a frame around it. */
const BOARD_SHARE = 0.9;

/**
 * The board shapes of an outline image, one per gap fill asked for (mm-equivalent, SPEC §9):
 * null when its segments and regions form no closed loop with an area. `copper` holds sample
 * points of the copper layers (flat [x, y, ...] in the image's units): in a layer that also draws
 * a panel or drawing frame around the board, the board is the loop inside the frame holding
 * nearly all copper; and a loop holding copper is a drawing, not a cut-out.
 */
export function outlineShapes(
  image: LayerImage,
  copper: readonly number[] = [],
): (gapFill: number) => OutlineShape | null {
  const { segments, contours } = outlineGeometry(image);
  // Ends closer than the default gap fill are one point whatever the gap fill; wider gaps are
  // bridged, so a wide gap fill never merges the many short segments of a curve.
  const graph = new OutlineGraph(segments, gapFillIn(image, DEFAULT_OUTLINE_GAP_FILL));
  return (gapFill) => {
    const loops: Loop[] = [...graph.loops(gapFillIn(image, gapFill)), ...contours]
      .map((loop) => ({ loop, area: Math.abs(contourArea(loop)), box: contourBox(loop) }))
      .filter(({ area }) => area > 0)
      .sort((a, b) => b.area - a.area);
    let edge = loops[0];
    if (!edge) return null;
    let held = countInside(edge.loop, edge.box, copper);
    for (;;) {
      const current: Loop = edge;
      const next = loops.find((loop) => loop.area < current.area && within(loop, current));
      if (!next || held === 0) break;
      const nextHeld = countInside(next.loop, next.box, copper);
      if (nextHeld < held * BOARD_SHARE) break;
      edge = next;
      held = nextHeld;
    }
    const board = edge;
    const cutOuts = loops.filter(
      (loop) => within(loop, board) && countInside(loop.loop, loop.box, copper) === 0,
    );
    return { loops: [board.loop, ...cutOuts.map(({ loop }) => loop)], box: board.box };
  };
}

/** The board shape of an outline image at one gap fill; see outlineShapes. */
export function outlineShape(
  image: LayerImage,
  gapFill = DEFAULT_OUTLINE_GAP_FILL,
  copper: readonly number[] = [],
): OutlineShape | null {
  return outlineShapes(image, copper)(gapFill);
}
