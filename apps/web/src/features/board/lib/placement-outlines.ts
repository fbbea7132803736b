// The placements overlay draws each part as its package's outline (SPEC §3 package minX..maxY)
// at the placement's position, turned by its angle, and flipped when the part sits on the bottom
// (its footprint is seen through the board). Everything here is in board millimetres with y up,
// the way pick-and-place files and Gerber files measure; the overlay maps it onto the picture.

/** What the overlay reads of a placement (SPEC §3); lengths in millimetres, angle in degrees. */
export type PlacementForOverlay = {
  id: number;
  refDesign: string;
  side: 'top' | 'bottom';
  x: number;
  y: number;
  /** Counter-clockwise, seen from the top. */
  angle: number;
  package: { minX: number; maxX: number; minY: number; maxY: number } | null;
  /** Do not populate: drawn dashed, in grey. */
  dnp?: boolean;
};

export type Point = { x: number; y: number };

export type PlacementOutline = {
  id: number;
  refDesign: string;
  side: 'top' | 'bottom';
  /** The four corners of the package, in order around it. */
  corners: [Point, Point, Point, Point];
  /** Where the reference is written: the placement's position. */
  center: Point;
};

/** A part whose package has no size is drawn as a square of this side, so it is still seen. */
export const UNKNOWN_PACKAGE_SIDE_MM = 1;

/** The outline of a placed package in board millimetres. */
export function placementOutline(placement: PlacementForOverlay): PlacementOutline {
  const half = UNKNOWN_PACKAGE_SIDE_MM / 2;
  const box = hasArea(placement.package)
    ? placement.package
    : { minX: -half, maxX: half, minY: -half, maxY: half };
  const local: [Point, Point, Point, Point] = [
    { x: box.minX, y: box.minY },
    { x: box.maxX, y: box.minY },
    { x: box.maxX, y: box.maxY },
    { x: box.minX, y: box.maxY },
  ];
  const radians = (placement.angle * Math.PI) / 180;
  const cos = Math.cos(radians);
  const sin = Math.sin(radians);
  // A bottom part's footprint is mirrored across its own y axis before it is turned.
  const mirror = placement.side === 'bottom' ? -1 : 1;
  const place = ({ x, y }: Point): Point => {
    const mx = x * mirror;
    return {
      x: placement.x + mx * cos - y * sin,
      y: placement.y + mx * sin + y * cos,
    };
  };
  return {
    id: placement.id,
    refDesign: placement.refDesign,
    side: placement.side,
    corners: local.map(place) as [Point, Point, Point, Point],
    center: { x: placement.x, y: placement.y },
  };
}

function hasArea(
  box: PlacementForOverlay['package'],
): box is NonNullable<PlacementForOverlay['package']> {
  return box !== null && box.maxX > box.minX && box.maxY > box.minY;
}

/**
 * Placements as the product page holds them, each read defensively and skipped when incomplete.
 * A placement its company's package correction moves is drawn where the correction puts it.
 */
export function readPlacements(records: readonly unknown[]): PlacementForOverlay[] {
  return records.flatMap((record) => {
    const placement = readPlacement(record);
    return placement ? [placement] : [];
  });
}

function readPlacement(record: unknown): PlacementForOverlay | null {
  if (typeof record !== 'object' || record === null) return null;
  const value = record as Record<string, unknown>;
  const corrected =
    typeof value.corrected === 'object' && value.corrected !== null
      ? (value.corrected as Record<string, unknown>)
      : null;
  const x = toNumber(corrected?.x ?? value.x);
  const y = toNumber(corrected?.y ?? value.y);
  const side = value.side === 'bottom' ? 'bottom' : value.side === 'top' ? 'top' : null;
  if (x === null || y === null || side === null || typeof value.refDesign !== 'string') return null;
  return {
    id: toNumber(value.id) ?? 0,
    refDesign: value.refDesign,
    side,
    x,
    y,
    angle: toNumber(corrected?.angle ?? value.angle) ?? 0,
    package: readPackage(value.package),
    dnp: value.dnp === true,
  };
}

function readPackage(record: unknown): PlacementForOverlay['package'] {
  if (typeof record !== 'object' || record === null) return null;
  const value = record as Record<string, unknown>;
  const [minX, maxX, minY, maxY] = [value.minX, value.maxX, value.minY, value.maxY].map(toNumber);
  if (minX == null || maxX == null || minY == null || maxY == null) return null;
  return { minX, maxX, minY, maxY };
}

function toNumber(value: unknown): number | null {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : null;
}
