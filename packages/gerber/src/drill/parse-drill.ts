// Excellon drill parser: one pass over the lines, producing syntax nodes. Many drill files do not
// state their coordinate format, so coordinates written without a decimal point are held back
// (at most DRILL_STASH_LIMIT lines) until a declaration, a comment hint or the digits themselves
// settle the zero suppression; then they are converted in place (held-coordinates.ts). This file
// reads the lines and hands each command to its family: drill-header.ts (comments, units,
// tools), drill-holes.ts (holes, routs, slots, repeats) and drill-units.ts.

import { type ParseOptions, validateOptions } from '../options.ts';
import { warningsLeftOut } from '../warnings.ts';
import { commentBlock, toolBlock, unitsCommand } from './drill-header.ts';
import { motionBlock, patternRepeatBlock, repeatBlock } from './drill-holes.ts';
import { DrillState } from './drill-state.ts';
import { setNotation, setUnits } from './drill-units.ts';
import { IGNORED_COMMAND, isDigit, readUnsigned, skipPrefixes } from './drill-words.ts';
import { resolvePending } from './held-coordinates.ts';
import type { DrillTree } from './syntax.ts';

// Line ends, as constants of this module: the loop that finds them runs on every character, and
// V8 folds a module's own constants into it where an imported one is loaded at each use.
const C_LF = 10;
const C_CR = 13;

/** Feed and spindle speed words on their own (one character class, so no backtracking). */
const FEED_AND_SPEED = /^(?:[FS][+-]?[\d.]*)+$/;

/** M codes that only concern the machine (stops, vision, messages). */
const MACHINE_M_CODES = new Set([6, 9, 18, 45, 47, 50, 51, 52, 60, 61, 62, 63]);

/** Parses Excellon text into a syntax tree. Never throws on file content: problems become warnings. */
export function parseDrill(text: string, options?: ParseOptions): DrillTree {
  const parser = new DrillParser(text, validateOptions(options));
  parser.run();
  return { type: 'drill', nodes: parser.nodes, warnings: parser.warnings };
}

/** Reads a drill file block by block, handing each command to the reader of its family. */
class DrillParser extends DrillState {
  run(): void {
    if (this.options.units) setUnits(this, this.options.units, 1);
    if (this.options.notation) setNotation(this, this.options.notation, 1);
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
    resolvePending(this, 'assumed');
    if (this.droppedWarnings > 0) {
      this.warnings.push(warningsLeftOut(this.droppedWarnings, this.line));
    }
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

  private readBlock(block: string): void {
    this.block = block;
    this.pos = 0;
    this.readCommand();
  }

  /** Reads the command at pos, which runs to the end of the block. */
  private readCommand(): void {
    const { block } = this;
    skipPrefixes(this);
    if (this.pos >= block.length) return;
    const rest = this.pos === 0 ? block : block.slice(this.pos);
    const c = rest.charCodeAt(0);
    switch (c) {
      case 59: // ;
        commentBlock(this, rest);
        return;
      case 37: // %
        this.inHeader = false;
        return;
      case 77: // M
        if (rest.startsWith('METRIC')) unitsCommand(this, 'mm', rest.slice(6));
        else this.mCode();
        return;
      case 73: // I
        if (rest.startsWith('INCH')) unitsCommand(this, 'in', rest.slice(4));
        else if (rest.startsWith('ICI'))
          setNotation(this, /^ICI,\s*ON/.test(rest) ? 'I' : 'A', this.line);
        else this.unrecognised();
        return;
      case 84: // T
        toolBlock(this);
        return;
      case 82: // R
        if (isDigit(rest.charCodeAt(1))) repeatBlock(this);
        // R,T and the like reset machine tables.
        else if (rest.charCodeAt(1) !== 44 && !IGNORED_COMMAND.test(rest)) this.unrecognised();
        return;
      case 88: // X
      case 89: // Y
      case 71: // G
        motionBlock(this);
        return;
      default:
        if (IGNORED_COMMAND.test(rest) || FEED_AND_SPEED.test(rest)) return;
        this.unrecognised();
    }
  }

  private mCode(): void {
    const line = this.line;
    this.pos++;
    const code = readUnsigned(this);
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
        setUnits(this, code === 71 ? 'mm' : 'in', line);
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
        patternRepeatBlock(this);
        return;
      default:
        if (MACHINE_M_CODES.has(code)) return;
        this.unrecognised();
    }
  }
}
