// Gerber plotter: walks the syntax tree as the Gerber graphics state machine and draws into an
// image. Block apertures (AB) and step-and-repeat (SR) are recorded as sub-images and copied.

import { BACKUP_UNITS, LIMITS, MM_PER_INCH } from '../constants.ts';
import {
  COORDINATE_I,
  COORDINATE_J,
  COORDINATE_X,
  COORDINATE_Y,
  operationNode,
  parseGerberNodes,
} from '../gerber/parse-gerber.ts';
import type {
  ApertureMacroNode,
  GerberNode,
  GerberTree,
  Justification,
  KnockoutNode,
  OperationCode,
} from '../gerber/syntax.ts';
import { BoxAccumulator } from '../image/box.ts';
import { line as lineSegment, makeCounterClockwise, rectContour } from '../image/geometry.ts';
import { drawnElementsOfRuns } from '../image/repeats.ts';
import {
  apertureTransform,
  compose,
  IDENTITY,
  isIdentity,
  rotationCosSin,
  type Transform,
  transformShape,
  translation,
} from '../image/transform.ts';
import type {
  Contour,
  LayerImage,
  Polarity,
  PolarityRun,
  Segment,
  Shape,
  Units,
} from '../image/types.ts';
import type { ParseOptions } from '../options.ts';
import { addWarning, type Warning, type WarningCode, warning } from '../warnings.ts';
import { StandardAperture } from './aperture-shape.ts';
import { resolveArc } from './arc.ts';
import { type ElementBudget, elementBudget, ImageBuilder } from './image-builder.ts';
import { type MacroBudget, macroShape } from './macro-shape.ts';
import { sweptHull } from './sweep.ts';

type Aperture =
  | StandardAperture
  | { type: 'macro'; code: number; shape: Shape }
  | { type: 'block'; code: number; runs: PolarityRun[] };

/** A sub-image being recorded: a block aperture definition or a step-and-repeat block. */
type Recording =
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

interface SavedState {
  polarity: Polarity;
  mirrorX: boolean;
  mirrorY: boolean;
  rotation: number;
  scaling: number;
  x: number;
  y: number;
}

/**
 * Arcs whose centre is further from one end than the other by more than this share are reported
 * as impossible; beyond ARC_MISMATCH_LINE they cannot be a rounding slip and become straight lines.
 */
const ARC_MISMATCH_WARNING = 0.1;
const ARC_MISMATCH_LINE = 0.5;

const count = (value: number) => value.toLocaleString('en-US');

/** An arc's I or J: a block that leaves it out means 0. */
function offset(value: number): number {
  return Number.isNaN(value) ? 0 : value;
}

export function plotGerber(tree: GerberTree, maxElements?: number): LayerImage {
  const unitsNode = tree.nodes.find((node) => node.type === 'units');
  const plotter = new GerberPlotter(
    unitsNode?.type === 'units' ? unitsNode.units : null,
    maxElements,
  );
  for (const node of tree.nodes) plotter.feed(node);
  return plotter.image(tree.warnings);
}

/**
 * Parses and plots Gerber text in one pass: each node is plotted as soon as it is read and then
 * dropped, so no syntax tree is kept. Gives the same image as plotGerber(parseGerber(text)).
 */
export function parsePlotGerber(
  text: string,
  options?: ParseOptions,
  /** Elements the image may hold, at most LIMITS.maxImageElements (a board's remaining budget). */
  maxElements?: number,
): LayerImage {
  // The image takes the units of the first units node: nodes wait until it is known.
  let plotter: GerberPlotter | null = null;
  const waiting: GerberNode[] = [];
  const parseWarnings = parseGerberNodes(text, options, {
    node: (node) => {
      if (plotter) {
        plotter.feed(node);
        return;
      }
      waiting.push(node);
      if (node.type === 'units') {
        plotter = new GerberPlotter(node.units, maxElements);
        for (const early of waiting) plotter.feed(early);
        waiting.length = 0;
      }
    },
    operation: (line, operation, coordinates) => {
      if (plotter) plotter.operate(line, operation, coordinates);
      else waiting.push(operationNode(line, operation, coordinates));
    },
    annotations: false,
  });
  const done = plotter ?? new GerberPlotter(null, maxElements);
  for (const node of waiting) done.feed(node);
  return done.image(parseWarnings);
}

class GerberPlotter {
  private readonly warnings: Warning[] = [];
  /** The units of the file's first units node; null when it has none (backup units used). */
  private readonly statedUnits: Units | null;
  private readonly units: Units;
  private unitScale = 1;
  private notation: 'A' | 'I' = 'A';
  private readonly apertures = new Map<number, Aperture>();
  private readonly macros = new Map<string, ApertureMacroNode>();
  private aperture: Aperture | null = null;
  private apertureCode = -1;
  private interpolation: 'linear' | 'clockwise' | 'counterclockwise' = 'linear';
  private singleQuadrant = true;
  private x = 0;
  private y = 0;
  private lastOperation: OperationCode | null = null;
  private modalWarned = false;
  private polarity: Polarity = 'dark';
  private mirrorX = false;
  private mirrorY = false;
  private rotation = 0;
  private scaling = 1;
  private apertureT: Transform = IDENTITY;
  private readonly transformedShapes = new Map<Shape, { key: string; shape: Shape }>();
  private region: { contours: Contour[]; current: Segment[]; line: number } | null = null;
  private readonly root: ImageBuilder;
  private builder: ImageBuilder;
  private readonly recordings: Recording[] = [];
  private readonly budget: ElementBudget;
  private readonly macroBudget: MacroBudget = { remaining: LIMITS.maxMacroWork };
  private readonly maxCoordinate: number;
  // Deprecated image parameters.
  private objectT: Transform = IDENTITY;
  private offset = { a: 0, b: 0 };
  private scaleFactor = { a: 1, b: 1 };
  private mirrorImage = { a: false, b: false };
  private swapAxes = false;
  private layerRotation = 0;
  private imageOffset = { a: 0, b: 0 };
  private imageRotation = 0;
  private negative = false;
  /** IJ, with offsets converted to image units. */
  private justify: { a: Justification; b: Justification } | null = null;
  private knockout: { node: KnockoutNode; run: PolarityRun; box: BoxAccumulator } | null = null;
  private ended = false;
  /** Nodes fed, the line of the last one and whether any set the notation. */
  private nodeCount = 0;
  private lastLine = 1;
  private hasNotation = false;
  /** The coordinates of an OperationNode fed from a syntax tree, as operate() takes them. */
  private readonly nodeCoordinates = new Float64Array(4);

  private readonly maxElements: number;

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
  private scratchBuilder(): ImageBuilder {
    return new ImageBuilder(elementBudget(this.maxCoordinate, LIMITS.maxImageElements));
  }

  private warn(code: WarningCode, line: number, message: string): void {
    addWarning(this.warnings, warning(code, line, message));
  }

  /** Plots the next node of the file; nodes after the end (M02) are not drawn. */
  feed(node: GerberNode): void {
    if (node.type === 'operation') {
      const coordinates = this.nodeCoordinates;
      coordinates[COORDINATE_X] = node.x ?? Number.NaN;
      coordinates[COORDINATE_Y] = node.y ?? Number.NaN;
      coordinates[COORDINATE_I] = node.i ?? Number.NaN;
      coordinates[COORDINATE_J] = node.j ?? Number.NaN;
      this.operate(node.line, node.operation, coordinates);
      return;
    }
    this.nodeCount++;
    this.lastLine = node.line;
    if (node.type === 'notation') this.hasNotation = true;
    if (this.ended) return;
    this.node(node);
  }

  /** Plots the next coordinate block (see GerberNodeSink.operation). */
  operate(line: number, operation: OperationCode | null, coordinates: Float64Array): void {
    this.nodeCount++;
    this.lastLine = line;
    if (this.ended) return;
    this.operation(line, operation, coordinates);
  }

  /**
   * Finishes the file and gives its image. Warnings: the parser's, then those about missing units
   * and notation, then the plotter's, at most LIMITS.maxWarnings after the parser's.
   */
  image(parseWarnings: readonly Warning[]): LayerImage {
    this.finish();
    const ownWarnings: Warning[] = [];
    if (!this.statedUnits) {
      ownWarnings.push(
        warning(
          'units-missing',
          1,
          `units not set, so the backup units (${BACKUP_UNITS}) are used`,
        ),
      );
    }
    if (!this.hasNotation) {
      ownWarnings.push(
        warning(
          'notation-missing',
          1,
          'notation not set, so the backup notation (absolute) is used',
        ),
      );
    }
    ownWarnings.push(...this.warnings);
    const room = Math.max(0, LIMITS.maxWarnings - parseWarnings.length);
    const image: LayerImage = {
      filetype: 'gerber',
      units: this.units,
      runs: this.builder.runs,
      box: this.builder.box.toBox(),
      warnings: [...parseWarnings, ...ownWarnings.slice(0, room)],
    };
    // Cut short by what it may hold; what it may draw is said per step and repeat.
    if (this.budget.heldExhausted) image.cut = true;
    return image;
  }

  private node(node: GerberNode): void {
    switch (node.type) {
      case 'operation':
        // feed() plots coordinate blocks through operate() and never passes them here.
        return;
      case 'selectAperture':
        this.apertureCode = node.code;
        this.aperture = this.apertures.get(node.code) ?? null;
        if (!this.aperture) {
          this.warn('tool-not-defined', node.line, `aperture D${node.code} is not defined`);
        }
        return;
      case 'interpolation':
        this.interpolation = node.mode;
        return;
      case 'quadrant':
        this.singleQuadrant = node.mode === 'single';
        return;
      case 'units':
        this.unitScale =
          node.units === this.units ? 1 : node.units === 'mm' ? 1 / MM_PER_INCH : MM_PER_INCH;
        return;
      case 'notation':
        this.notation = node.notation;
        return;
      case 'format':
      case 'attribute':
      case 'comment':
      case 'name':
        return;
      case 'apertureMacro':
        this.macros.set(node.name, node);
        return;
      case 'apertureDefinition':
        this.defineAperture(node);
        return;
      case 'regionBegin':
        this.closeRegion();
        this.region = { contours: [], current: [], line: node.line };
        return;
      case 'regionEnd':
        if (!this.region) this.warn('region-error', node.line, 'G37 without G36 ignored');
        this.closeRegion();
        return;
      case 'polarity':
        this.polarity = node.polarity;
        return;
      case 'mirroring':
        this.mirrorX = node.mirrorX;
        this.mirrorY = node.mirrorY;
        this.updateApertureTransform();
        return;
      case 'rotation':
        this.rotation = node.degrees;
        this.updateApertureTransform();
        return;
      case 'scaling':
        this.scaling = node.factor;
        this.updateApertureTransform();
        return;
      case 'stepRepeat':
        this.endStepRepeat(node.line);
        this.beginStepRepeat(node);
        return;
      case 'stepRepeatEnd':
        if (!this.endStepRepeat(node.line)) {
          this.warn('invalid-value', node.line, 'SR end without a step and repeat ignored');
        }
        return;
      case 'blockBegin':
        this.beginBlock(node.code, node.line);
        return;
      case 'blockEnd':
        this.endBlock(node.line);
        return;
      case 'end':
        this.ended = true;
        return;
      case 'imagePolarity':
        this.negative = node.polarity === 'negative';
        return;
      case 'imageRotation':
        this.imageRotation = node.degrees;
        return;
      case 'offset':
        // Offsets are lengths in the units in force when they are given.
        if (node.command === 'IO') {
          this.imageOffset = { a: node.a * this.unitScale, b: node.b * this.unitScale };
        } else {
          this.offset = { a: node.a * this.unitScale, b: node.b * this.unitScale };
        }
        this.updateObjectTransform();
        return;
      case 'scaleFactor':
        this.scaleFactor = { a: node.a, b: node.b };
        this.updateObjectTransform();
        return;
      case 'mirrorImage':
        this.mirrorImage = { a: node.a, b: node.b };
        this.updateObjectTransform();
        return;
      case 'axisSelect':
        this.swapAxes = node.swap;
        this.updateObjectTransform();
        return;
      case 'layerRotation':
        this.layerRotation = node.degrees;
        this.updateObjectTransform();
        return;
      case 'imageJustify': {
        const convert = (j: Justification): Justification =>
          j.type === 'offset' ? { type: 'offset', value: j.value * this.unitScale } : j;
        this.justify = { a: convert(node.a), b: convert(node.b) };
        return;
      }
      case 'knockout':
        this.beginKnockout(node);
        return;
    }
  }

  // ---- apertures -----------------------------------------------------------------------------

  private defineAperture(node: Extract<GerberNode, { type: 'apertureDefinition' }>): void {
    const { code, template, line } = node;
    if (this.apertures.has(code)) {
      this.warn('invalid-value', line, `aperture D${code} defined again; the new one is used`);
    }
    let aperture: Aperture;
    if (template.type === 'macro') {
      const macro = this.macros.get(template.name);
      if (!macro) {
        this.warn(
          'tool-not-defined',
          line,
          `aperture D${code} uses undefined macro ${template.name}`,
        );
        return;
      }
      const shape = macroShape(
        macro,
        template.params,
        this.unitScale,
        this.macroBudget,
        (message) => this.warn('invalid-value', line, message),
      );
      aperture = { type: 'macro', code, shape };
    } else {
      aperture = new StandardAperture(code, template, this.unitScale);
    }
    this.apertures.set(code, aperture);
    if (this.apertureCode === code) this.aperture = aperture;
  }

  private updateApertureTransform(): void {
    this.apertureT = apertureTransform(this.mirrorX, this.mirrorY, this.rotation, this.scaling);
  }

  /** The aperture's shape under the current LM/LR/LS. */
  private currentShape(shape: Shape): Shape {
    const t = this.apertureT;
    if (isIdentity(t)) return shape;
    const key = `${t.a},${t.b},${t.c},${t.d}`;
    const cached = this.transformedShapes.get(shape);
    if (cached && cached.key === key) return cached.shape;
    const transformed = transformShape(t, shape);
    this.transformedShapes.set(shape, { key, shape: transformed });
    return transformed;
  }

  // ---- operations ----------------------------------------------------------------------------

  private operation(line: number, given: OperationCode | null, coordinates: Float64Array): void {
    const givenX = coordinates[COORDINATE_X] as number;
    const givenY = coordinates[COORDINATE_Y] as number;
    let operation = given;
    if (operation === null) {
      operation = this.lastOperation;
      if (operation === null) {
        operation = 'move';
      } else if (!this.modalWarned) {
        this.modalWarned = true;
        this.warn(
          'deprecated',
          line,
          'coordinates without a D code use the previous one (deprecated)',
        );
      }
    }
    this.lastOperation = operation;
    const scale = this.unitScale;
    let x = this.x;
    let y = this.y;
    if (this.notation === 'I') {
      if (!Number.isNaN(givenX)) x += givenX * scale;
      if (!Number.isNaN(givenY)) y += givenY * scale;
    } else {
      if (!Number.isNaN(givenX)) x = givenX * scale;
      if (!Number.isNaN(givenY)) y = givenY * scale;
    }
    if (Math.abs(x) > this.maxCoordinate || Math.abs(y) > this.maxCoordinate) {
      this.warn('limit-reached', line, 'coordinate out of range; operation ignored');
      return;
    }
    const startX = this.x;
    const startY = this.y;
    this.x = x;
    this.y = y;
    if (this.budget.exhausted) return;

    if (this.region) {
      this.regionOperation(operation, line, coordinates, startX, startY, x, y);
      return;
    }
    if (operation === 'move') return;
    const aperture = this.aperture;
    if (!aperture) {
      if (this.apertureCode < 0) {
        this.warn('tool-not-defined', line, 'no aperture selected; operation ignored');
      }
      return;
    }
    if (operation === 'flash') {
      this.flash(aperture, x, y);
      return;
    }
    if (this.interpolation === 'linear') {
      this.stroke(aperture, lineSegment(startX, startY, x, y), line);
      return;
    }
    const arc = this.arc(line, coordinates, startX, startY, x, y);
    if (!arc) {
      this.stroke(aperture, lineSegment(startX, startY, x, y), line);
      return;
    }
    if (aperture.type !== 'circle') {
      this.warn(
        'arc-non-circular-tool',
        line,
        `arc with non-circular aperture D${aperture.code} ignored`,
      );
      return;
    }
    this.emitSegment(aperture.diameter * this.scaling, arc);
  }

  private arc(
    line: number,
    coordinates: Float64Array,
    x1: number,
    y1: number,
    x2: number,
    y2: number,
  ): Segment | null {
    const scale = this.unitScale;
    const result = resolveArc(
      x1,
      y1,
      x2,
      y2,
      offset(coordinates[COORDINATE_I] as number) * scale,
      offset(coordinates[COORDINATE_J] as number) * scale,
      this.interpolation === 'clockwise',
      this.singleQuadrant,
    );
    if (result && result.mismatch > ARC_MISMATCH_LINE) {
      this.warn(
        'arc-impossible',
        line,
        'arc impossible: its centre is much further from one end than the other; drawn as a straight line',
      );
      return null;
    }
    if (result && result.mismatch > ARC_MISMATCH_WARNING) {
      this.warn(
        'arc-impossible',
        line,
        'arc impossible: its centre is not equally far from both ends; drawn around the nearest possible centre',
      );
    }
    return result?.arc ?? null;
  }

  private flash(aperture: Aperture, x: number, y: number): void {
    if (aperture.type === 'block') {
      this.flashBlock(aperture.runs, x, y);
      return;
    }
    this.emitFlash(this.currentShape(aperture.shape), x, y);
  }

  private flashBlock(runs: PolarityRun[], x: number, y: number): void {
    const t = compose(translation(x, y), this.apertureT);
    this.emitImage(runs, t, this.polarity === 'clear');
  }

  private stroke(aperture: Aperture, segment: Segment, line: number): void {
    const zeroLength = segment.x1 === segment.x2 && segment.y1 === segment.y2;
    if (aperture.type === 'circle') {
      if (zeroLength) this.emitFlash(this.currentShape(aperture.shape), segment.x2, segment.y2);
      else this.emitSegment(aperture.diameter * this.scaling, segment);
      return;
    }
    if (aperture.type === 'block') {
      this.warn(
        'tool-not-strokable',
        line,
        `block aperture D${aperture.code} cannot draw lines; ignored`,
      );
      return;
    }
    if (zeroLength) {
      this.emitFlash(this.currentShape(aperture.shape), segment.x2, segment.y2);
      return;
    }
    if (aperture.type === 'macro') {
      this.warn(
        'tool-not-strokable',
        line,
        `macro aperture D${aperture.code} cannot draw lines; ignored`,
      );
      return;
    }
    if (!aperture.rectangle) {
      this.warn(
        'tool-not-strokable',
        line,
        `aperture D${aperture.code} is not a circle or rectangle; the line is drawn with its outline swept`,
      );
    }
    this.emitContour(sweptHull(this.currentShape(aperture.solid), segment));
  }

  private regionOperation(
    operation: OperationCode,
    line: number,
    coordinates: Float64Array,
    x1: number,
    y1: number,
    x2: number,
    y2: number,
  ): void {
    const region = this.region as NonNullable<typeof this.region>;
    if (operation === 'flash') {
      this.warn('flash-in-region', line, 'flash in region ignored');
      return;
    }
    if (operation === 'move') {
      this.closeContour();
      return;
    }
    if (this.interpolation === 'linear') {
      if (x1 !== x2 || y1 !== y2) region.current.push(lineSegment(x1, y1, x2, y2));
      return;
    }
    const arc = this.arc(line, coordinates, x1, y1, x2, y2);
    if (arc) region.current.push(arc);
    else if (x1 !== x2 || y1 !== y2) region.current.push(lineSegment(x1, y1, x2, y2));
  }

  private closeContour(): void {
    const region = this.region;
    if (!region || region.current.length === 0) return;
    const contour = region.current;
    region.current = [];
    const first = contour[0] as Segment;
    const last = contour[contour.length - 1] as Segment;
    if (first.x1 !== last.x2 || first.y1 !== last.y2) {
      contour.push(lineSegment(last.x2, last.y2, first.x1, first.y1));
    }
    region.contours.push(makeCounterClockwise(contour));
  }

  private closeRegion(): void {
    if (!this.region) return;
    this.closeContour();
    const { contours } = this.region;
    this.region = null;
    for (let index = 0; index < contours.length; index++) {
      this.emitContour(contours[index] as Contour);
    }
  }

  // ---- output through the object transform ---------------------------------------------------

  private emitFlash(shape: Shape, x: number, y: number): void {
    if (this.knockout) this.measureKnockout(shape.box, x, y);
    if (isIdentity(this.objectT)) {
      this.builder.addFlash(this.polarity, shape, x, y);
      return;
    }
    this.builder.addImage(
      [{ polarity: this.polarity, graphics: [{ type: 'flash', shape, positions: [x, y] }] }],
      this.objectT,
      false,
    );
  }

  private emitSegment(width: number, segment: Segment): void {
    if (this.knockout) this.knockout.box.addSegment(segment, width / 2);
    if (isIdentity(this.objectT)) {
      this.builder.addSegment(this.polarity, width, segment);
      return;
    }
    this.builder.addImage(
      [{ polarity: this.polarity, graphics: [{ type: 'stroke', width, segments: [segment] }] }],
      this.objectT,
      false,
    );
  }

  private emitContour(contour: Contour): void {
    if (this.knockout) for (const segment of contour) this.knockout.box.addSegment(segment, 0);
    if (isIdentity(this.objectT)) {
      this.builder.addContour(this.polarity, contour);
      return;
    }
    this.builder.addImage(
      [{ polarity: this.polarity, graphics: [{ type: 'region', contours: [contour] }] }],
      this.objectT,
      false,
    );
  }

  private emitImage(runs: PolarityRun[], t: Transform, invert: boolean): void {
    const full = isIdentity(this.objectT) ? t : compose(this.objectT, t);
    if (this.knockout) {
      const probe = this.scratchBuilder();
      probe.addImage(runs, full, false);
      const box = probe.box.toBox();
      if (box) this.knockout.box.addBox(box);
    }
    this.builder.addImage(runs, full, invert);
  }

  private updateObjectTransform(): void {
    // As gerbv applies them: axis swap first, then mirroring, scaling, the offset and the
    // layer rotation (RO).
    const swap: Transform = this.swapAxes ? { a: 0, b: 1, c: 1, d: 0, e: 0, f: 0 } : IDENTITY;
    const mirror: Transform = {
      a: this.mirrorImage.a ? -1 : 1,
      b: 0,
      c: 0,
      d: this.mirrorImage.b ? -1 : 1,
      e: 0,
      f: 0,
    };
    const scale: Transform = {
      a: this.scaleFactor.a,
      b: 0,
      c: 0,
      d: this.scaleFactor.b,
      e: 0,
      f: 0,
    };
    const offset = translation(this.offset.a, this.offset.b);
    const { cos, sin } = rotationCosSin(this.layerRotation);
    const rotate: Transform = { a: cos, b: sin, c: -sin, d: cos, e: 0, f: 0 };
    this.objectT = compose(rotate, compose(offset, compose(scale, compose(mirror, swap))));
  }

  // ---- knockout (deprecated KO) ----------------------------------------------------------------

  private beginKnockout(node: KnockoutNode): void {
    this.endKnockout();
    if (!node.polarity) return;
    if (node.box) {
      const { x, y, width, height } = node.box;
      const s = this.unitScale;
      this.builder.addContour(node.polarity, rectContour(x * s, y * s, width * s, height * s));
      return;
    }
    if (node.border === null) return;
    // The rectangle around the objects up to the next KO is only known later: reserve its run.
    const run: PolarityRun = { polarity: node.polarity, graphics: [] };
    this.builder.insertRun(run);
    this.knockout = { node, run, box: new BoxAccumulator() };
  }

  private measureKnockout(box: Shape['box'], x: number, y: number): void {
    if (box && this.knockout) this.knockout.box.addBox(box, x, y);
  }

  private endKnockout(): void {
    const knockout = this.knockout;
    if (!knockout) return;
    this.knockout = null;
    const border = (knockout.node.border ?? 0) * this.unitScale;
    const box = knockout.box.toBox();
    if (!box) return;
    const contour = rectContour(
      box.minX - border,
      box.minY - border,
      box.maxX - box.minX + 2 * border,
      box.maxY - box.minY + 2 * border,
    );
    knockout.run.graphics.push({ type: 'region', contours: [contour] });
    this.builder.box.addPoint(box.minX - border, box.minY - border);
    this.builder.box.addPoint(box.maxX + border, box.maxY + border);
  }

  // ---- step and repeat, block apertures --------------------------------------------------------

  private beginStepRepeat(node: Extract<GerberNode, { type: 'stepRepeat' }>): void {
    this.recordings.push({
      type: 'stepRepeat',
      line: node.line,
      builder: new ImageBuilder(this.budget),
      x: node.x,
      y: node.y,
      i: node.i * this.unitScale,
      j: node.j * this.unitScale,
    });
    this.builder = (this.recordings[this.recordings.length - 1] as Recording).builder;
  }

  /**
   * Closes the innermost recording if it is a step and repeat; false when there is none. The block
   * is held once and drawn at every place when its copies cannot reach into each other's clear
   * parts (a block of dark alone, or copies apart); otherwise each copy is drawn in turn. At most
   * LIMITS.maxStepRepeatCopies copies, and as many as the drawn budget holds; the rest is said.
   */
  private endStepRepeat(_line: number): boolean {
    const recording = this.recordings[this.recordings.length - 1];
    if (recording?.type !== 'stepRepeat') return false;
    this.closeRegion();
    this.recordings.pop();
    this.builder = this.parentBuilder();
    const { runs } = recording.builder;
    const box = recording.builder.box.toBox();
    if (!box || runs.length === 0) return true;
    const wanted = recording.x * recording.y;
    const copies = Math.min(wanted, LIMITS.maxStepRepeatCopies);
    if (copies < wanted) {
      this.warn(
        'limit-reached',
        recording.line,
        `step and repeat of ${count(recording.x)} × ${count(recording.y)} copies: the first ${count(copies)} are drawn (a step and repeat draws at most ${count(LIMITS.maxStepRepeatCopies)})`,
      );
    }
    const offsets: number[] = [];
    for (let row = 0; row < recording.y && offsets.length < 2 * copies; row++) {
      for (let column = 0; column < recording.x && offsets.length < 2 * copies; column++) {
        offsets.push(column * recording.i, row * recording.j);
      }
    }
    const apart =
      (recording.x <= 1 || Math.abs(recording.i) >= box.maxX - box.minX) &&
      (recording.y <= 1 || Math.abs(recording.j) >= box.maxY - box.minY);
    if (apart || runs.every((run) => run.polarity === 'dark')) {
      this.builder.addRepeat(runs, offsets, box, recording.line);
      return true;
    }
    // The block itself is the first copy, drawn where it was recorded.
    this.builder.addImage(runs, IDENTITY, false);
    let drawn = 1;
    for (let index = 2; index < offsets.length && !this.budget.exhausted; index += 2) {
      const shift = translation(offsets[index] as number, offsets[index + 1] as number);
      this.builder.addImage(runs, shift, false);
      if (!this.budget.exhausted) drawn++;
    }
    if (drawn < copies) {
      this.budget.cutRepeats.push({
        line: recording.line,
        wanted: copies,
        drawn,
        each: drawnElementsOfRuns(runs),
        held: true,
      });
    }
    return true;
  }

  private parentBuilder(): ImageBuilder {
    const recording = this.recordings[this.recordings.length - 1];
    return recording ? recording.builder : this.root;
  }

  private beginBlock(code: number, line: number): void {
    const depth = this.recordings.filter((recording) => recording.type === 'block').length;
    const builder = new ImageBuilder(this.budget);
    if (depth >= LIMITS.maxBlockDepth) {
      this.warn(
        'limit-reached',
        line,
        `block apertures nested deeper than ${LIMITS.maxBlockDepth}`,
      );
    }
    this.recordings.push({
      type: 'block',
      code,
      line,
      builder,
      saved: {
        polarity: this.polarity,
        mirrorX: this.mirrorX,
        mirrorY: this.mirrorY,
        rotation: this.rotation,
        scaling: this.scaling,
        x: this.x,
        y: this.y,
      },
    });
    this.builder = builder;
  }

  private endBlock(line: number): void {
    const recording = this.recordings[this.recordings.length - 1];
    if (recording?.type !== 'block') {
      this.warn('invalid-value', line, 'AB end without a block aperture ignored');
      return;
    }
    this.closeRegion();
    this.recordings.pop();
    this.builder = this.parentBuilder();
    const depth = this.recordings.filter((r) => r.type === 'block').length;
    if (depth < LIMITS.maxBlockDepth) {
      this.apertures.set(recording.code, {
        type: 'block',
        code: recording.code,
        runs: recording.builder.runs,
      });
      if (this.apertureCode === recording.code) {
        this.aperture = this.apertures.get(recording.code) ?? null;
      }
    }
    const { saved } = recording;
    this.polarity = saved.polarity;
    this.mirrorX = saved.mirrorX;
    this.mirrorY = saved.mirrorY;
    this.rotation = saved.rotation;
    this.scaling = saved.scaling;
    this.updateApertureTransform();
    this.x = saved.x;
    this.y = saved.y;
  }

  // ---- end of file ---------------------------------------------------------------------------

  private finish(): void {
    const { lastLine } = this;
    if (this.region) {
      this.warn(
        'region-error',
        this.region.line,
        'region (G36) not closed by G37; closed at the end',
      );
      this.closeRegion();
    }
    while (this.recordings.length > 0) {
      const recording = this.recordings[this.recordings.length - 1] as Recording;
      if (recording.type === 'stepRepeat') {
        this.endStepRepeat(lastLine);
      } else {
        this.warn(
          'invalid-value',
          recording.line,
          `block aperture D${recording.code} not closed; ignored`,
        );
        this.recordings.pop();
        this.builder = this.parentBuilder();
      }
    }
    this.endKnockout();
    if (!this.ended && this.nodeCount > 0) {
      this.warn('end-missing', lastLine, 'file ends without M02');
    }
    this.warnCutRepeats();
    if (this.budget.heldExhausted && this.budget.cutRepeats.length === 0) {
      this.warn(
        'limit-reached',
        lastLine,
        `image larger than ${this.maxElements} elements; the rest was not drawn`,
      );
    }
    if (this.budget.outOfRange) {
      this.warn(
        'limit-reached',
        lastLine,
        `objects reaching beyond ±${LIMITS.maxCoordinateMm} mm were not drawn`,
      );
    }
    this.applyImageParameters();
  }

  /** Exactly what each step and repeat cut short did not draw, one warning per step and repeat. */
  private warnCutRepeats(): void {
    const byLine = Map.groupBy(this.budget.cutRepeats, (cut) => cut.line);
    for (const [line, cuts] of byLine) {
      const wanted = cuts.reduce((sum, cut) => sum + cut.wanted, 0);
      const drawn = cuts.reduce((sum, cut) => sum + cut.drawn, 0);
      const each = Math.max(...cuts.map((cut) => cut.each));
      const times = cuts.length > 1 ? ` (placed ${count(cuts.length)} times by block flashes)` : '';
      const why = cuts.some((cut) => cut.held)
        ? `its copies, drawn one by one since its clear parts reach into each other, fill the ${count(this.maxElements)} flashes, lines and edges a layer may hold`
        : `a layer draws at most ${count(LIMITS.maxDrawnElements)} flashes, lines and edges, copies counted`;
      this.warn(
        'limit-reached',
        line,
        `step and repeat of ${count(wanted)} copies${times}, each drawing ${count(each)} flashes, lines and edges: ${count(drawn)} copies are drawn and ${count(wanted - drawn)} are not; ${why}`,
      );
    }
  }

  /** IR, IO, IJ and IP act on the finished image. */
  private applyImageParameters(): void {
    const box = this.builder.box.toBox();
    let t: Transform = IDENTITY;
    if (this.imageRotation !== 0) {
      const { cos, sin } = rotationCosSin(this.imageRotation);
      t = { a: cos, b: sin, c: -sin, d: cos, e: 0, f: 0 };
    }
    t = compose(translation(this.imageOffset.a, this.imageOffset.b), t);
    if (this.justify && box) {
      const rotated = this.scratchBuilder();
      rotated.addImage(this.builder.runs, t, false);
      const moved = rotated.box.toBox();
      if (moved) {
        // As gerbv does it: the lower end onto the axis (plus any offset), or, for a centred
        // axis, the image moved by half its size.
        const shift = (justification: Justification, min: number, max: number): number => {
          if (justification.type === 'centre') return (max - min) / 2;
          return justification.type === 'offset' ? justification.value - min : -min;
        };
        t = compose(
          translation(
            shift(this.justify.a, moved.minX, moved.maxX),
            shift(this.justify.b, moved.minY, moved.maxY),
          ),
          t,
        );
      }
    }
    if (!isIdentity(t) && box) {
      const image = this.scratchBuilder();
      image.addImage(this.builder.runs, t, false);
      this.builder = image;
    }
    if (this.negative) {
      const bounds = this.builder.box.toBox();
      const image = this.scratchBuilder();
      if (bounds) {
        image.addContour(
          'dark',
          rectContour(
            bounds.minX,
            bounds.minY,
            bounds.maxX - bounds.minX,
            bounds.maxY - bounds.minY,
          ),
        );
        image.addImage(this.builder.runs, IDENTITY, true);
      }
      this.builder = image;
    }
  }
}
