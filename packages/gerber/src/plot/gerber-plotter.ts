// The Gerber plotter: walks the nodes of a file as the Gerber graphics state machine and draws
// into an image. Each kind of node is handled by the file of its command family: apertures,
// operations, regions, step-and-repeat, block apertures, knockouts, the older image parameters,
// and the end of the file.

import { BACKUP_UNITS, LIMITS, MM_PER_INCH } from '../constants.ts';
import { COORDINATE_I, COORDINATE_J, COORDINATE_X, COORDINATE_Y } from '../gerber/parse-gerber.ts';
import type { GerberNode, Justification, OperationCode } from '../gerber/syntax.ts';
import type { LayerImage } from '../image/types.ts';
import { type Warning, warning } from '../warnings.ts';
import { defineAperture, updateApertureTransform } from './apertures.ts';
import { beginBlock, endBlock } from './block-apertures.ts';
import { finishFile } from './end-of-file.ts';
import { updateObjectTransform } from './image-parameters.ts';
import { beginKnockout } from './knockout.ts';
import { plotOperation } from './operations.ts';
import { PlotState } from './plot-state.ts';
import { closeRegion } from './regions.ts';
import { beginStepRepeat, endStepRepeat } from './step-repeat.ts';

/**
 * Plots a Gerber file node by node: the nodes are handed to the command family they belong to, on
 * the state this plotter is (PlotState, a class of its own so the families need not import this).
 */
export class GerberPlotter extends PlotState {
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
    plotOperation(this, line, operation, coordinates);
  }

  /**
   * Finishes the file and gives its image. Warnings: the parser's, then those about missing units
   * and notation, then the plotter's, at most LIMITS.maxWarnings after the parser's.
   */
  image(parseWarnings: readonly Warning[]): LayerImage {
    finishFile(this);
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
        defineAperture(this, node);
        return;
      case 'regionBegin':
        closeRegion(this);
        this.region = { contours: [], current: [], line: node.line };
        return;
      case 'regionEnd':
        if (!this.region) this.warn('region-error', node.line, 'G37 without G36 ignored');
        closeRegion(this);
        return;
      case 'polarity':
        this.polarity = node.polarity;
        return;
      case 'mirroring':
        this.mirrorX = node.mirrorX;
        this.mirrorY = node.mirrorY;
        updateApertureTransform(this);
        return;
      case 'rotation':
        this.rotation = node.degrees;
        updateApertureTransform(this);
        return;
      case 'scaling':
        this.scaling = node.factor;
        updateApertureTransform(this);
        return;
      case 'stepRepeat':
        endStepRepeat(this, node.line);
        beginStepRepeat(this, node);
        return;
      case 'stepRepeatEnd':
        if (!endStepRepeat(this, node.line)) {
          this.warn('invalid-value', node.line, 'SR end without a step and repeat ignored');
        }
        return;
      case 'blockBegin':
        beginBlock(this, node.code, node.line);
        return;
      case 'blockEnd':
        endBlock(this, node.line);
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
        updateObjectTransform(this);
        return;
      case 'scaleFactor':
        this.scaleFactor = { a: node.a, b: node.b };
        updateObjectTransform(this);
        return;
      case 'mirrorImage':
        this.mirrorImage = { a: node.a, b: node.b };
        updateObjectTransform(this);
        return;
      case 'axisSelect':
        this.swapAxes = node.swap;
        updateObjectTransform(this);
        return;
      case 'layerRotation':
        this.layerRotation = node.degrees;
        updateObjectTransform(this);
        return;
      case 'imageJustify': {
        const convert = (j: Justification): Justification =>
          j.type === 'offset' ? { type: 'offset', value: j.value * this.unitScale } : j;
        this.justify = { a: convert(node.a), b: convert(node.b) };
        return;
      }
      case 'knockout':
        beginKnockout(this, node);
        return;
    }
  }
}
