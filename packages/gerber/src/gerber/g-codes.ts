// The G codes of a data block: interpolation mode (G01-G03), regions (G36/G37), quadrant mode
// (G74/G75), and the units and notation older files set with G70/G71 and G90/G91. G04 comments
// are read by the parser itself, since they run to the end of the block.

import type { CommandReader } from './command-reader.ts';

/** Reads G`code`; false when it is not one Gerber knows (the parser reports the block). */
export function gCode(reader: CommandReader, code: number, line: number): boolean {
  switch (code) {
    case 1:
      reader.emit({ type: 'interpolation', line, mode: 'linear' });
      return true;
    case 2:
      reader.emit({ type: 'interpolation', line, mode: 'clockwise' });
      return true;
    case 3:
      reader.emit({ type: 'interpolation', line, mode: 'counterclockwise' });
      return true;
    case 36:
      reader.emit({ type: 'regionBegin', line });
      return true;
    case 37:
      reader.emit({ type: 'regionEnd', line });
      return true;
    case 74:
      reader.emit({ type: 'quadrant', line, mode: 'single' });
      return true;
    case 75:
      reader.emit({ type: 'quadrant', line, mode: 'multi' });
      return true;
    case 70:
    case 71:
      reader.units(code === 70 ? 'in' : 'mm', line);
      return true;
    case 90:
    case 91:
      reader.notation(code === 90 ? 'A' : 'I', line);
      return true;
    case 54:
    case 55:
      // Deprecated "select aperture" and "prepare flash" prefixes: the D code that follows
      // carries the meaning.
      return true;
    default:
      return false;
  }
}
