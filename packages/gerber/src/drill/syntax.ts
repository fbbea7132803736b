// The Excellon drill syntax tree: one node per command, in file order, each with its 1-based
// source line. Coordinates are numbers in the units in effect (the parser applies the coordinate
// format, detecting it when the file does not state it). A units node always precedes the first
// tool definition or coordinate, so the plotter never has to guess units.

import type { Units } from '../image/types.ts';
import type { Notation, ZeroSuppression } from '../options.ts';
import type { Warning } from '../warnings.ts';

export interface DrillTree {
  type: 'drill';
  nodes: DrillNode[];
  warnings: Warning[];
}

export type DrillNode =
  | DrillUnitsNode
  | DrillFormatNode
  | DrillNotationNode
  | DrillToolDefinitionNode
  | DrillToolChangeNode
  | DrillPlatingNode
  | DrillModeNode
  | DrillCoordinateNode
  | DrillSlotNode
  | DrillRepeatNode
  | DrillRoutToolNode
  | DrillZeroSetNode
  | DrillPatternNode
  | DrillCommentNode
  | DrillEndNode;

/** INCH or METRIC in the header, M72 or M71 in the body, or the backup units. */
export interface DrillUnitsNode {
  type: 'units';
  line: number;
  units: Units;
}

/** Where a coordinate format came from, from the strongest to the weakest source. */
export type DrillFormatSource = 'options' | 'file' | 'detected' | 'assumed';

/** The coordinate format used from here on for coordinates written without a decimal point. */
export interface DrillFormatNode {
  type: 'format';
  line: number;
  zero: ZeroSuppression;
  /** Integer and decimal digits. */
  places: [number, number];
  zeroSource: DrillFormatSource;
  placesSource: DrillFormatSource;
}

/** G90/G91 or ICI,OFF/ICI,ON: absolute or incremental coordinates. */
export interface DrillNotationNode {
  type: 'notation';
  line: number;
  notation: Notation;
}

/**
 * A tool (`T1C0.8`, or an Allegro `;T01 Holesize` comment). `diameter` is in the units in effect.
 * `plated` is set when the file says so for this tool alone (X2 `TA.AperFunction` comment,
 * Allegro PLATED/NON_PLATED); null otherwise.
 */
export interface DrillToolDefinitionNode {
  type: 'toolDefinition';
  line: number;
  code: number;
  diameter: number;
  plated: boolean | null;
}

/** Tn: selects tool n for what follows; T0 unloads the tool. */
export interface DrillToolChangeNode {
  type: 'toolChange';
  line: number;
  code: number;
}

/**
 * Plating stated in comments: for the whole file (X2 `TF.FileFunction,Plated|NonPlated`), or for
 * the tools defined or selected after it (`;TYPE=PLATED` / `;TYPE=NON_PLATED` sections).
 */
export interface DrillPlatingNode {
  type: 'plating';
  line: number;
  scope: 'file' | 'section';
  plated: boolean;
}

/**
 * What coordinates do: drill a hole (G05, G81, the default), move in rout mode (G00), or rout a
 * line (G01) or arc (G02 clockwise, G03 counter-clockwise) while the tool is down.
 */
export interface DrillModeNode {
  type: 'mode';
  line: number;
  mode: 'drill' | 'move' | 'linear' | 'clockwise' | 'counterclockwise';
}

/**
 * A coordinate block. A missing coordinate keeps its value. Arcs give their centre as I/J
 * (relative to the start) or their radius as A.
 */
export interface DrillCoordinateNode {
  type: 'coordinate';
  line: number;
  x: number | undefined;
  y: number | undefined;
  i: number | undefined;
  j: number | undefined;
  radius: number | undefined;
}

/** G85: a slot drilled from the start point to the end point with the current tool. */
export interface DrillSlotNode {
  type: 'slot';
  line: number;
  x1: number | undefined;
  y1: number | undefined;
  x2: number | undefined;
  y2: number | undefined;
}

/** Rnn: the last hole repeated `count` times, each (dx, dy) from the one before. */
export interface DrillRepeatNode {
  type: 'repeat';
  line: number;
  count: number;
  dx: number;
  dy: number;
}

/** M15 lowers the rout tool; M16 and M17 raise it. */
export interface DrillRoutToolNode {
  type: 'routTool';
  line: number;
  down: boolean;
}

/** G93: coordinates that follow are relative to this point. It drills nothing. */
export interface DrillZeroSetNode {
  type: 'zeroSet';
  line: number;
  x: number;
  y: number;
}

/**
 * Pattern commands: M25 starts recording the holes of a pattern, M01 ends it, M02 repeats it
 * moved by (x, y) from its origin, M08 ends the pattern repeats.
 */
export interface DrillPatternNode {
  type: 'pattern';
  line: number;
  command: 'begin' | 'end' | 'repeat' | 'finish';
  x: number | undefined;
  y: number | undefined;
}

export interface DrillCommentNode {
  type: 'comment';
  line: number;
  text: string;
}

/** M30 or M00: the end of the program. */
export interface DrillEndNode {
  type: 'end';
  line: number;
}
