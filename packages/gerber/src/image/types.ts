// The image tree: what a plotted layer looks like, independent of the file format it came from.
// Gerber and Excellon files plot into it; the layer renderer and the board stack-up read it.
// Coordinates are in the layer's units (`LayerImage.units`), y pointing up as in the files.

import type { Warning } from '../warnings.ts';
import type { Units } from './units.ts';

export type { Units } from './units.ts';

/** Dark adds to the image; clear removes what earlier runs added. */
export type Polarity = 'dark' | 'clear';

export interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export interface LineSegment {
  type: 'line';
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/**
 * A circular arc from (x1, y1) to (x2, y2) around (cx, cy). Both ends lie on the circle of
 * `radius` (the plotter repairs slightly inconsistent centres). `sweep` is the signed angle in
 * radians, positive counter-clockwise; a full circle has |sweep| = 2π and equal ends.
 */
export interface ArcSegment {
  type: 'arc';
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  cx: number;
  cy: number;
  radius: number;
  sweep: number;
}

export type Segment = LineSegment | ArcSegment;

/** A closed loop of segments, each starting where the previous one ends. */
export type Contour = Segment[];

// Shape primitives are in the shape's own frame: (0, 0) is the flash point.
// `erase` primitives remove what the earlier primitives of the same shape drew (aperture holes,
// macro primitives with exposure off); they never affect the rest of the image.

export interface CirclePrimitive {
  type: 'circle';
  erase: boolean;
  cx: number;
  cy: number;
  r: number;
}

/** An axis-aligned rectangle centred on (cx, cy); cornerRadius > 0 rounds it (obrounds). */
export interface RectPrimitive {
  type: 'rect';
  erase: boolean;
  cx: number;
  cy: number;
  width: number;
  height: number;
  cornerRadius: number;
}

/** A polygon as flat coordinates [x0, y0, x1, y1, ...], counter-clockwise, implicitly closed. */
export interface PolygonPrimitive {
  type: 'polygon';
  erase: boolean;
  points: number[];
}

/** A closed contour with arcs (thermal spokes, rotated obrounds), counter-clockwise. */
export interface ContourPrimitive {
  type: 'contour';
  erase: boolean;
  segments: Contour;
}

export type ShapePrimitive = CirclePrimitive | RectPrimitive | PolygonPrimitive | ContourPrimitive;

/**
 * A flashable shape (an aperture after its transforms, or a drill tool). Flashes share the same
 * Shape object, so renderers can define it once and reuse it.
 */
export interface Shape {
  primitives: ShapePrimitive[];
  /** Bounds of the shape around the flash point; null when it draws nothing. */
  box: Box | null;
}

/** Every flash of one shape within a run: positions as flat [x0, y0, x1, y1, ...]. */
export interface FlashGraphic {
  type: 'flash';
  shape: Shape;
  positions: number[];
  /** Drill images only: whether these holes are plated, when the file says. */
  plated?: boolean;
}

/**
 * Lines and arcs drawn with a round tool of `width` (round caps and joins). The segments need
 * not be connected; each carries its own ends. A width of 0 draws nothing but keeps the geometry
 * (outlines drawn with zero-size apertures).
 */
export interface StrokeGraphic {
  type: 'stroke';
  width: number;
  segments: Segment[];
  /** Drill images only: plating of routed slots, when the file says. */
  plated?: boolean;
}

/**
 * Filled areas: the union of the contours. Each contour is counter-clockwise (positive area),
 * so a non-zero fill of all of them together gives the union, and cut-in holes stay open.
 */
export interface RegionGraphic {
  type: 'region';
  contours: Contour[];
}

/**
 * Copies of one part of an image: `graphics` drawn at every offset of `offsets` (flat [dx0, dy0,
 * dx1, dy1, ...]), as a step-and-repeat block's run is. The part is held once however many copies
 * are drawn, so a panel of a hundred boards holds one board and its hundred places.
 */
export interface RepeatGraphic {
  type: 'repeat';
  graphics: Graphic[];
  offsets: number[];
  /** Bounds of one copy (offset 0, 0); null when the part draws nothing. */
  box: Box | null;
  /** The file line of the step and repeat, for telling what was drawn. */
  line: number;
}

export type Graphic = FlashGraphic | StrokeGraphic | RegionGraphic | RepeatGraphic;

/**
 * Consecutive graphics of one polarity. Inside a run the order does not matter (a union), so
 * the plotter keeps at most one stroke graphic per width, one flash graphic per shape and one
 * region graphic per run.
 */
export interface PolarityRun {
  polarity: Polarity;
  graphics: Graphic[];
}

export interface LayerImage {
  filetype: 'gerber' | 'drill';
  units: Units;
  /** Runs in drawing order: each clear run removes what the runs before it drew. */
  runs: PolarityRun[];
  /** Bounds of everything drawn (dark and clear); null for an empty image. */
  box: Box | null;
  warnings: Warning[];
  /** Set when the image holds only part of the file: its element limit was reached. */
  cut?: true;
}
