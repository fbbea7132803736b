// Gerber RS-274X parser: one pass over the character codes of the text, producing syntax nodes.
// Data blocks (the bulk of a file: coordinates and D codes) are read without building substrings;
// extended commands (%...%) are rare and read from small slices.

import { DEFAULT_GERBER_PLACES, LIMITS } from '../constants.ts';
import { isTrimmed } from '../identify/text-lines.ts';
import type { Units } from '../image/types.ts';
import {
  type Notation,
  type ParseOptions,
  validateOptions,
  type ZeroSuppression,
} from '../options.ts';
import {
  addWarning,
  type Warning,
  type WarningCode,
  warning,
  warningsLeftOut,
} from '../warnings.ts';
import { parseMacroExpression } from './macro-expression.ts';
import type {
  ApertureHole,
  ApertureTemplate,
  AttributeNode,
  FormatNode,
  GerberNode,
  GerberTree,
  Justification,
  KnockoutNode,
  MacroBlock,
  OperationCode,
  OperationNode,
} from './syntax.ts';

const C_TAB = 9;
const C_LF = 10;
const C_CR = 13;
const C_SPACE = 32;
const C_PERCENT = 37;
const C_STAR = 42;
const C_PLUS = 43;
const C_COMMA = 44;
const C_MINUS = 45;
const C_DOT = 46;
const C_0 = 48;
const C_9 = 57;
const C_A = 65;
const C_D = 68;
const C_F = 70;
const C_G = 71;
const C_I = 73;
const C_J = 74;
const C_M = 77;
const C_N = 78;
const C_O = 79;
const C_T = 84;
const C_X = 88;
const C_Y = 89;
const C_LOWER_X = 120;

const MAX_DIGITS = LIMITS.maxNumberDigits;
const POW10: number[] = [];
for (let n = 0; n <= 40; n++) POW10.push(10 ** n);

function pow10(n: number): number {
  return n >= 0 && n <= 40 ? (POW10[n] as number) : 10 ** n;
}

/** The FS format in the form the data-block loop reads coordinates with. */
interface CoordinateFormat {
  zero: ZeroSuppression;
  xPlaces: [number, number];
  yPlaces: [number, number];
  /** 10 to the power of the decimal places of X and of Y. */
  xDivisor: number;
  yDivisor: number;
}

function coordinateFormat(
  zero: ZeroSuppression,
  xPlaces: [number, number],
  yPlaces: [number, number],
): CoordinateFormat {
  return {
    zero,
    xPlaces,
    yPlaces,
    xDivisor: pow10(xPlaces[1]),
    yDivisor: pow10(yPlaces[1]),
  };
}

/** Parses Gerber text into a syntax tree. Never throws on file content: problems become warnings. */
export function parseGerber(text: string, options?: ParseOptions): GerberTree {
  const nodes: GerberNode[] = [];
  const warnings = parseGerberNodes(text, options, {
    node: (node) => nodes.push(node),
    operation: (line, operation, coordinates) =>
      nodes.push(operationNode(line, operation, coordinates)),
  });
  return { type: 'gerber', nodes, warnings };
}

/**
 * Receives a Gerber file as it is read. Coordinate blocks, most of a file, come as numbers in one
 * reused array rather than as OperationNode objects: a large file would otherwise make millions
 * of short-lived objects, each with its numbers boxed, and the collector would spend more time
 * than the reading.
 */
export interface GerberNodeSink {
  /** Every node but coordinate blocks, in file order. */
  node(node: GerberNode): void;
  /**
   * A coordinate block. `coordinates` holds X, Y, I and J, NaN for one the block does not give;
   * the parser reuses the array for the next block, so read it during the call.
   */
  operation(line: number, operation: OperationCode | null, coordinates: Float64Array): void;
  /**
   * False when the sink has no use for comments and X2 attributes (a plotter draws nothing from
   * them): they are then skipped without being read. KiCad writes an attribute around almost
   * every object.
   */
  readonly annotations?: boolean;
}

/** Where X, Y, I and J sit in the coordinates of GerberNodeSink.operation. */
export const COORDINATE_X = 0;
export const COORDINATE_Y = 1;
export const COORDINATE_I = 2;
export const COORDINATE_J = 3;

/** The OperationNode of a coordinate block given to a GerberNodeSink. */
export function operationNode(
  line: number,
  operation: OperationCode | null,
  coordinates: Float64Array,
): OperationNode {
  const given = (index: number) => {
    const value = coordinates[index] as number;
    return Number.isNaN(value) ? undefined : value;
  };
  return {
    type: 'operation',
    line,
    operation,
    x: given(COORDINATE_X),
    y: given(COORDINATE_Y),
    i: given(COORDINATE_I),
    j: given(COORDINATE_J),
  };
}

/**
 * Parses Gerber text, handing each node to `sink` as soon as it is read (in file order, each node
 * complete), and returns the parser's warnings. A consumer that does not keep the nodes saves
 * holding a whole file's syntax tree in memory.
 */
export function parseGerberNodes(
  text: string,
  options: ParseOptions | undefined,
  sink: GerberNodeSink,
): Warning[] {
  const parser = new GerberParser(text, validateOptions(options), sink);
  parser.run();
  return parser.warnings;
}

class GerberParser {
  readonly warnings: Warning[] = [];
  private readonly sink: GerberNodeSink;
  /** The X, Y, I and J of the data block being read (see GerberNodeSink.operation). */
  private readonly coordinates = new Float64Array(4);
  private readonly text: string;
  private readonly options: ParseOptions;
  private pos = 0;
  private line = 1;
  private format: CoordinateFormat | null = null;
  private formatWarned = false;
  private droppedWarnings = 0;

  constructor(text: string, options: ParseOptions, sink: GerberNodeSink) {
    this.sink = sink;
    this.text = text;
    this.options = options;
    if (options.places || options.zero) {
      const places = options.places ?? DEFAULT_GERBER_PLACES;
      this.format = coordinateFormat(
        options.zero ?? 'L',
        [places[0], places[1]],
        [places[0], places[1]],
      );
    }
  }

  private emit(node: GerberNode): void {
    this.sink.node(node);
  }

  run(): void {
    // Overrides from the options apply from the first line on.
    if (this.options.units) this.units(this.options.units, 1);
    if (this.options.notation) this.notation(this.options.notation, 1);
    const { text } = this;
    const length = text.length;
    while (this.pos < length) {
      const c = text.charCodeAt(this.pos);
      if (c === C_LF) {
        this.line++;
        this.pos++;
      } else if (c === C_CR || c === C_SPACE || c === C_TAB || c === 0) {
        this.pos++;
      } else if (c === C_PERCENT) {
        this.pos++;
        this.readExtendedSection();
      } else if (c === C_STAR) {
        this.pos++;
      } else if (this.readDataBlock()) {
        this.warnAfterEnd();
        break;
      }
    }
    if (this.droppedWarnings > 0) {
      this.warnings.push(warningsLeftOut(this.droppedWarnings, this.line));
    }
  }

  private warn(code: WarningCode, line: number, message: string): void {
    if (!addWarning(this.warnings, warning(code, line, message))) this.droppedWarnings++;
  }

  private warnAfterEnd(): void {
    const { text } = this;
    let pos = this.pos;
    let line = this.line;
    while (pos < text.length) {
      const c = text.charCodeAt(pos);
      if (c === C_LF) line++;
      else if (c !== C_CR && c !== C_SPACE && c !== C_TAB && c !== 0) {
        this.warn('after-end', line, 'commands after the end of file (M02) ignored');
        return;
      }
      pos++;
    }
  }

  // ---- data blocks -------------------------------------------------------------------------

  /** Reads one data block up to its '*'. Returns true when the block ends the file (M02). */
  private readDataBlock(): boolean {
    const { text } = this;
    const length = text.length;
    const line = this.line;
    const { coordinates } = this;
    coordinates[COORDINATE_X] = Number.NaN;
    coordinates[COORDINATE_Y] = Number.NaN;
    coordinates[COORDINATE_I] = Number.NaN;
    coordinates[COORDINATE_J] = Number.NaN;
    let operation: OperationCode | null = null;
    let hasCoordinate = false;
    let ended = false;
    const blockStart = this.pos;

    // The position is kept in a local while scanning and handed back around method calls.
    let pos = this.pos;
    while (pos < length) {
      const c = text.charCodeAt(pos);
      if (c === C_STAR) {
        pos++;
        break;
      }
      if (c === C_PERCENT) break;
      if (c === C_LF) {
        this.line++;
        pos++;
        continue;
      }
      if (c === C_CR || c === C_SPACE || c === C_TAB || c === 0) {
        pos++;
        continue;
      }
      if (c === C_X || c === C_Y || c === C_I || c === C_J) {
        const format = this.format ?? this.coordinateFormat(line);
        const isX = c === C_X || c === C_I;
        // The common case, read here with locals: a sign and fewer than 16 digits, no point.
        let at = pos + 1;
        let d = text.charCodeAt(at);
        const negative = d === C_MINUS;
        if (negative || d === C_PLUS) d = text.charCodeAt(++at);
        let whole = 0;
        let digits = 0;
        while (d >= C_0 && d <= C_9 && digits < 15) {
          whole = whole * 10 + (d - C_0);
          digits++;
          d = text.charCodeAt(++at);
        }
        let fraction = -1;
        if (d === C_DOT || (d >= C_0 && d <= C_9)) {
          // A decimal point (not in the standard, but written) or a very long number.
          at = scanDecimal(text, pos + 1, length, MAX_DIGITS);
          ({ whole, digits, fraction } = scannedDecimal);
        }
        pos = at;
        if (digits === 0) {
          this.warn('invalid-value', line, `bad ${String.fromCharCode(c)} coordinate ignored`);
          continue;
        }
        let value: number;
        if (fraction >= 0) value = whole / pow10(fraction);
        else if (format.zero === 'T') {
          const places = isX ? format.xPlaces : format.yPlaces;
          value = (whole * pow10(places[0] + places[1] - digits)) / pow10(places[1]);
        } else value = whole / (isX ? format.xDivisor : format.yDivisor);
        if (negative) value = -value;
        hasCoordinate = true;
        coordinates[
          c === C_X
            ? COORDINATE_X
            : c === C_Y
              ? COORDINATE_Y
              : c === C_I
                ? COORDINATE_I
                : COORDINATE_J
        ] = value;
        continue;
      }
      if (c === C_D && text.charCodeAt(pos + 1) === C_0) {
        // D01, D02 or D03, the code of nearly every block, read here.
        const code = text.charCodeAt(pos + 2) - C_0;
        const after = text.charCodeAt(pos + 3);
        if (code >= 1 && code <= 3 && !(after >= C_0 && after <= C_9)) {
          operation = code === 1 ? 'interpolate' : code === 2 ? 'move' : 'flash';
          pos += 3;
          continue;
        }
      }
      this.pos = pos + 1;
      if (c === C_D) {
        const code = this.readInteger();
        if (code === 1) operation = 'interpolate';
        else if (code === 2) operation = 'move';
        else if (code === 3) operation = 'flash';
        else if (code >= 10) this.emit({ type: 'selectAperture', line, code });
        else this.unrecognised(line, blockStart);
      } else if (c === C_G) {
        const code = this.readInteger();
        if (code === 4) {
          this.readComment(line);
          return false;
        }
        this.gCode(code, line, blockStart);
      } else if (c === C_M) {
        const code = this.readInteger();
        if (code === 2 || code === 0 || code === 30) ended = true;
        else if (code !== 1) this.unrecognised(line, blockStart);
      } else if (c === C_N) {
        this.readInteger();
      } else {
        this.unrecognised(line, blockStart);
        this.skipToBlockEnd();
        return false;
      }
      pos = this.pos;
    }
    this.pos = pos;

    if (hasCoordinate || operation !== null) {
      this.sink.operation(line, operation, coordinates);
    }
    if (ended) this.emit({ type: 'end', line });
    return ended;
  }

  private gCode(code: number, line: number, blockStart: number): void {
    switch (code) {
      case 1:
        this.emit({ type: 'interpolation', line, mode: 'linear' });
        return;
      case 2:
        this.emit({ type: 'interpolation', line, mode: 'clockwise' });
        return;
      case 3:
        this.emit({ type: 'interpolation', line, mode: 'counterclockwise' });
        return;
      case 36:
        this.emit({ type: 'regionBegin', line });
        return;
      case 37:
        this.emit({ type: 'regionEnd', line });
        return;
      case 74:
        this.emit({ type: 'quadrant', line, mode: 'single' });
        return;
      case 75:
        this.emit({ type: 'quadrant', line, mode: 'multi' });
        return;
      case 70:
      case 71:
        this.units(code === 70 ? 'in' : 'mm', line);
        return;
      case 90:
      case 91:
        this.notation(code === 90 ? 'A' : 'I', line);
        return;
      case 54:
      case 55:
        // Deprecated "select aperture" and "prepare flash" prefixes: the D code that follows
        // carries the meaning.
        return;
      default:
        this.unrecognised(line, blockStart);
    }
  }

  private units(units: Units, line: number): void {
    this.emit({ type: 'units', line, units: this.options.units ?? units });
  }

  private notation(notation: Notation, line: number): void {
    this.emit({ type: 'notation', line, notation: this.options.notation ?? notation });
  }

  private coordinateFormat(line: number): CoordinateFormat {
    if (this.format) return this.format;
    if (!this.formatWarned) {
      this.formatWarned = true;
      this.warn(
        'places-missing',
        line,
        `coordinate format (FS) missing, so [${DEFAULT_GERBER_PLACES.join(',')}] with leading zero suppression is assumed`,
      );
    }
    this.format = coordinateFormat(
      'L',
      [DEFAULT_GERBER_PLACES[0], DEFAULT_GERBER_PLACES[1]],
      [DEFAULT_GERBER_PLACES[0], DEFAULT_GERBER_PLACES[1]],
    );
    return this.format;
  }

  /** Reads an unsigned integer at pos (the number of a G, D, M or N code); -1 without digits. */
  private readInteger(): number {
    const { text } = this;
    let pos = this.pos;
    let value = 0;
    let digits = 0;
    while (pos < text.length) {
      const c = text.charCodeAt(pos);
      if (c < C_0 || c > C_9) break;
      if (digits < 9) value = value * 10 + (c - C_0);
      digits++;
      pos++;
    }
    this.pos = pos;
    return digits === 0 ? -1 : value;
  }

  /** G04 up to the '*'. A comment may hold a '%' and, after `#@!`, an X2 attribute. */
  private readComment(line: number): void {
    const { text } = this;
    const end = this.findBlockEnd(this.pos);
    if (this.sink.annotations === false) {
      this.advanceTo(end < text.length ? end + 1 : end);
      return;
    }
    const body = text.slice(this.pos, end).trim();
    this.advanceTo(end < text.length ? end + 1 : end);
    if (body.startsWith('#@!')) {
      let attribute = body.slice(3).trim();
      if (attribute.startsWith('%')) attribute = attribute.slice(1);
      const node = attributeNode(attribute, line);
      if (node) {
        this.emit(node);
        return;
      }
    }
    this.emit({ type: 'comment', line, text: body });
  }

  private findBlockEnd(from: number): number {
    const end = this.text.indexOf('*', from);
    return end < 0 ? this.text.length : end;
  }

  /** Moves pos forward, counting the line breaks passed. */
  private advanceTo(target: number): void {
    const { text } = this;
    let pos = this.pos;
    let line = this.line;
    for (;;) {
      const next = text.indexOf('\n', pos);
      if (next < 0 || next >= target) break;
      line++;
      pos = next + 1;
    }
    this.line = line;
    this.pos = target;
  }

  private skipToBlockEnd(): void {
    const { text } = this;
    let end = this.pos;
    while (end < text.length) {
      const c = text.charCodeAt(end);
      if (c === C_STAR) {
        end++;
        break;
      }
      if (c === C_PERCENT) break;
      end++;
    }
    this.advanceTo(end);
  }

  private unrecognised(line: number, blockStart: number): void {
    const end = Math.min(this.findBlockEnd(blockStart), blockStart + 40);
    const block = this.text.slice(blockStart, end).trim();
    this.warn('unrecognised-block', line, `unrecognised block '${block}' ignored`);
  }

  // ---- extended commands -------------------------------------------------------------------

  /** Reads the blocks of one %...% section (the opening '%' is already consumed). */
  private readExtendedSection(): void {
    const { text } = this;
    const close = text.indexOf('%', this.pos);
    // Without a closing '%', only the first block is taken as an extended command.
    const firstStar = text.indexOf('*', this.pos);
    const end = close >= 0 ? close : firstStar >= 0 ? firstStar + 1 : text.length;
    let macro: { name: string; line: number; blocks: MacroBlock[] } | null = null;
    while (this.pos < end) {
      // Skip white space between blocks, counting lines.
      let c = text.charCodeAt(this.pos);
      while (this.pos < end && (c === C_LF || c === C_CR || c === C_SPACE || c === C_TAB)) {
        if (c === C_LF) this.line++;
        this.pos++;
        c = text.charCodeAt(this.pos);
      }
      if (this.pos >= end) break;
      const line = this.line;
      const star = text.indexOf('*', this.pos);
      const blockEnd = star < 0 || star > end ? end : star;
      if (!macro && this.sink.annotations === false && isAttributeAt(text, this.pos)) {
        this.advanceTo(blockEnd < end ? blockEnd + 1 : end);
        continue;
      }
      const blockStart = this.pos;
      this.advanceTo(blockEnd < end ? blockEnd + 1 : end);
      if (!macro && isPlainApertureDefinition(text, blockStart, blockEnd)) {
        // Most extended commands of a file: read where they stand, without copying them.
        this.apertureDefinition(text, blockStart + 2, blockEnd, line);
        continue;
      }
      const block = stripLineBreaks(text.slice(blockStart, blockEnd));
      if (block.length === 0) continue;
      if (macro) {
        this.macroBlock(block, line, macro.blocks);
      } else if (block.startsWith('AM')) {
        macro = { name: block.slice(2).trim(), line, blocks: [] };
        if (macro.name.length === 0) {
          this.warn('invalid-value', line, 'aperture macro without a name ignored');
          macro = null;
        }
      } else {
        this.extendedCommand(block, line);
      }
    }
    if (macro) {
      this.emit({
        type: 'apertureMacro',
        line: macro.line,
        name: macro.name,
        blocks: macro.blocks,
      });
    }
    if (close < 0) {
      this.warn('invalid-value', this.line, "extended command without its closing '%'");
      this.advanceTo(end);
    } else {
      this.advanceTo(close + 1);
    }
  }

  private macroBlock(block: string, line: number, blocks: MacroBlock[]): void {
    if (block.startsWith('0')) {
      const next = block.charCodeAt(1);
      // "0 text": a comment inside the macro.
      if (block.length === 1 || next === C_SPACE || next === C_COMMA || !isDigit(next)) return;
    }
    if (block.startsWith('$')) {
      const equals = block.indexOf('=');
      const index = Number(block.slice(1, equals));
      if (equals < 0 || !Number.isInteger(index)) {
        this.warn('invalid-value', line, `bad macro variable assignment '${block}' ignored`);
        return;
      }
      const parsed = parseMacroExpression(block.slice(equals + 1));
      if (parsed.type === 'error') {
        this.warn('invalid-value', line, `bad macro expression '${block}': ${parsed.message}`);
        return;
      }
      blocks.push({ type: 'assignment', line, index, value: parsed.expression });
      return;
    }
    const fields = block.split(',');
    const code = Number(fields[0]);
    if (!Number.isInteger(code)) {
      this.warn('invalid-value', line, `bad macro primitive '${block.slice(0, 40)}' ignored`);
      return;
    }
    const modifiers = [];
    for (let index = 1; index < fields.length; index++) {
      const field = (fields[index] as string).trim();
      if (field.length === 0) continue;
      const parsed = parseMacroExpression(field);
      if (parsed.type === 'error') {
        this.warn(
          'invalid-value',
          line,
          `bad macro expression '${field.slice(0, 40)}': ${parsed.message}`,
        );
        return;
      }
      modifiers.push(parsed.expression);
    }
    blocks.push({ type: 'primitive', line, code, modifiers });
  }

  private extendedCommand(block: string, line: number): void {
    const command = block.slice(0, 2);
    const body = block.slice(2);
    switch (command) {
      case 'FS':
        this.formatCommand(body, line);
        return;
      case 'MO':
        if (body === 'IN' || body === 'MM') this.units(body === 'IN' ? 'in' : 'mm', line);
        else this.warn('invalid-value', line, `unknown units '${block}' ignored`);
        return;
      case 'AD':
        this.apertureDefinition(body, 0, body.length, line);
        return;
      case 'LP':
        if (body === 'D' || body === 'C') {
          this.emit({ type: 'polarity', line, polarity: body === 'D' ? 'dark' : 'clear' });
        } else this.warn('invalid-value', line, `unknown polarity '${block}' ignored`);
        return;
      case 'LM':
        if (body === 'N' || body === 'X' || body === 'Y' || body === 'XY') {
          this.emit({
            type: 'mirroring',
            line,
            mirrorX: body.includes('X'),
            mirrorY: body.includes('Y'),
          });
        } else this.warn('invalid-value', line, `unknown mirroring '${block}' ignored`);
        return;
      case 'LR':
      case 'LS': {
        const value = Number(body);
        if (body.length === 0 || !Number.isFinite(value)) {
          this.warn('invalid-value', line, `bad value in '${block}' ignored`);
        } else if (command === 'LR') {
          this.emit({ type: 'rotation', line, degrees: value });
        } else {
          this.emit({ type: 'scaling', line, factor: value });
        }
        return;
      }
      case 'SR':
        this.stepRepeat(body, line);
        return;
      case 'AB':
        if (body.length === 0) {
          this.emit({ type: 'blockEnd', line });
        } else {
          const code = body.startsWith('D') ? Number(body.slice(1)) : Number.NaN;
          if (Number.isInteger(code) && code >= 10) {
            this.emit({ type: 'blockBegin', line, code });
          } else this.warn('invalid-value', line, `bad block aperture '${block}' ignored`);
        }
        return;
      case 'TF':
      case 'TA':
      case 'TO':
      case 'TD': {
        const node = attributeNode(block, line);
        if (node) this.emit(node);
        return;
      }
      case 'IP':
        if (body === 'POS' || body === 'NEG') {
          this.emit({
            type: 'imagePolarity',
            line,
            polarity: body === 'POS' ? 'positive' : 'negative',
          });
        } else this.warn('invalid-value', line, `unknown image polarity '${block}' ignored`);
        return;
      case 'RO': {
        const degrees = Number(body);
        if (body.length > 0 && Number.isFinite(degrees)) {
          this.emit({ type: 'layerRotation', line, degrees });
        } else this.warn('invalid-value', line, `bad layer rotation '${block}' ignored`);
        return;
      }
      case 'IR': {
        const degrees = Number(body);
        if ([0, 90, 180, 270].includes(degrees) && body.length > 0) {
          this.emit({ type: 'imageRotation', line, degrees });
        } else this.warn('invalid-value', line, `bad image rotation '${block}' ignored`);
        return;
      }
      case 'OF':
      case 'IO':
      case 'SF': {
        const fallback = command === 'SF' ? 1 : 0;
        const values = letterValues(body);
        const a = values.get('A') ?? fallback;
        const b = values.get('B') ?? fallback;
        if (!Number.isFinite(a) || !Number.isFinite(b)) {
          this.warn('invalid-value', line, `bad values in '${block}' ignored`);
        } else if (command === 'SF') {
          this.emit({ type: 'scaleFactor', line, a, b });
        } else {
          this.emit({ type: 'offset', line, command, a, b });
        }
        return;
      }
      case 'MI': {
        const values = letterValues(body);
        this.emit({
          type: 'mirrorImage',
          line,
          a: (values.get('A') ?? 0) === 1,
          b: (values.get('B') ?? 0) === 1,
        });
        return;
      }
      case 'AS':
        if (body === 'AXBY' || body === 'AYBX') {
          this.emit({ type: 'axisSelect', line, swap: body === 'AYBX' });
        } else this.warn('invalid-value', line, `unknown axis select '${block}' ignored`);
        return;
      case 'IJ':
        this.emit({
          type: 'imageJustify',
          line,
          a: justification(body, 'A'),
          b: justification(body, 'B'),
        });
        return;
      case 'KO':
        this.emit(knockoutNode(body, line));
        return;
      case 'IN':
      case 'LN':
        this.emit({ type: 'name', line, command, name: body });
        return;
      case 'IC':
        // Input code (ASCII/EBCDIC): only ASCII exists in practice.
        return;
      default:
        this.warn('unrecognised-block', line, `unrecognised block '${block.slice(0, 40)}' ignored`);
    }
  }

  private formatCommand(body: string, line: number): void {
    let zero: ZeroSuppression | null = null;
    let notation: 'A' | 'I' | null = null;
    let xPlaces: [number, number] | null = null;
    let yPlaces: [number, number] | null = null;
    let pos = 0;
    const first = body[0];
    if (first === 'L' || first === 'T') {
      zero = first;
      pos++;
    } else if (first === 'D') {
      // Explicit decimal points: coordinates carry their own '.', read whatever is left as leading.
      zero = 'L';
      pos++;
    }
    const next = body[pos];
    if (next === 'A' || next === 'I') {
      notation = next;
      pos++;
    }
    while (pos < body.length) {
      const letter = body[pos];
      const a = body.charCodeAt(pos + 1) - C_0;
      const b = body.charCodeAt(pos + 2) - C_0;
      if ((letter === 'X' || letter === 'Y') && a >= 0 && a <= 9 && b >= 0 && b <= 9) {
        if (letter === 'X') xPlaces = [a, b];
        else yPlaces = [a, b];
        pos += 3;
      } else if (
        (letter === 'N' || letter === 'G' || letter === 'D' || letter === 'M') &&
        a >= 0 &&
        a <= 9
      ) {
        pos += 2;
      } else {
        this.warn('invalid-value', line, `unexpected '${body.slice(pos)}' in format ignored`);
        break;
      }
    }
    if (!xPlaces && !yPlaces) {
      this.warn('invalid-value', line, `format without coordinate digits, so [2,4] is assumed`);
    }
    if (zero === null) {
      this.warn(
        'zero-suppression-missing',
        line,
        'zero suppression missing, so leading zero suppression is assumed',
      );
    } else if (zero === 'T') {
      this.warn('trailing-zero-suppression', line, 'trailing zero suppression is deprecated');
    }
    const x = xPlaces ?? yPlaces ?? [DEFAULT_GERBER_PLACES[0], DEFAULT_GERBER_PLACES[1]];
    const y = yPlaces ?? x;
    const override = this.options.places;
    const node: FormatNode = {
      type: 'format',
      line,
      zero: this.options.zero ?? zero,
      xPlaces: override ? [override[0], override[1]] : x,
      yPlaces: override ? [override[0], override[1]] : y,
    };
    this.format = coordinateFormat(node.zero ?? 'L', node.xPlaces, node.yPlaces);
    this.emit(node);
    if (notation) this.notation(notation, line);
  }

  /** The aperture definition in source[start, end): `D<code><template>[,<params>]`. */
  private apertureDefinition(source: string, start: number, end: number, line: number): void {
    let pos = source.charCodeAt(start) === C_D ? start + 1 : start;
    const codeStart = pos;
    while (pos < end && isDigit(source.charCodeAt(pos))) pos++;
    const code = decimalIn(source, codeStart, pos);
    if (pos === codeStart || code < 10) {
      const shown = source.slice(start, Math.min(end, start + 40));
      this.warn('invalid-value', line, `bad aperture definition 'AD${shown}' ignored`);
      return;
    }
    // Searched within the block only: source may be the whole file.
    let comma = pos;
    while (comma < end && source.charCodeAt(comma) !== C_COMMA) comma++;
    const name = source.slice(pos, comma).trim();
    const params = apertureParams(source, comma < end ? comma + 1 : end, end);
    if (!params) {
      this.warn('invalid-value', line, `bad parameters in aperture D${code} ignored`);
      return;
    }
    const maxParams = maxStandardParams(name);
    if (params.length > maxParams) {
      this.warn('invalid-value', line, `aperture D${code}: extra parameters ignored`);
      params.length = maxParams;
    }
    const template = apertureTemplate(name, params);
    if (typeof template === 'string') {
      this.warn('invalid-value', line, `aperture D${code}: ${template}`);
      return;
    }
    this.emit({ type: 'apertureDefinition', line, code, template });
  }

  private stepRepeat(body: string, line: number): void {
    if (body.length === 0) {
      this.emit({ type: 'stepRepeatEnd', line });
      return;
    }
    const values = letterValues(body);
    const x = values.get('X') ?? 1;
    const y = values.get('Y') ?? 1;
    const i = values.get('I') ?? 0;
    const j = values.get('J') ?? 0;
    if (
      !Number.isInteger(x) ||
      !Number.isInteger(y) ||
      x < 1 ||
      y < 1 ||
      !Number.isFinite(i) ||
      !Number.isFinite(j)
    ) {
      this.warn('invalid-value', line, `bad step and repeat 'SR${body}' ignored`);
      return;
    }
    this.emit({ type: 'stepRepeat', line, x, y, i, j });
  }
}

function isDigit(c: number): boolean {
  return c >= C_0 && c <= C_9;
}

function stripLineBreaks(block: string): string {
  const trimmed = block.trim();
  return trimmed.includes('\n') || trimmed.includes('\r')
    ? trimmed.replace(/[\r\n]+/g, '')
    : trimmed;
}

/** Reads `A1.5B-2` style letter/number pairs. */
function letterValues(body: string): Map<string, number> {
  const values = new Map<string, number>();
  const pattern = /([A-Z])([+-]?[0-9.]*)/g;
  for (const match of body.matchAll(pattern)) {
    const text = match[2] as string;
    values.set(match[1] as string, text.length === 0 ? Number.NaN : Number(text));
  }
  return values;
}

/** What scanDecimal read last: one object for every number, so reading allocates nothing. */
const scannedDecimal = { negative: false, whole: 0, digits: 0, fraction: -1 };

/**
 * Reads a sign, digits and one decimal point from text[start, end) into scannedDecimal: `whole`
 * holds the first `maxDigits` digits as an integer, `fraction` how many of them follow the point
 * (-1 without one). Returns where the number ends.
 */
function scanDecimal(text: string, start: number, end: number, maxDigits: number): number {
  let pos = start;
  let c = text.charCodeAt(pos);
  const negative = c === C_MINUS;
  if (negative || c === C_PLUS) pos++;
  let whole = 0;
  let digits = 0;
  let fraction = -1;
  for (; pos < end; pos++) {
    c = text.charCodeAt(pos);
    if (c >= C_0 && c <= C_9) {
      if (digits < maxDigits) {
        whole = whole * 10 + (c - C_0);
        digits++;
        if (fraction >= 0) fraction++;
      }
    } else if (c === C_DOT && fraction < 0) {
      fraction = 0;
    } else break;
  }
  scannedDecimal.negative = negative;
  scannedDecimal.whole = whole;
  scannedDecimal.digits = digits;
  scannedDecimal.fraction = fraction;
  return pos;
}

/**
 * The value of what scanDecimal read last, as Number() reads the same text: the same double,
 * since up to 15 digits and the power of ten are exact and one division rounds correctly. NaN
 * without digits or with more than 15 (Number() must read those).
 */
function scannedValue(): number {
  const { negative, whole, digits, fraction } = scannedDecimal;
  if (digits === 0 || digits > 15) return Number.NaN;
  const value = fraction > 0 ? whole / pow10(fraction) : whole;
  return negative ? -value : value;
}

/**
 * The number in text[start, end): plain decimals (`-1.25`, `.5`, `3.`) are read from the
 * character codes, anything else as Number() reads it.
 */
function decimalIn(text: string, start: number, end: number): number {
  const stop = scanDecimal(text, start, end, 16);
  const value = stop < end ? Number.NaN : scannedValue();
  return Number.isNaN(value) ? Number(text.slice(start, end)) : value;
}

function isParamSeparator(c: number): boolean {
  return c === C_X || c === C_LOWER_X;
}

/**
 * The X-separated numbers of an aperture definition in source[start, end); null if one is bad.
 * Each field is read as decimalIn reads it, in one pass where it is a plain decimal.
 */
function apertureParams(source: string, start: number, end: number): number[] | null {
  const params: number[] = [];
  if (start >= end) return params;
  let fieldStart = start;
  for (;;) {
    const stop = scanDecimal(source, fieldStart, end, 16);
    const fieldRead = stop === end || isParamSeparator(source.charCodeAt(stop));
    let value = fieldRead ? scannedValue() : Number.NaN;
    // A sign at the very end takes scanDecimal one character past it.
    let fieldEnd = Math.min(stop, end);
    if (Number.isNaN(value)) {
      while (fieldEnd < end && !isParamSeparator(source.charCodeAt(fieldEnd))) fieldEnd++;
      value = Number(source.slice(fieldStart, fieldEnd));
      if (!Number.isFinite(value)) return null;
    }
    params.push(value);
    if (fieldEnd >= end) return params;
    fieldStart = fieldEnd + 1;
  }
}

/** Parameters a template takes, hole included: standard ones have a limit, macros none. */
function maxStandardParams(name: string): number {
  switch (name) {
    case 'C':
      return 3;
    case 'R':
    case 'O':
      return 4;
    case 'P':
      return 5;
    default:
      return Number.POSITIVE_INFINITY;
  }
}

function hole(params: number[], from: number): ApertureHole | null | string {
  const count = params.length - from;
  if (count <= 0) return null;
  const [a, b] = [params[from] as number, params[from + 1]];
  if (count === 1) return { type: 'circle', diameter: a };
  if (count === 2) return { type: 'rectangle', width: a, height: b as number };
  return 'too many parameters';
}

/** Builds a standard template (C, R, O, P) or a macro reference; a string explains a bad one. */
function apertureTemplate(name: string, params: number[]): ApertureTemplate | string {
  if (name.length === 1 && 'CROP'.includes(name) && params.some((value) => value < 0)) {
    if (name !== 'P' || params[2] === undefined || params.slice(0, 2).some((v) => v < 0)) {
      return 'negative size ignored';
    }
  }
  switch (name) {
    case 'C': {
      if (params.length < 1) return 'circle without a diameter ignored';
      const h = hole(params, 1);
      if (typeof h === 'string') return `circle: ${h}`;
      return { type: 'circle', diameter: params[0] as number, hole: h };
    }
    case 'R':
    case 'O': {
      if (params.length < 2)
        return `${name === 'R' ? 'rectangle' : 'obround'} without a size ignored`;
      const h = hole(params, 2);
      if (typeof h === 'string') return `${name}: ${h}`;
      return {
        type: name === 'R' ? 'rectangle' : 'obround',
        width: params[0] as number,
        height: params[1] as number,
        hole: h,
      };
    }
    case 'P': {
      const vertices = params[1];
      if (params.length < 2 || vertices === undefined || !Number.isInteger(vertices)) {
        return 'polygon without a diameter and vertex count ignored';
      }
      if (vertices < 3 || vertices > 12) return `polygon with ${vertices} vertices ignored`;
      const h = hole(params, 3);
      if (typeof h === 'string') return `polygon: ${h}`;
      return {
        type: 'polygon',
        diameter: params[0] as number,
        vertices,
        rotation: params[2] ?? 0,
        hole: h,
      };
    }
    default:
      if (name.length === 0) return 'template missing';
      return { type: 'macro', name, params };
  }
}

/**
 * Whether text[start, end) is an AD command as stripLineBreaks would leave it: no line break
 * inside and no white space at either end.
 */
function isPlainApertureDefinition(text: string, start: number, end: number): boolean {
  if (text.charCodeAt(start) !== C_A || text.charCodeAt(start + 1) !== C_D) return false;
  if (end <= start + 2 || isTrimmed(text.charCodeAt(end - 1))) return false;
  for (let pos = start + 2; pos < end; pos++) {
    const c = text.charCodeAt(pos);
    if (c === C_LF || c === C_CR) return false;
  }
  return true;
}

/** Whether an attribute command (TF, TA, TO, TD) starts at `pos`. */
function isAttributeAt(text: string, pos: number): boolean {
  if (text.charCodeAt(pos) !== C_T) return false;
  const kind = text.charCodeAt(pos + 1);
  return kind === C_F || kind === C_A || kind === C_O || kind === C_D;
}

/** TF/TA/TO/TD attributes: `.FileFunction,Copper,L1,Top`. */
function attributeNode(block: string, line: number): AttributeNode | null {
  const command = block.slice(0, 2);
  const kind =
    command === 'TF'
      ? 'file'
      : command === 'TA'
        ? 'aperture'
        : command === 'TO'
          ? 'object'
          : command === 'TD'
            ? 'delete'
            : null;
  if (!kind) return null;
  let body = block.slice(2);
  if (body.endsWith('%')) body = body.slice(0, -1);
  if (body.endsWith('*')) body = body.slice(0, -1);
  const fields = body.split(',');
  return { type: 'attribute', line, kind, name: fields[0] ?? '', values: fields.slice(1) };
}

/** One axis of IJ; an axis the command leaves out is justified to its lower end. */
function justification(body: string, axis: 'A' | 'B'): Justification {
  const start = body.indexOf(axis);
  if (start < 0) return { type: 'lower' };
  const rest = body.slice(start + 1);
  if (rest.startsWith('L')) return { type: 'lower' };
  if (rest.startsWith('C')) return { type: 'centre' };
  const match = /^[+-]?[0-9.]+/.exec(rest);
  return match ? { type: 'offset', value: Number(match[0]) } : { type: 'lower' };
}

function knockoutNode(body: string, line: number): KnockoutNode {
  const first = body[0];
  const polarity = first === 'C' ? 'clear' : first === 'D' ? 'dark' : null;
  const values = letterValues(polarity ? body.slice(1) : body);
  const x = values.get('X');
  const y = values.get('Y');
  const width = values.get('I');
  const height = values.get('J');
  const box =
    x !== undefined && y !== undefined && width !== undefined && height !== undefined
      ? { x, y, width, height }
      : null;
  return { type: 'knockout', line, polarity, box, border: values.get('K') ?? null };
}
