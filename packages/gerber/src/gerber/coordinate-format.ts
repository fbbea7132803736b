// The coordinate format (FS): how many integer and decimal digits a coordinate has and which zeros
// are left out. The data blocks read every coordinate with it, so it is kept in the form they
// use (the divisors computed once).

import type { ZeroSuppression } from '../options.ts';
import { pow10 } from './read-number.ts';

/** The FS format in the form the data-block loop reads coordinates with. */
export interface CoordinateFormat {
  zero: ZeroSuppression;
  xPlaces: [number, number];
  yPlaces: [number, number];
  /** 10 to the power of the decimal places of X and of Y. */
  xDivisor: number;
  yDivisor: number;
}

export function coordinateFormat(
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
