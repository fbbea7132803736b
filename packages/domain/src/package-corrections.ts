// CAD libraries and pick-and-place machines disagree on a package's zero rotation (often by 90°
// or 180°) and on where its centre is. A company records the difference once per package; the
// imported placement stays as the file wrote it and the corrected one is derived here.

import { normaliseAngle, PLACEMENT_MM_DECIMALS } from './placement-geometry.ts';
import { roundTo } from './units.ts';

/** A package's correction: degrees added to the angle, and a centre shift in mm. */
export type PackageCorrectionValues = {
  rotation: number;
  /** Along the package's own x axis (its 0° orientation), in millimetres. */
  xMm: number;
  /** Along the package's own y axis, in millimetres. */
  yMm: number;
};

export type PlacedPart = {
  side: 'top' | 'bottom';
  xMm: number;
  yMm: number;
  /** Degrees counter-clockwise seen from the top, in [0, 360). */
  angle: number;
};

/**
 * Where a part goes once its package's correction is applied. The centre shift is written in the
 * package's own axes, so it turns with the part's imported angle; a bottom part is seen through
 * the board, so its own x axis is mirrored (as the overlay draws it).
 */
export function correctPlacement(
  part: PlacedPart,
  correction: PackageCorrectionValues,
): { xMm: number; yMm: number; angle: number } {
  const radians = (part.angle * Math.PI) / 180;
  const cos = Math.cos(radians);
  const sin = Math.sin(radians);
  const localX = part.side === 'bottom' ? -correction.xMm : correction.xMm;
  const dx = localX * cos - correction.yMm * sin;
  const dy = localX * sin + correction.yMm * cos;
  return {
    xMm: roundTo(part.xMm + dx, PLACEMENT_MM_DECIMALS),
    yMm: roundTo(part.yMm + dy, PLACEMENT_MM_DECIMALS),
    angle: normaliseAngle(part.angle + correction.rotation),
  };
}

/**
 * The key a package name as imported is remembered by: case, spaces and surrounding blanks do
 * not tell packages apart (`SOT-23`, `sot-23 `), dashes and underscores do (`R_0402` vs `R0402`
 * are different footprints in some libraries).
 */
export function packageNameKey(name: string): string {
  return name.trim().replace(/\s+/g, '').toUpperCase();
}
