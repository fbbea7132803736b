// Excellon drill parser: one pass over the lines, producing syntax nodes. Many drill files do not
// state their coordinate format, so coordinates written without a decimal point are held back
// (at most DRILL_STASH_LIMIT lines) until a declaration, a comment hint or the digits themselves
// settle the zero suppression; then they are converted in place.

import {
  BACKUP_NOTATION,
  BACKUP_UNITS,
  DEFAULT_DRILL_PLACES_INCH,
  DEFAULT_DRILL_PLACES_METRIC,
  DRILL_STASH_LIMIT,
  LIMITS,
  MM_PER_INCH,
} from '../constants.ts';
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
import { readCommentHint } from './comment-hints.ts';
import { type FixedDigits, fixedValue, zeroEvidence } from './coordinate-format.ts';
import type {
  DrillCoordinateNode,
  DrillFormatNode,
  DrillFormatSource,
  DrillNode,
  DrillPatternNode,
  DrillRepeatNode,
  DrillSlotNode,
  DrillTree,
  DrillUnitsNode,
  DrillZeroSetNode,
} from './syntax.ts';

const C_LF = 10;
const C_CR = 13;
const C_PLUS = 43;
const C_MINUS = 45;
const C_DOT = 46;
const C_0 = 48;
const C_9 = 57;
const C_A = 65;
const C_Z = 90;

/** Header and machine commands that change nothing in the image. */
const IGNORED_COMMAND = /^(?:FMAT|VER|DETECT|ATC|AFS|BLKD|SBK|TCST|OSTOP|RUT|CP|PCR|NCSL|LZ|TZ)\b/;
/** Feed and spindle speed words on their own (one character class, so no backtracking). */
const FEED_AND_SPEED = /^(?:[FS][+-]?[\d.]*)+$/;

/** M codes that only concern the machine (stops, vision, messages). */
const MACHINE_M_CODES = new Set([6, 9, 18, 45, 47, 50, 51, 52, 60, 61, 62, 63]);

/** A number read from the text: a decimal value, or digits that need the coordinate format. */
type NumberWord = { type: 'decimal'; value: number } | ({ type: 'fixed' } & FixedDigits);

interface Pending {
  number: FixedDigits;
  line: number;
  set: (value: number) => void;
}

type CoordinateLetter = 'x' | 'y' | 'i' | 'j' | 'radius';

/** Parses Excellon text into a syntax tree. Never throws on file content: problems become warnings. */
export function parseDrill(text: string, options?: ParseOptions): DrillTree {
  const parser = new DrillParser(text, validateOptions(options));
  parser.run();
  return { type: 'drill', nodes: parser.nodes, warnings: parser.warnings };
}

class DrillParser {
  readonly nodes: DrillNode[] = [];
  readonly warnings: Warning[] = [];
  private readonly text: string;
  private readonly options: ParseOptions;
  private droppedWarnings = 0;
  private line = 1;
  /** The line being read and the read position in it. */
  private block = '';
  private pos = 0;
  private inHeader = false;
  /** The code that ended the program (M30 or M00), once read. */
  private ended: string | null = null;

  private units: Units | null = null;
  private unitsHint: Units | null = null;
  /**
   * Units taken from a hint or the backup before the file stated any. While only tool sizes
   * have been read in them, units the file states later replace them (gerbv does the same for
   * headers that define tools before M71).
   */
  private assumedUnits: {
    node: DrillUnitsNode;
    warning: Warning | null;
    converted: boolean;
  } | null = null;
  private coordinatesSeen = false;
  private notationSet = false;
  private notationHint: Notation | null = null;
  private fileZero: ZeroSuppression | null = null;
  private detectedZero: ZeroSuppression | null = null;
  private assumedZero: ZeroSuppression | null = null;
  private filePlaces: [number, number] | null = null;
  /** The file says its coordinates are decimal (KiCad), so bare digits are whole numbers. */
  private decimalFormat = false;
  /** Plating an X2 comment gives the next tool definition. */
  private nextToolPlated: boolean | null = null;

  private pending: Pending[] = [];
  private pendingLines = 0;
  private lastPendingLine = 0;
  private pendingFormat: DrillFormatNode | null = null;
  /** The format of the last format node: coordinates in it need no new node. */
  private lastFormat: { zero: ZeroSuppression; places: [number, number] } | null = null;
  private readonly placesWarned = new Set<Units>();

  constructor(text: string, options: ParseOptions) {
    this.text = text;
    this.options = options;
  }

  run(): void {
    if (this.options.units) this.setUnits(this.options.units, 1);
    if (this.options.notation) this.setNotation(this.options.notation, 1);
    const { text } = this;
    const length = text.length;
    let start = 0;
    while (start < length && !this.ended) {
      let end = start;
      let c = 0;
      while (end < length) {
        c = text.charCodeAt(end);
        if (c === C_LF || c === C_CR) break;
        end++;
      }
      const block = text.slice(start, end).trim();
      if (block !== '') this.readBlock(block);
      // CR LF, a lone CR and a lone LF each end one line.
      start = end + (c === C_CR && text.charCodeAt(end + 1) === C_LF ? 2 : 1);
      this.line++;
    }
    if (this.ended) this.warnAfterEnd(start);
    this.resolvePending('assumed');
    if (this.droppedWarnings > 0) {
      this.warnings.push(warningsLeftOut(this.droppedWarnings, this.line));
    }
  }

  private warn(code: WarningCode, line: number, message: string): void {
    if (!addWarning(this.warnings, warning(code, line, message))) this.droppedWarnings++;
  }

  private warnAfterEnd(from: number): void {
    const { text } = this;
    let line = this.line;
    for (let pos = from; pos < text.length; pos++) {
      const c = text.charCodeAt(pos);
      if (c === C_LF || (c === C_CR && text.charCodeAt(pos + 1) !== C_LF)) line++;
      else if (c > 32) {
        this.warn(
          'after-end',
          line,
          `commands after the end of the program (${this.ended}) ignored`,
        );
        return;
      }
    }
  }

  private unrecognised(): void {
    this.warn(
      'unrecognised-block',
      this.line,
      `unrecognised block '${this.block.slice(0, 40)}' ignored`,
    );
  }

  // ---- blocks ------------------------------------------------------------------------------

  private readBlock(block: string): void {
    this.block = block;
    this.pos = 0;
    this.readCommand();
  }

  /** Reads the command at pos, which runs to the end of the block. */
  private readCommand(): void {
    const { block } = this;
    this.skipPrefixes();
    if (this.pos >= block.length) return;
    const rest = this.pos === 0 ? block : block.slice(this.pos);
    const c = rest.charCodeAt(0);
    switch (c) {
      case 59: // ;
        this.comment(rest);
        return;
      case 37: // %
        this.inHeader = false;
        return;
      case 77: // M
        if (rest.startsWith('METRIC')) this.unitsCommand('mm', rest.slice(6));
        else this.mCode();
        return;
      case 73: // I
        if (rest.startsWith('INCH')) this.unitsCommand('in', rest.slice(4));
        else if (rest.startsWith('ICI'))
          this.setNotation(/^ICI,\s*ON/.test(rest) ? 'I' : 'A', this.line);
        else this.unrecognised();
        return;
      case 84: // T
        this.tool();
        return;
      case 82: // R
        if (isDigit(rest.charCodeAt(1))) this.repeat();
        // R,T and the like reset machine tables.
        else if (rest.charCodeAt(1) !== 44 && !IGNORED_COMMAND.test(rest)) this.unrecognised();
        return;
      case 88: // X
      case 89: // Y
      case 71: // G
        this.motion();
        return;
      default:
        if (IGNORED_COMMAND.test(rest) || FEED_AND_SPEED.test(rest)) return;
        this.unrecognised();
    }
  }

  /** Sequence numbers (Nnn) and the block-delete mark (/) before a command change nothing. */
  private skipPrefixes(): void {
    const { block } = this;
    for (;;) {
      const c = block.charCodeAt(this.pos);
      if (c === 78 && isDigit(block.charCodeAt(this.pos + 1))) {
        this.pos++;
        this.readUnsigned();
      } else if (c === 47 || c === 32 || c === 9) {
        this.pos++;
      } else return;
    }
  }

  private comment(block: string): void {
    const line = this.line;
    this.nodes.push({ type: 'comment', line, text: block.slice(1).trim() });
    const hint = readCommentHint(block);
    if (!hint) return;
    switch (hint.type) {
      case 'format':
        if (hint.places) this.filePlaces = hint.places;
        if (hint.units) this.unitsHint = hint.units;
        if (hint.notation) this.notationHint = hint.notation;
        if (hint.zero) this.setFileZero(hint.zero, line);
        if (hint.decimal) this.decimalFormat = true;
        return;
      case 'tool': {
        const units = this.ensureUnits(line);
        // Sizes with their own unit no longer follow a later change of the assumed units.
        if (this.assumedUnits) this.assumedUnits.converted = true;
        const scale = hint.units === units ? 1 : units === 'mm' ? MM_PER_INCH : 1 / MM_PER_INCH;
        this.defineTool(hint.code, hint.diameter * scale, hint.plated, line);
        return;
      }
      case 'plating':
        if (hint.scope === 'nextTool') this.nextToolPlated = hint.plated;
        else this.nodes.push({ type: 'plating', line, scope: hint.scope, plated: hint.plated });
        return;
    }
  }

  /** INCH or METRIC, with optional LZ/TZ and a zero pattern such as 000.000. */
  private unitsCommand(units: Units, parameters: string): void {
    const line = this.line;
    this.setUnits(units, line);
    for (const raw of parameters.split(',')) {
      const token = raw.trim();
      if (token === '') continue;
      if (token === 'LZ') this.setFileZero('T', line);
      else if (token === 'TZ') this.setFileZero('L', line);
      else if (/^0*\.0*$/.test(token) && token.length > 1) {
        const dot = token.indexOf('.');
        this.filePlaces = [Math.min(dot, 9), Math.min(token.length - dot - 1, 9)];
      } else
        this.warn('invalid-value', line, `unknown units parameter '${token.slice(0, 20)}' ignored`);
    }
  }

  private mCode(): void {
    const line = this.line;
    this.pos++;
    const code = this.readUnsigned();
    switch (code) {
      case 48:
        this.inHeader = true;
        return;
      case 95:
        this.inHeader = false;
        return;
      case 0:
      case 30:
        this.nodes.push({ type: 'end', line });
        this.ended = code === 0 ? 'M00' : 'M30';
        return;
      case 71:
      case 72:
        this.setUnits(code === 71 ? 'mm' : 'in', line);
        return;
      case 15:
      case 16:
      case 17:
        this.nodes.push({ type: 'routTool', line, down: code === 15 });
        return;
      case 25:
      case 1:
      case 8:
        this.nodes.push({
          type: 'pattern',
          line,
          command: code === 25 ? 'begin' : code === 1 ? 'end' : 'finish',
          x: undefined,
          y: undefined,
        });
        return;
      case 2:
        this.patternRepeat();
        return;
      default:
        if (MACHINE_M_CODES.has(code)) return;
        this.unrecognised();
    }
  }

  /** M02X..Y..: the recorded pattern again, moved by (x, y). */
  private patternRepeat(): void {
    const line = this.line;
    const words = this.readCoordinates();
    // Without an offset, or with the mirroring variants (M02XYM70, M80, M90): not supported.
    if (!onlyXY(words) || words.size === 0 || this.pos < this.block.length) {
      this.unrecognised();
      return;
    }
    const node: DrillPatternNode = {
      type: 'pattern',
      line,
      command: 'repeat',
      x: undefined,
      y: undefined,
    };
    this.emit(node, [
      [words.get('x'), (x) => (node.x = x)],
      [words.get('y'), (y) => (node.y = y)],
    ]);
  }

  /** Tn with optional parameters (C diameter, F feed, S speed...), maybe followed by a move. */
  private tool(): void {
    const { block } = this;
    const line = this.line;
    this.pos++;
    if (this.pos >= block.length || !isDigit(block.charCodeAt(this.pos))) {
      if (!IGNORED_COMMAND.test(block.slice(this.pos - 1))) this.unrecognised();
      return;
    }
    const start = this.pos;
    const code = this.readUnsigned();
    if (this.pos - start > 9) {
      this.warn(
        'invalid-value',
        line,
        `tool number '${block.slice(start, start + 12)}' too long; ignored`,
      );
      return;
    }
    let diameter: number | null = null;
    while (this.pos < block.length) {
      const letter = block.charCodeAt(this.pos);
      if (letter === 32 || letter === 9) {
        this.pos++;
        continue;
      }
      if (letter === 88 || letter === 89 || letter === 71) break; // X, Y, G: a move follows
      if (letter < C_A || letter > C_Z) {
        this.unrecognised();
        return;
      }
      this.pos++;
      const value = this.readNumber();
      if (value === null) {
        this.unrecognised();
        return;
      }
      if (letter === 67) {
        // C
        diameter = value.type === 'decimal' ? value.value : Number(value.digits) * sign(value);
      }
    }
    if (diameter !== null) {
      this.ensureUnits(line);
      this.defineTool(code, diameter, this.nextToolPlated, line);
      this.nextToolPlated = null;
      // A definition in the body (files without a header) also selects the tool.
      if (!this.inHeader) this.nodes.push({ type: 'toolChange', line, code });
    } else {
      this.nodes.push({ type: 'toolChange', line, code });
    }
    if (this.pos < block.length) this.motion();
  }

  private defineTool(code: number, diameter: number, plated: boolean | null, line: number): void {
    if (!Number.isFinite(diameter) || diameter <= 0 || diameter > this.maxLength()) {
      this.warn('invalid-value', line, `tool T${code} has an invalid diameter; definition ignored`);
      return;
    }
    this.nodes.push({ type: 'toolDefinition', line, code, diameter, plated });
  }

  /** Rnn[X..][Y..]: repeat the last hole. */
  private repeat(): void {
    const line = this.line;
    this.pos++;
    const start = this.pos;
    const count = this.readUnsigned();
    if (count < 0 || this.pos - start > 9) {
      this.unrecognised();
      return;
    }
    const words = this.readCoordinates();
    if (!onlyXY(words) || this.pos < this.block.length) {
      this.unrecognised();
      return;
    }
    const node: DrillRepeatNode = { type: 'repeat', line, count, dx: 0, dy: 0 };
    this.emit(node, [
      [words.get('x'), (dx) => (node.dx = dx)],
      [words.get('y'), (dy) => (node.dy = dy)],
    ]);
  }

  /** G codes and coordinates: holes, rout moves, G85 slots, G93 zero set. */
  private motion(): void {
    const { block } = this;
    const line = this.line;
    let zeroSet = false;
    let slotStart: Map<CoordinateLetter, NumberWord> | null = null;
    let words = new Map<CoordinateLetter, NumberWord>();
    while (this.pos < block.length) {
      const letter = block.charCodeAt(this.pos);
      if (letter === 71) {
        // G
        this.pos++;
        const code = this.readUnsigned();
        if (code === 85) {
          slotStart = words;
          words = new Map();
        } else if (code === 93) {
          zeroSet = true;
        } else if (!this.gCode(code, line)) {
          return;
        }
        continue;
      }
      const read = this.readCoordinates();
      if (read === null) {
        this.unrecognised();
        return;
      }
      for (const [key, value] of read) words.set(key, value);
      if (this.pos < block.length && block.charCodeAt(this.pos) !== 71) {
        this.unrecognised();
        return;
      }
    }
    if (zeroSet) {
      this.zeroSet(words, line);
    } else if (slotStart) {
      this.slot(slotStart, words, line);
    } else if (words.size > 0) {
      this.coordinate(words, line);
    }
  }

  /** Handles a G code; false (with a warning) when it is not supported. */
  private gCode(code: number, line: number): boolean {
    switch (code) {
      case 0:
        this.nodes.push({ type: 'mode', line, mode: 'move' });
        return true;
      case 1:
        this.nodes.push({ type: 'mode', line, mode: 'linear' });
        return true;
      case 2:
        this.nodes.push({ type: 'mode', line, mode: 'clockwise' });
        return true;
      case 3:
        this.nodes.push({ type: 'mode', line, mode: 'counterclockwise' });
        return true;
      case 5:
      case 81:
        this.nodes.push({ type: 'mode', line, mode: 'drill' });
        return true;
      case 90:
      case 91:
        this.setNotation(code === 90 ? 'A' : 'I', line);
        return true;
      case 40:
      case 41:
      case 42:
        // Cutter compensation: the rout path is drawn as programmed.
        return true;
      default:
        this.unrecognised();
        return false;
    }
  }

  private coordinate(words: Map<CoordinateLetter, NumberWord>, line: number): void {
    const node: DrillCoordinateNode = {
      type: 'coordinate',
      line,
      x: undefined,
      y: undefined,
      i: undefined,
      j: undefined,
      radius: undefined,
    };
    this.emit(
      node,
      [...words].map(([key, word]) => [word, (value: number) => (node[key] = value)]),
    );
  }

  private slot(
    start: Map<CoordinateLetter, NumberWord>,
    end: Map<CoordinateLetter, NumberWord>,
    line: number,
  ): void {
    if (end.size === 0 || !onlyXY(start) || !onlyXY(end)) {
      this.unrecognised();
      return;
    }
    const node: DrillSlotNode = {
      type: 'slot',
      line,
      x1: undefined,
      y1: undefined,
      x2: undefined,
      y2: undefined,
    };
    this.emit(node, [
      [start.get('x'), (x) => (node.x1 = x)],
      [start.get('y'), (y) => (node.y1 = y)],
      [end.get('x'), (x) => (node.x2 = x)],
      [end.get('y'), (y) => (node.y2 = y)],
    ]);
  }

  private zeroSet(words: Map<CoordinateLetter, NumberWord>, line: number): void {
    const node: DrillZeroSetNode = { type: 'zeroSet', line, x: 0, y: 0 };
    this.emit(node, [
      [words.get('x'), (x) => (node.x = x)],
      [words.get('y'), (y) => (node.y = y)],
    ]);
  }

  // ---- words -------------------------------------------------------------------------------

  /**
   * Reads X, Y, I, J and A (arc radius) words, skipping feed and speed words, up to the end of
   * the block or the next G code. Null when something else is in the way.
   */
  private readCoordinates(): Map<CoordinateLetter, NumberWord> | null {
    const { block } = this;
    const words = new Map<CoordinateLetter, NumberWord>();
    while (this.pos < block.length) {
      const letter = block.charCodeAt(this.pos);
      if (letter === 32 || letter === 9) {
        this.pos++;
        continue;
      }
      const key = coordinateKey(letter);
      if (key === null && letter !== 70 && letter !== 83) break; // F and S are skipped
      this.pos++;
      const value = this.readNumber();
      if (value === null) return null;
      if (key) words.set(key, value);
    }
    return words;
  }

  /** Reads a signed number at pos; null without digits or with too many of them. */
  private readNumber(): NumberWord | null {
    const { block } = this;
    let pos = this.pos;
    let negative = false;
    let c = block.charCodeAt(pos);
    if (c === C_PLUS || c === C_MINUS) {
      negative = c === C_MINUS;
      pos++;
    }
    const start = pos;
    let digits = 0;
    let dot = -1;
    while (pos < block.length) {
      c = block.charCodeAt(pos);
      if (isDigit(c)) digits++;
      else if (c === C_DOT && dot < 0) dot = pos;
      else break;
      pos++;
    }
    this.pos = pos;
    if (digits === 0 || digits > LIMITS.maxNumberDigits) return null;
    if (dot >= 0) {
      const value = Number(block.slice(start, pos));
      return { type: 'decimal', value: negative ? -value : value };
    }
    return { type: 'fixed', negative, digits: block.slice(start, pos) };
  }

  /** Reads an unsigned integer at pos (a G, M, T or R number); -1 without digits or with more than 9. */
  private readUnsigned(): number {
    const { block } = this;
    let pos = this.pos;
    let value = 0;
    while (pos < block.length) {
      const c = block.charCodeAt(pos);
      if (!isDigit(c)) break;
      if (pos - this.pos < 9) value = value * 10 + (c - C_0);
      pos++;
    }
    const read = pos - this.pos;
    this.pos = pos;
    return read === 0 || read > 9 ? -1 : value;
  }

  // ---- units, notation and coordinate format ---------------------------------------------------

  private setUnits(units: Units, line: number): void {
    const chosen = this.options.units ?? units;
    const assumed = this.assumedUnits;
    this.assumedUnits = null;
    if (assumed && !assumed.converted && !this.coordinatesSeen) {
      assumed.node.units = chosen;
      const index = assumed.warning ? this.warnings.indexOf(assumed.warning) : -1;
      if (index >= 0) this.warnings.splice(index, 1);
      this.units = chosen;
      return;
    }
    if (chosen === this.units) return;
    this.units = chosen;
    this.nodes.push({ type: 'units', line, units: chosen });
  }

  private setNotation(notation: Notation, line: number): void {
    this.notationSet = true;
    this.nodes.push({ type: 'notation', line, notation: this.options.notation ?? notation });
  }

  /** The units in effect, settling on a comment hint or the backup units when none were set. */
  private ensureUnits(line: number): Units {
    if (this.units) return this.units;
    const units = this.unitsHint ?? BACKUP_UNITS;
    const count = this.warnings.length;
    if (!this.unitsHint) {
      this.warn('units-missing', line, `units not set, so the backup units (${units}) are used`);
    }
    const node: DrillUnitsNode = { type: 'units', line, units };
    this.nodes.push(node);
    this.units = units;
    this.assumedUnits = {
      node,
      warning: this.warnings.length > count ? (this.warnings[count] as Warning) : null,
      converted: false,
    };
    return units;
  }

  /** Units and notation must be settled before the first coordinate node. */
  private prepareCoordinates(line: number): void {
    this.ensureUnits(line);
    this.coordinatesSeen = true;
    if (this.notationSet) return;
    const notation = this.notationHint ?? BACKUP_NOTATION;
    if (!this.notationHint) {
      this.warn(
        'notation-missing',
        line,
        'notation not set, so the backup notation (absolute) is used',
      );
    }
    this.setNotation(notation, line);
  }

  private setFileZero(zero: ZeroSuppression, line: number): void {
    if (zero === 'T' && this.fileZero !== 'T' && !this.options.zero) {
      this.warn('trailing-zero-suppression', line, 'trailing zero suppression is deprecated');
    }
    this.fileZero = zero;
    this.resolvePending('file');
  }

  private zero(): { zero: ZeroSuppression; source: DrillFormatSource } | null {
    if (this.options.zero) return { zero: this.options.zero, source: 'options' };
    if (this.fileZero) return { zero: this.fileZero, source: 'file' };
    if (this.detectedZero) return { zero: this.detectedZero, source: 'detected' };
    if (this.assumedZero) return { zero: this.assumedZero, source: 'assumed' };
    return null;
  }

  private places(line: number): { places: [number, number]; source: DrillFormatSource } {
    const { options } = this;
    if (options.places)
      return { places: [options.places[0], options.places[1]], source: 'options' };
    if (this.filePlaces) return { places: this.filePlaces, source: 'file' };
    const units = this.units ?? BACKUP_UNITS;
    const places = units === 'mm' ? DEFAULT_DRILL_PLACES_METRIC : DEFAULT_DRILL_PLACES_INCH;
    if (!this.placesWarned.has(units)) {
      this.placesWarned.add(units);
      this.warn(
        'places-missing',
        line,
        `places missing, so [${places.join(',')}] is assumed for ${units === 'mm' ? 'metric' : 'inch'} drill files`,
      );
    }
    return { places: [places[0], places[1]], source: 'assumed' };
  }

  /**
   * Adds a node holding coordinates: units and notation are settled first, then each number is
   * set (or held back until the format is known).
   */
  private emit(
    node: DrillNode,
    numbers: [NumberWord | undefined, (value: number) => void][],
  ): void {
    this.prepareCoordinates(node.line);
    for (const [word, set] of numbers) if (word) this.assign(word, node.line, set);
    this.nodes.push(node);
  }

  /** Sets a number into its node now, or holds it back until the zero suppression is known. */
  private assign(word: NumberWord, line: number, set: (value: number) => void): void {
    if (word.type === 'decimal') {
      set(word.value);
      return;
    }
    if (this.decimalFormat && !this.options.zero && !this.options.places) {
      set(Number(word.digits) * sign(word));
      return;
    }
    const zero = this.zero();
    if (zero) {
      set(fixedValue(word, zero.zero, this.useFormat(zero.zero, zero.source, line)));
      return;
    }
    if (!this.pendingFormat) {
      const node: DrillFormatNode = {
        type: 'format',
        line,
        zero: 'L',
        places: [0, 0],
        zeroSource: 'assumed',
        placesSource: 'assumed',
      };
      this.nodes.push(node);
      this.pendingFormat = node;
    }
    this.pending.push({ number: word, line, set });
    if (this.lastPendingLine !== line) {
      this.lastPendingLine = line;
      this.pendingLines++;
    }
    const evidence = zeroEvidence(word);
    if (evidence) {
      this.detectedZero = evidence;
      this.resolvePending('detected');
    } else if (this.pendingLines >= DRILL_STASH_LIMIT) {
      this.resolvePending('assumed');
    }
  }

  /** The places for a coordinate on `line`, with a format node whenever the format changes. */
  private useFormat(
    zero: ZeroSuppression,
    zeroSource: DrillFormatSource,
    line: number,
  ): [number, number] {
    const { places, source } = this.places(line);
    const last = this.lastFormat;
    if (
      last &&
      last.zero === zero &&
      last.places[0] === places[0] &&
      last.places[1] === places[1]
    ) {
      return last.places;
    }
    this.lastFormat = { zero, places };
    this.nodes.push({ type: 'format', line, zero, places, zeroSource, placesSource: source });
    return places;
  }

  /** Converts the numbers held back, once the zero suppression is known or has to be assumed. */
  private resolvePending(reason: 'file' | 'detected' | 'assumed'): void {
    const placeholder = this.pendingFormat;
    if (!placeholder) return;
    const first = this.pending[0]?.line ?? placeholder.line;
    let zero = this.zero();
    if (!zero) {
      zero = { zero: 'L', source: 'assumed' };
      this.assumedZero = 'L';
      this.warn(
        'zero-suppression-missing',
        first,
        'zero suppression missing, so leading zero suppression is assumed',
      );
    } else if (reason === 'detected') {
      this.warn(
        'zero-suppression-missing',
        first,
        zero.zero === 'L'
          ? 'zero suppression missing, so leading zero suppression is assumed (the coordinates keep trailing zeros)'
          : 'zero suppression missing, so trailing zero suppression is assumed (the coordinates keep leading zeros)',
      );
    }
    const { places, source } = this.places(first);
    placeholder.zero = zero.zero;
    placeholder.zeroSource = zero.source;
    placeholder.places = places;
    placeholder.placesSource = source;
    this.lastFormat = { zero: zero.zero, places };
    for (const item of this.pending) item.set(fixedValue(item.number, zero.zero, places));
    this.pending = [];
    this.pendingLines = 0;
    this.pendingFormat = null;
  }

  /** The largest length accepted, in the units in effect. */
  private maxLength(): number {
    return (this.units ?? BACKUP_UNITS) === 'mm'
      ? LIMITS.maxCoordinateMm
      : LIMITS.maxCoordinateMm / MM_PER_INCH;
  }
}

/** Words of a block that only moves (repeat steps, slot ends, offsets): X and Y, nothing else. */
function onlyXY(
  words: Map<CoordinateLetter, NumberWord> | null,
): words is Map<CoordinateLetter, NumberWord> {
  return words !== null && !words.has('i') && !words.has('j') && !words.has('radius');
}

function isDigit(c: number): boolean {
  return c >= C_0 && c <= C_9;
}

function sign(word: { negative: boolean }): number {
  return word.negative ? -1 : 1;
}

function coordinateKey(letter: number): CoordinateLetter | null {
  switch (letter) {
    case 88:
      return 'x';
    case 89:
      return 'y';
    case 73:
      return 'i';
    case 74:
      return 'j';
    case 65:
      return 'radius';
    default:
      return null;
  }
}
