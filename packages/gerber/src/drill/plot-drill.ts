// Excellon plotter: walks the drill syntax tree as the machine would and draws holes as flashes of
// a circle per tool, and G85 slots and routed paths as strokes of the tool diameter. Everything is
// dark, so the image has one polarity run; graphics are grouped by diameter and plating, so the
// board stack-up can cut plated and non-plated holes separately.

import { LIMITS, MM_PER_INCH } from '../constants.ts';
import { BoxAccumulator } from '../image/box.ts';
import { line } from '../image/geometry.ts';
import type {
  FlashGraphic,
  Graphic,
  LayerImage,
  Segment,
  Shape,
  StrokeGraphic,
  Units,
} from '../image/types.ts';
import { resolveArc } from '../plot/arc.ts';
import { addWarning, type Warning, type WarningCode, warning } from '../warnings.ts';
import type {
  DrillCoordinateNode,
  DrillNode,
  DrillPatternNode,
  DrillRepeatNode,
  DrillSlotNode,
  DrillToolDefinitionNode,
  DrillTree,
} from './syntax.ts';

/** Holes that repeat codes (R) and pattern repeats (M02) may add to one image. */
export const MAX_REPEATED_HOLES = 500_000;

/** Diameter assumed for a tool the file never defines, in mils: gerbv's guess, so both agree. */
function undefinedToolMils(code: number): number {
  return 16 + 8 * Math.min(code, 99);
}

interface Tool {
  code: number;
  /** In the image units. */
  diameter: number;
  /** From the definition, or the plating section it was defined or first selected in. */
  plated: boolean | null;
}

type Mode = 'drill' | 'move' | 'linear' | 'clockwise' | 'counterclockwise';

export function plotDrill(tree: DrillTree, maxElements?: number): LayerImage {
  return new DrillPlotter(tree, maxElements).plot();
}

class DrillPlotter {
  private readonly nodes: DrillNode[];
  private readonly warnings: Warning[];
  private readonly units: Units;
  private readonly maxCoordinate: number;
  private unitScale = 1;
  private notation: 'A' | 'I' = 'A';
  private mode: Mode = 'drill';
  /** Files that never lower the rout tool (M15) rout whenever G01-G03 are in effect. */
  private readonly usesToolDown: boolean;
  private toolDown = false;
  private x = 0;
  private y = 0;
  private originX = 0;
  private originY = 0;
  private readonly tools = new Map<number, Tool>();
  private tool: Tool | null = null;
  private toolCode = -1;
  private readonly undefinedWarned = new Set<number>();
  private filePlated: boolean | null = null;
  private sectionPlated: boolean | null = null;
  /** Holes of the pattern being recorded (M25 to M01), relative to nothing: absolute. */
  private pattern: { tool: Tool; x: number; y: number }[] | null = null;
  private lastPattern: { tool: Tool; x: number; y: number }[] = [];
  private repeatedHoles = 0;
  private elements = 0;
  private elementsCut = false;
  private limitWarned = false;
  private readonly graphics: Graphic[] = [];
  private readonly flashes = new Map<string, FlashGraphic>();
  /** The graphic the last hole went to: runs of holes of one tool skip the lookup. */
  private lastFlash: { tool: Tool; plated: boolean | null; graphic: FlashGraphic } | null = null;
  private readonly strokes = new Map<string, StrokeGraphic>();
  private readonly box = new BoxAccumulator();

  private readonly maxElements: number;

  constructor(tree: DrillTree, maxElements: number = LIMITS.maxImageElements) {
    this.maxElements = Math.max(0, Math.min(maxElements, LIMITS.maxImageElements));
    this.nodes = tree.nodes;
    this.warnings = [...tree.warnings];
    const unitsNode = tree.nodes.find((node) => node.type === 'units');
    this.units = unitsNode?.type === 'units' ? unitsNode.units : 'in';
    this.maxCoordinate =
      this.units === 'mm' ? LIMITS.maxCoordinateMm : LIMITS.maxCoordinateMm / MM_PER_INCH;
    this.usesToolDown = tree.nodes.some((node) => node.type === 'routTool' && node.down);
  }

  private warn(code: WarningCode, line: number, message: string): void {
    addWarning(this.warnings, warning(code, line, message));
  }

  plot(): LayerImage {
    for (const node of this.nodes) {
      if (node.type === 'end') break;
      this.node(node);
    }
    const image: LayerImage = {
      filetype: 'drill',
      units: this.units,
      runs: this.graphics.length > 0 ? [{ polarity: 'dark', graphics: this.graphics }] : [],
      box: this.box.toBox(),
      warnings: this.warnings,
    };
    if (this.elementsCut) image.cut = true;
    return image;
  }

  private node(node: DrillNode): void {
    switch (node.type) {
      case 'units':
        this.unitScale =
          node.units === this.units ? 1 : node.units === 'mm' ? 1 / MM_PER_INCH : MM_PER_INCH;
        return;
      case 'notation':
        this.notation = node.notation;
        return;
      case 'toolDefinition':
        this.defineTool(node);
        return;
      case 'toolChange':
        this.selectTool(node.code);
        return;
      case 'plating':
        if (node.scope === 'file') this.filePlated = node.plated;
        else this.sectionPlated = node.plated;
        return;
      case 'mode':
        this.mode = node.mode;
        if (node.mode === 'drill') this.toolDown = false;
        return;
      case 'routTool':
        this.toolDown = node.down;
        return;
      case 'coordinate':
        this.coordinate(node);
        return;
      case 'slot':
        this.slot(node);
        return;
      case 'repeat':
        this.repeat(node);
        return;
      case 'zeroSet':
        this.originX = node.x * this.unitScale;
        this.originY = node.y * this.unitScale;
        return;
      case 'pattern':
        this.patternCommand(node);
        return;
      case 'format':
      case 'comment':
      case 'end':
        return;
    }
  }

  private defineTool(node: DrillToolDefinitionNode): void {
    const tool: Tool = {
      code: node.code,
      diameter: node.diameter * this.unitScale,
      plated: node.plated ?? this.sectionPlated,
    };
    this.tools.set(node.code, tool);
    // A redefinition of the selected tool takes effect at once.
    if (this.toolCode === node.code) this.tool = tool;
  }

  private selectTool(code: number): void {
    this.toolCode = code;
    if (code === 0) {
      this.tool = null;
      return;
    }
    const tool = this.tools.get(code);
    if (tool) {
      // Old Altium composite files put the plating section before the selection.
      if (tool.plated === null) tool.plated = this.sectionPlated;
      this.tool = tool;
      return;
    }
    this.tool = null;
  }

  /** The selected tool, guessing the size of one the file never defines. */
  private currentTool(line: number): Tool | null {
    if (this.tool) return this.tool;
    const code = this.toolCode;
    if (code <= 0) {
      this.warn('tool-not-defined', line, 'no tool selected; hole ignored');
      return null;
    }
    const mils = undefinedToolMils(code);
    const diameter = this.units === 'mm' ? (mils / 1000) * MM_PER_INCH : mils / 1000;
    if (!this.undefinedWarned.has(code)) {
      this.undefinedWarned.add(code);
      this.warn(
        'tool-not-defined',
        line,
        `tool T${code} is not defined, so a diameter of ${mils / 1000} in is assumed`,
      );
    }
    const tool: Tool = { code, diameter, plated: this.sectionPlated };
    this.tools.set(code, tool);
    this.tool = tool;
    return tool;
  }

  /** The absolute position a pair of coordinates moves to; undefined ones keep their value. */
  private target(x: number | undefined, y: number | undefined): [number, number] {
    const scale = this.unitScale;
    if (this.notation === 'I') {
      return [this.x + (x ?? 0) * scale, this.y + (y ?? 0) * scale];
    }
    return [
      x === undefined ? this.x : this.originX + x * scale,
      y === undefined ? this.y : this.originY + y * scale,
    ];
  }

  private inRange(x: number, y: number, line: number): boolean {
    if (Math.abs(x) <= this.maxCoordinate && Math.abs(y) <= this.maxCoordinate) return true;
    this.warn('limit-reached', line, 'coordinate out of range; operation ignored');
    return false;
  }

  private coordinate(node: DrillCoordinateNode): void {
    const [x, y] = this.target(node.x, node.y);
    if (!this.inRange(x, y, node.line)) return;
    const startX = this.x;
    const startY = this.y;
    this.x = x;
    this.y = y;
    const mode = this.mode;
    if (mode === 'drill') {
      this.hole(x, y, node.line);
      return;
    }
    if (mode === 'move' || (this.usesToolDown && !this.toolDown)) return;
    const tool = this.currentTool(node.line);
    if (!tool) return;
    const segment =
      mode === 'linear' ? line(startX, startY, x, y) : this.arc(node, startX, startY, x, y);
    if (segment) this.stroke(tool, segment, node.line);
  }

  private arc(
    node: DrillCoordinateNode,
    x1: number,
    y1: number,
    x2: number,
    y2: number,
  ): Segment | null {
    const clockwise = this.mode === 'clockwise';
    const scale = this.unitScale;
    if (node.radius !== undefined) return this.arcByRadius(node, x1, y1, x2, y2, clockwise);
    if (node.i === undefined && node.j === undefined) {
      this.warn('arc-impossible', node.line, 'arc without centre or radius drawn as a line');
      return line(x1, y1, x2, y2);
    }
    const result = resolveArc(
      x1,
      y1,
      x2,
      y2,
      (node.i ?? 0) * scale,
      (node.j ?? 0) * scale,
      clockwise,
      false,
    );
    return result ? result.arc : line(x1, y1, x2, y2);
  }

  /** An arc given by its radius (A): the one of at most 180° turning the given way. */
  private arcByRadius(
    node: DrillCoordinateNode,
    x1: number,
    y1: number,
    x2: number,
    y2: number,
    clockwise: boolean,
  ): Segment | null {
    const chord = Math.hypot(x2 - x1, y2 - y1);
    if (chord === 0) {
      this.warn('arc-impossible', node.line, 'arc with equal ends and only a radius ignored');
      return null;
    }
    let radius = Math.abs((node.radius ?? 0) * this.unitScale);
    if (radius < chord / 2) {
      if (radius < (chord / 2) * (1 - 1e-6)) {
        this.warn('arc-impossible', node.line, 'arc radius shorter than half the chord; enlarged');
      }
      radius = chord / 2;
    }
    const offset = Math.sqrt(Math.max(radius * radius - (chord * chord) / 4, 0));
    // The centre lies to the right of the chord for a clockwise arc, to the left otherwise.
    const side = clockwise ? 1 : -1;
    const ux = (x2 - x1) / chord;
    const uy = (y2 - y1) / chord;
    const cx = (x1 + x2) / 2 + side * offset * uy;
    const cy = (y1 + y2) / 2 - side * offset * ux;
    const result = resolveArc(x1, y1, x2, y2, cx - x1, cy - y1, clockwise, false);
    return result ? result.arc : line(x1, y1, x2, y2);
  }

  private slot(node: DrillSlotNode): void {
    const [x1, y1] = this.target(node.x1, node.y1);
    if (!this.inRange(x1, y1, node.line)) return;
    this.x = x1;
    this.y = y1;
    const [x2, y2] = this.target(node.x2, node.y2);
    if (!this.inRange(x2, y2, node.line)) return;
    this.x = x2;
    this.y = y2;
    const tool = this.currentTool(node.line);
    if (!tool) return;
    if (x1 === x2 && y1 === y2) this.flash(tool, x1, y1, node.line);
    else this.stroke(tool, line(x1, y1, x2, y2), node.line);
  }

  private repeat(node: DrillRepeatNode): void {
    const dx = node.dx * this.unitScale;
    const dy = node.dy * this.unitScale;
    for (let step = 0; step < node.count; step++) {
      if (!this.takeRepeated(node.line)) return;
      const x = this.x + dx;
      const y = this.y + dy;
      if (!this.inRange(x, y, node.line)) return;
      this.x = x;
      this.y = y;
      this.hole(x, y, node.line);
    }
  }

  private patternCommand(node: DrillPatternNode): void {
    switch (node.command) {
      case 'begin':
        this.pattern = [];
        return;
      case 'end':
        if (this.pattern) this.lastPattern = this.pattern;
        this.pattern = null;
        return;
      case 'finish':
        this.lastPattern = [];
        return;
      case 'repeat': {
        const dx = (node.x ?? 0) * this.unitScale;
        const dy = (node.y ?? 0) * this.unitScale;
        for (const hole of this.lastPattern) {
          if (!this.takeRepeated(node.line)) return;
          const x = hole.x + dx;
          const y = hole.y + dy;
          if (this.inRange(x, y, node.line)) this.flash(hole.tool, x, y, node.line);
        }
      }
    }
  }

  private takeRepeated(line: number): boolean {
    if (this.repeatedHoles < MAX_REPEATED_HOLES) {
      this.repeatedHoles++;
      return true;
    }
    this.warnLimit(line, `more than ${MAX_REPEATED_HOLES} repeated holes; the rest ignored`);
    return false;
  }

  private warnLimit(line: number, message: string): void {
    if (this.limitWarned) return;
    this.limitWarned = true;
    this.warn('limit-reached', line, message);
  }

  private hole(x: number, y: number, line: number): void {
    const tool = this.currentTool(line);
    if (!tool) return;
    this.pattern?.push({ tool, x, y });
    this.flash(tool, x, y, line);
  }

  private takeElement(line: number): boolean {
    if (this.elements < this.maxElements) {
      this.elements++;
      return true;
    }
    this.elementsCut = true;
    this.warnLimit(
      line,
      `more than ${this.maxElements} holes and paths; only the first ${this.maxElements} are drawn`,
    );
    return false;
  }

  private plated(tool: Tool): boolean | null {
    return tool.plated ?? this.filePlated;
  }

  private flash(tool: Tool, x: number, y: number, line: number): void {
    if (!this.takeElement(line)) return;
    const plated = this.plated(tool);
    const last = this.lastFlash;
    let graphic: FlashGraphic | undefined;
    if (last && last.tool === tool && last.plated === plated) graphic = last.graphic;
    else {
      const key = `${tool.diameter}|${plated}`;
      graphic = this.flashes.get(key);
      if (!graphic) {
        graphic = { type: 'flash', shape: circleShape(tool.diameter), positions: [] };
        if (plated !== null) graphic.plated = plated;
        this.flashes.set(key, graphic);
        this.graphics.push(graphic);
      }
      this.lastFlash = { tool, plated, graphic };
    }
    graphic.positions.push(x, y);
    this.box.addPoint(x, y, tool.diameter / 2);
  }

  private stroke(tool: Tool, segment: Segment, line: number): void {
    if (!this.takeElement(line)) return;
    const plated = this.plated(tool);
    const key = `${tool.diameter}|${plated}`;
    let graphic = this.strokes.get(key);
    if (!graphic) {
      graphic = { type: 'stroke', width: tool.diameter, segments: [] };
      if (plated !== null) graphic.plated = plated;
      this.strokes.set(key, graphic);
      this.graphics.push(graphic);
    }
    graphic.segments.push(segment);
    this.box.addSegment(segment, tool.diameter / 2);
  }
}

function circleShape(diameter: number): Shape {
  const r = diameter / 2;
  return {
    primitives: [{ type: 'circle', erase: false, cx: 0, cy: 0, r }],
    box: { minX: -r, minY: -r, maxX: r, maxY: r },
  };
}
