// Gerber RS-274X parser: one pass over the character codes of the text, producing syntax nodes.
// Data blocks (the bulk of a file: coordinates and D codes) are read here without building
// substrings; extended commands (%...%) are rare and read from small slices. This file keeps the
// scanning position and line; each command family is read in a file of its own, through the
// CommandReader this parser is: g-codes.ts, format-command.ts, aperture-definition.ts,
// aperture-macro.ts, attributes.ts, image-parameters.ts and extended-commands.ts for the rest.

import { DEFAULT_GERBER_PLACES, LIMITS } from '../constants.ts';
import type { Units } from '../image/types.ts';
import { type Notation, type ParseOptions, validateOptions } from '../options.ts';
import {
  addWarning,
  type Warning,
  type WarningCode,
  warning,
  warningsLeftOut,
} from '../warnings.ts';
import { apertureDefinition, isPlainApertureDefinition } from './aperture-definition.ts';
import { macroBlock } from './aperture-macro.ts';
import { attributeNode, isAttributeAt } from './attributes.ts';
import type { CommandReader } from './command-reader.ts';
import { type CoordinateFormat, coordinateFormat } from './coordinate-format.ts';
import { extendedCommand } from './extended-commands.ts';
import { gCode } from './g-codes.ts';
import { type GerberNodeSink, operationNode } from './node-sink.ts';
import { pow10, scanDecimal, scannedDecimal } from './read-number.ts';
import type { GerberNode, GerberTree, MacroBlock, OperationCode } from './syntax.ts';

// The sink of parseGerberNodes and its coordinates are part of the public API.
export {
  COORDINATE_I,
  COORDINATE_J,
  COORDINATE_X,
  COORDINATE_Y,
  type GerberNodeSink,
  operationNode,
} from './node-sink.ts';

// The character codes of the scanning loop, as constants of this module rather than imported
// from char-codes.ts: V8 folds a module's own constants into the optimised loop, while an
// imported binding is loaded and checked at each use, which cost the loop over every character
// about a tenth of its time.
const C_0 = 48;
const C_9 = 57;
const C_CR = 13;
const C_D = 68;
const C_DOT = 46;
const C_G = 71;
const C_I = 73;
const C_J = 74;
const C_LF = 10;
const C_M = 77;
const C_MINUS = 45;
const C_N = 78;
const C_PERCENT = 37;
const C_PLUS = 43;
const C_SPACE = 32;
const C_STAR = 42;
const C_TAB = 9;
const C_X = 88;
const C_Y = 89;

// The slots of X, Y, I and J in the coordinates handed to the sink, for the same reason local:
// the same values as the public COORDINATE_* of node-sink.ts (the tests that plot while parsing
// and from a tree, which read them through operationNode, hold the two equal).
const COORDINATE_X = 0;
const COORDINATE_Y = 1;
const COORDINATE_I = 2;
const COORDINATE_J = 3;

const MAX_DIGITS = LIMITS.maxNumberDigits;
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

class GerberParser implements CommandReader {
  readonly warnings: Warning[] = [];
  private readonly sink: GerberNodeSink;
  /** The X, Y, I and J of the data block being read (see GerberNodeSink.operation). */
  private readonly coordinates = new Float64Array(4);
  private readonly text: string;
  readonly options: ParseOptions;
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

  emit(node: GerberNode): void {
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

  warn(code: WarningCode, line: number, message: string): void {
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
        if (!gCode(this, code, line)) this.unrecognised(line, blockStart);
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

  units(units: Units, line: number): void {
    this.emit({ type: 'units', line, units: this.options.units ?? units });
  }

  notation(notation: Notation, line: number): void {
    this.emit({ type: 'notation', line, notation: this.options.notation ?? notation });
  }

  setFormat(format: CoordinateFormat): void {
    this.format = format;
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
        apertureDefinition(this, text, blockStart + 2, blockEnd, line);
        continue;
      }
      const block = stripLineBreaks(text.slice(blockStart, blockEnd));
      if (block.length === 0) continue;
      if (macro) {
        macroBlock(this, block, line, macro.blocks);
      } else if (block.startsWith('AM')) {
        macro = { name: block.slice(2).trim(), line, blocks: [] };
        if (macro.name.length === 0) {
          this.warn('invalid-value', line, 'aperture macro without a name ignored');
          macro = null;
        }
      } else {
        extendedCommand(this, block, line);
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
}

function stripLineBreaks(block: string): string {
  const trimmed = block.trim();
  return trimmed.includes('\n') || trimmed.includes('\r')
    ? trimmed.replace(/[\r\n]+/g, '')
    : trimmed;
}
