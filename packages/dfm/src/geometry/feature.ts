import { pointInPolygon, pointPathDistance } from './distance.ts';
import {
  BANDED_FROM,
  edgeDistanceBanded,
  edgeWithinBanded,
  insideBanded,
} from './polygon-bands.ts';

// A feature: one piece of a layer as geometry the checks measure, in mm with y up (the files'
// orientation). Its shape is the core (a point, a polyline or a closed polygon) grown by `r`:
// a round pad is a point grown by its radius, a track segment a segment grown by half its width,
// a region a polygon grown by nothing.

export type FeatureKind = 'track' | 'pad' | 'region' | 'hole' | 'slot' | 'edge';

export interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export interface Feature {
  kind: FeatureKind;
  /** Flat [x0, y0, x1, y1, ...]: one point, an open polyline, or a closed polygon. */
  points: number[];
  closed: boolean;
  /** How far the shape reaches beyond its core. */
  r: number;
  /** The shape's bounds (core grown by r). */
  box: Box;
  /** Tracks, holes and slots: the width of the tool that drew them. */
  width?: number;
  /** Holes and slots: plated through (true) or not. */
  plated?: boolean;
  /** The polarity run it was drawn in (drawing order): a clear shape cuts the runs before it. */
  run?: number;
}

export function featureOf(
  kind: FeatureKind,
  points: number[],
  closed: boolean,
  r: number,
  extra?: Pick<Feature, 'width' | 'plated'>,
): Feature {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let i = 0; i < points.length; i += 2) {
    const x = points[i] as number;
    const y = points[i + 1] as number;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  const box = { minX: minX - r, minY: minY - r, maxX: maxX + r, maxY: maxY + r };
  return { kind, points, closed, r, box, ...extra };
}

/**
 * How deep (px, py) lies inside the feature: the distance to its boundary when inside; negative
 * outside (the distance for small shapes; for large polygons only the sign is measured, -∞).
 */
export function depthInside(feature: Feature, px: number, py: number): number {
  const { points, closed } = feature;
  if (closed && points.length >= 2 * BANDED_FROM) {
    if (!insideBanded(px, py, points)) {
      return feature.r > 0 && edgeDistanceBanded(px, py, points) <= feature.r ? 0 : -Infinity;
    }
    return feature.r + edgeDistanceBanded(px, py, points);
  }
  const edge = pointPathDistance(px, py, points, closed);
  if (closed && points.length >= 6 && pointInPolygon(px, py, points)) return feature.r + edge;
  return feature.r - edge;
}

/**
 * Whether (x, y) lies at least `margin` deep inside the feature (depthInside ≥ margin), read
 * cheaply on large polygons: only the edges within reach of the point are looked at.
 */
export function holds(feature: Feature, x: number, y: number, margin: number): boolean {
  const { points, closed, r } = feature;
  if (!(closed && points.length >= 2 * BANDED_FROM)) return depthInside(feature, x, y) >= margin;
  if (insideBanded(x, y, points)) {
    const need = margin - r;
    return need <= 0 || !edgeWithinBanded(x, y, points, need * (1 - 1e-12));
  }
  const reach = r - margin;
  return reach >= 0 && edgeWithinBanded(x, y, points, reach);
}
