// The plotter's state, on its own so that each command family of the plotter can read and change
// it without importing the plotter that dispatches to them.

import { BACKUP_UNITS, LIMITS, MM_PER_INCH } from '../constants.ts';
import type {
  ApertureMacroNode,
  Justification,
  KnockoutNode,
  OperationCode,
} from '../gerber/syntax.ts';
import type { BoxAccumulator } from '../image/box.ts';
import { IDENTITY, type Transform } from '../image/transform.ts';
import type { Contour, Polarity, PolarityRun, Segment, Shape, Units } from '../image/types.ts';
import { addWarning, type Warning, type WarningCode, warning } from '../warnings.ts';
import type { StandardAperture } from './aperture-shape.ts';
import { type ElementBudget, elementBudget, ImageBuilder } from './image-builder.ts';
import type { MacroBudget } from './macro-shape.ts';

export type Aperture =
  | StandardAperture
  | { type: 'macro'; code: number; shape: Shape }
  | { type: 'block'; code: number; runs: PolarityRun[] };

/** A sub-image being recorded: a block aperture definition or a step-and-repeat block. */
export type Recording =
  | { type: 'block'; code: number; line: number; builder: ImageBuilder; saved: SavedState }
  | {
      type: 'stepRepeat';
      line: number;
      builder: ImageBuilder;
      x: number;
      y: number;
      i: number;
      j: number;
    };

export interface SavedState {
  polarity: Polarity;
  mirrorX: boolean;
  mirrorY: boolean;
  rotation: number;
  scaling: number;
  x: number;
  y: number;
}

/**
 * The state of the Gerber graphics machine while a file is plotted: the graphics state of the
 * standard (units, notation, apertures, interpolation, position, polarity, LM/LR/LS), the older
 * image parameters, and where the drawing goes (the builders of the layer and of the blocks being
 * recorded, the element budget). The command families read and change it in the files beside
 * this one; GerberPlotter feeds it the nodes.
 */
export class PlotState {
  readonly warnings: Warning[] = [];
  /** The units of the file's first units node; null when it has none (backup units used). */
  readonly statedUnits: Units | null;
  readonly units: Units;
  unitScale = 1;
  notation: 'A' | 'I' = 'A';
  readonly apertures = new Map<number, Aperture>();
  readonly macros = new Map<string, ApertureMacroNode>();
  aperture: Aperture | null = null;
  apertureCode = -1;
  interpolation: 'linear' | 'clockwise' | 'counterclockwise' = 'linear';
  singleQuadrant = true;
  x = 0;
  y = 0;
  lastOperation: OperationCode | null = null;
  modalWarned = false;
  polarity: Polarity = 'dark';
  mirrorX = false;
  mirrorY = false;
  rotation = 0;
  scaling = 1;
  apertureT: Transform = IDENTITY;
  readonly transformedShapes = new Map<Shape, { key: string; shape: Shape }>();
  region: { contours: Contour[]; current: Segment[]; line: number } | null = null;
  readonly root: ImageBuilder;
  builder: ImageBuilder;
  readonly recordings: Recording[] = [];
  readonly budget: ElementBudget;
  readonly macroBudget: MacroBudget = { remaining: LIMITS.maxMacroWork };
  readonly maxCoordinate: number;
  // Deprecated image parameters.
  objectT: Transform = IDENTITY;
  offset = { a: 0, b: 0 };
  scaleFactor = { a: 1, b: 1 };
  mirrorImage = { a: false, b: false };
  swapAxes = false;
  layerRotation = 0;
  imageOffset = { a: 0, b: 0 };
  imageRotation = 0;
  negative = false;
  /** IJ, with offsets converted to image units. */
  justify: { a: Justification; b: Justification } | null = null;
  knockout: { node: KnockoutNode; run: PolarityRun; box: BoxAccumulator } | null = null;
  ended = false;
  /** Nodes fed, the line of the last one and whether any set the notation. */
  nodeCount = 0;
  lastLine = 1;
  hasNotation = false;
  /** The coordinates of an OperationNode fed from a syntax tree, as operate() takes them. */
  readonly nodeCoordinates = new Float64Array(4);

  readonly maxElements: number;

  constructor(statedUnits: Units | null, maxElements: number = LIMITS.maxImageElements) {
    this.statedUnits = statedUnits;
    this.units = statedUnits ?? BACKUP_UNITS;
    this.maxCoordinate =
      this.units === 'mm' ? LIMITS.maxCoordinateMm : LIMITS.maxCoordinateMm / MM_PER_INCH;
    this.maxElements = Math.max(0, Math.min(maxElements, LIMITS.maxImageElements));
    this.budget = elementBudget(this.maxCoordinate, this.maxElements);
    this.root = new ImageBuilder(this.budget);
    this.builder = this.root;
  }

  /** A builder for work of its own (measuring, image parameters), with a fresh budget. */
  scratchBuilder(): ImageBuilder {
    return new ImageBuilder(elementBudget(this.maxCoordinate, LIMITS.maxImageElements));
  }

  warn(code: WarningCode, line: number, message: string): void {
    addWarning(this.warnings, warning(code, line, message));
  }

  parentBuilder(): ImageBuilder {
    const recording = this.recordings[this.recordings.length - 1];
    return recording ? recording.builder : this.root;
  }
}
