// The drill parser's state, on its own so that the readers of each command family (header, holes,
// units, the held-back coordinates) can read and change it without importing the parser.

import type { Units } from '../image/types.ts';
import type { Notation, ParseOptions, ZeroSuppression } from '../options.ts';
import { addWarning, type Warning, type WarningCode, warning } from '../warnings.ts';
import type { FixedDigits } from './coordinate-format.ts';
import type { DrillFormatNode, DrillNode, DrillUnitsNode } from './syntax.ts';

/** A number held back until the zero suppression is known, and where its value goes. */
export interface Pending {
  number: FixedDigits;
  line: number;
  set: (value: number) => void;
}

/**
 * The state of a drill file being read: the line and block, units, notation, the coordinate format
 * as far as it is known and the numbers held back until it is. The readers of each command family
 * change it in the files beside this one; DrillParser reads the blocks.
 */
export class DrillState {
  readonly nodes: DrillNode[] = [];
  readonly warnings: Warning[] = [];
  readonly text: string;
  readonly options: ParseOptions;
  droppedWarnings = 0;
  line = 1;
  /** The line being read and the read position in it. */
  block = '';
  pos = 0;
  inHeader = false;
  /** The code that ended the program (M30 or M00), once read. */
  ended: string | null = null;

  units: Units | null = null;
  unitsHint: Units | null = null;
  /**
   * Units taken from a hint or the backup before the file stated any. While only tool sizes
   * have been read in them, units the file states later replace them (gerbv does the same for
   * headers that define tools before M71).
   */
  assumedUnits: {
    node: DrillUnitsNode;
    warning: Warning | null;
    converted: boolean;
  } | null = null;
  coordinatesSeen = false;
  notationSet = false;
  notationHint: Notation | null = null;
  fileZero: ZeroSuppression | null = null;
  detectedZero: ZeroSuppression | null = null;
  assumedZero: ZeroSuppression | null = null;
  filePlaces: [number, number] | null = null;
  /** The file says its coordinates are decimal (KiCad), so bare digits are whole numbers. */
  decimalFormat = false;
  /** Plating an X2 comment gives the next tool definition. */
  nextToolPlated: boolean | null = null;

  pending: Pending[] = [];
  pendingLines = 0;
  lastPendingLine = 0;
  pendingFormat: DrillFormatNode | null = null;
  /** The format of the last format node: coordinates in it need no new node. */
  lastFormat: { zero: ZeroSuppression; places: [number, number] } | null = null;
  readonly placesWarned = new Set<Units>();

  constructor(text: string, options: ParseOptions) {
    this.text = text;
    this.options = options;
  }

  warn(code: WarningCode, line: number, message: string): void {
    if (!addWarning(this.warnings, warning(code, line, message))) this.droppedWarnings++;
  }

  unrecognised(): void {
    this.warn(
      'unrecognised-block',
      this.line,
      `unrecognised block '${this.block.slice(0, 40)}' ignored`,
    );
  }
}
