// The Gerber syntax tree: one node per command, in file order, each with its 1-based source line.
// Coordinates are already numbers in the file's units (the parser applies the FS format).

import type { Polarity, Units } from '../image/types.ts';
import type { Notation, ZeroSuppression } from '../options.ts';
import type { Warning } from '../warnings.ts';

export interface GerberTree {
  type: 'gerber';
  nodes: GerberNode[];
  warnings: Warning[];
}

export type GerberNode =
  | FormatNode
  | NotationNode
  | UnitsNode
  | ApertureDefinitionNode
  | ApertureMacroNode
  | SelectApertureNode
  | InterpolationNode
  | QuadrantNode
  | OperationNode
  | RegionBeginNode
  | RegionEndNode
  | PolarityNode
  | MirroringNode
  | RotationNode
  | ScalingNode
  | StepRepeatNode
  | StepRepeatEndNode
  | BlockBeginNode
  | BlockEndNode
  | AttributeNode
  | CommentNode
  | EndNode
  | ImagePolarityNode
  | ImageRotationNode
  | OffsetNode
  | ScaleFactorNode
  | MirrorImageNode
  | AxisSelectNode
  | LayerRotationNode
  | ImageJustifyNode
  | KnockoutNode
  | NameNode;

/**
 * FS: how coordinates are written. `zero` is null when the file does not say. The notation it
 * states (absolute or incremental) follows as a NotationNode.
 */
export interface FormatNode {
  type: 'format';
  line: number;
  zero: ZeroSuppression | null;
  /** Integer and decimal digits of X (and of I). */
  xPlaces: [number, number];
  /** Integer and decimal digits of Y (and of J). */
  yPlaces: [number, number];
}

/** Absolute or incremental coordinates: from FS, or the deprecated G90/G91. */
export interface NotationNode {
  type: 'notation';
  line: number;
  notation: Notation;
}

/** MO, or the deprecated G70/G71. */
export interface UnitsNode {
  type: 'units';
  line: number;
  units: Units;
}

export type ApertureHole =
  | { type: 'circle'; diameter: number }
  | { type: 'rectangle'; width: number; height: number };

export type ApertureTemplate =
  | { type: 'circle'; diameter: number; hole: ApertureHole | null }
  | { type: 'rectangle'; width: number; height: number; hole: ApertureHole | null }
  | { type: 'obround'; width: number; height: number; hole: ApertureHole | null }
  | {
      type: 'polygon';
      diameter: number;
      vertices: number;
      rotation: number;
      hole: ApertureHole | null;
    }
  | { type: 'macro'; name: string; params: number[] };

/** AD: aperture `code` (10 and up) made from a standard template or a macro. */
export interface ApertureDefinitionNode {
  type: 'apertureDefinition';
  line: number;
  code: number;
  template: ApertureTemplate;
}

export type MacroExpression =
  | { type: 'number'; value: number }
  | { type: 'variable'; index: number }
  | { type: 'negate'; operand: MacroExpression }
  | {
      type: 'binary';
      operator: '+' | '-' | 'x' | '/';
      left: MacroExpression;
      right: MacroExpression;
    };

export type MacroBlock =
  | { type: 'primitive'; line: number; code: number; modifiers: MacroExpression[] }
  | { type: 'assignment'; line: number; index: number; value: MacroExpression };

/** AM: a named macro of primitives and variable assignments, evaluated when an AD uses it. */
export interface ApertureMacroNode {
  type: 'apertureMacro';
  line: number;
  name: string;
  blocks: MacroBlock[];
}

/** Dnn (n >= 10): the current aperture. */
export interface SelectApertureNode {
  type: 'selectAperture';
  line: number;
  code: number;
}

/** G01, G02, G03. */
export interface InterpolationNode {
  type: 'interpolation';
  line: number;
  mode: 'linear' | 'clockwise' | 'counterclockwise';
}

/** G74 (single quadrant) or G75 (multi quadrant) arcs. */
export interface QuadrantNode {
  type: 'quadrant';
  line: number;
  mode: 'single' | 'multi';
}

/** D01 draws (interpolate), D02 moves, D03 flashes. */
export type OperationCode = 'interpolate' | 'move' | 'flash';

/**
 * A coordinate block: D01 draws (interpolate), D02 moves, D03 flashes. `operation` is null when
 * the block has coordinates but no D code (the deprecated modal form); a missing coordinate keeps
 * its previous value.
 */
export interface OperationNode {
  type: 'operation';
  line: number;
  operation: OperationCode | null;
  x: number | undefined;
  y: number | undefined;
  i: number | undefined;
  j: number | undefined;
}

/** G36. */
export interface RegionBeginNode {
  type: 'regionBegin';
  line: number;
}

/** G37. */
export interface RegionEndNode {
  type: 'regionEnd';
  line: number;
}

/** LP. */
export interface PolarityNode {
  type: 'polarity';
  line: number;
  polarity: Polarity;
}

/** LM: mirroring of apertures and blocks. */
export interface MirroringNode {
  type: 'mirroring';
  line: number;
  mirrorX: boolean;
  mirrorY: boolean;
}

/** LR: rotation of apertures and blocks, degrees counter-clockwise. */
export interface RotationNode {
  type: 'rotation';
  line: number;
  degrees: number;
}

/** LS: scaling of apertures and blocks. */
export interface ScalingNode {
  type: 'scaling';
  line: number;
  factor: number;
}

/** SR with parameters: repeat what follows x by y times, i and j apart. */
export interface StepRepeatNode {
  type: 'stepRepeat';
  line: number;
  x: number;
  y: number;
  i: number;
  j: number;
}

/** SR without parameters: ends the block. */
export interface StepRepeatEndNode {
  type: 'stepRepeatEnd';
  line: number;
}

/** AB with a D code: what follows, up to the matching AB, defines block aperture `code`. */
export interface BlockBeginNode {
  type: 'blockBegin';
  line: number;
  code: number;
}

export interface BlockEndNode {
  type: 'blockEnd';
  line: number;
}

/** X2/X3 attributes (TF file, TA aperture, TO object, TD delete). They never change the image. */
export interface AttributeNode {
  type: 'attribute';
  line: number;
  kind: 'file' | 'aperture' | 'object' | 'delete';
  name: string;
  values: string[];
}

export interface CommentNode {
  type: 'comment';
  line: number;
  text: string;
}

/** M02 (or M00/M30): the end of the file. */
export interface EndNode {
  type: 'end';
  line: number;
}

// Deprecated image parameters, kept because old files still use them.

/** IP. */
export interface ImagePolarityNode {
  type: 'imagePolarity';
  line: number;
  polarity: 'positive' | 'negative';
}

/** IR: the image rotated counter-clockwise by 0, 90, 180 or 270 degrees. */
export interface ImageRotationNode {
  type: 'imageRotation';
  line: number;
  degrees: number;
}

/** OF (offset) and IO (image offset): the image moved by (a, b). */
export interface OffsetNode {
  type: 'offset';
  line: number;
  command: 'OF' | 'IO';
  a: number;
  b: number;
}

/** SF: coordinates scaled by a along X and b along Y. */
export interface ScaleFactorNode {
  type: 'scaleFactor';
  line: number;
  a: number;
  b: number;
}

/** MI: the image mirrored; a mirrors X coordinates, b mirrors Y coordinates. */
export interface MirrorImageNode {
  type: 'mirrorImage';
  line: number;
  a: boolean;
  b: boolean;
}

/** AS: AXBY (default) or AYBX (X and Y swapped). */
export interface AxisSelectNode {
  type: 'axisSelect';
  line: number;
  swap: boolean;
}

/** RO: the objects that follow rotated counter-clockwise about the origin. */
export interface LayerRotationNode {
  type: 'layerRotation';
  line: number;
  degrees: number;
}

export type Justification =
  | { type: 'lower' }
  | { type: 'centre' }
  | { type: 'offset'; value: number };

/**
 * IJ: where the image sits relative to the axes: its lower end on the axis, centred, or its lower
 * end at an offset from the axis.
 */
export interface ImageJustifyNode {
  type: 'imageJustify';
  line: number;
  a: Justification;
  b: Justification;
}

/**
 * KO: a knockout rectangle of `polarity` drawn before the following objects; either given by its
 * lower left corner and size, or as a border around the objects up to the next KO.
 */
export interface KnockoutNode {
  type: 'knockout';
  line: number;
  polarity: Polarity | null;
  box: { x: number; y: number; width: number; height: number } | null;
  border: number | null;
}

/** IN (image name) and LN (layer name): labels only. */
export interface NameNode {
  type: 'name';
  line: number;
  command: 'IN' | 'LN';
  name: string;
}
