// What the readers of single commands (format, apertures, macros, image parameters) need of the
// parser: where to put the nodes and warnings, the options, and the state a command changes. The
// parser keeps the scanning position; these readers only see the text of their command.

import type { Units } from '../image/types.ts';
import type { Notation, ParseOptions } from '../options.ts';
import type { WarningCode } from '../warnings.ts';
import type { CoordinateFormat } from './coordinate-format.ts';
import type { GerberNode } from './syntax.ts';

export interface CommandReader {
  readonly options: ParseOptions;
  emit(node: GerberNode): void;
  warn(code: WarningCode, line: number, message: string): void;
  /** A units node (MO, G70/G71), or the units the options impose. */
  units(units: Units, line: number): void;
  /** A notation node (G90/G91, FS), or the notation the options impose. */
  notation(notation: Notation, line: number): void;
  /** The coordinate format the data blocks read with from here on. */
  setFormat(format: CoordinateFormat): void;
}
