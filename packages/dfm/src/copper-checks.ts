// Track width and clearance on one copper layer.

import { type Collector, shapeRef } from './collector.ts';
import type { CopperLayer } from './copper-shapes.ts';
import type { Feature } from './geometry/feature.ts';

/** The narrowest track of each copper shape, if it is below the limit. */
export function checkTrackWidth(layer: CopperLayer, out: Collector): void {
  const narrowest = new Map<number, number>();
  layer.features.forEach((feature, item) => {
    if (feature.kind !== 'track' || feature.width === undefined) return;
    if (!out.measure('track-width', feature.width)) return;
    const shape = layer.shapeOf[item] as number;
    const known = narrowest.get(shape);
    if (known === undefined || feature.width < (layer.features[known] as Feature).width!)
      narrowest.set(shape, item);
  });
  for (const item of narrowest.values()) {
    const feature = layer.features[item] as Feature;
    const { points } = feature;
    const middle = Math.floor(points.length / 4) * 2;
    out.find({
      check: 'track-width',
      layer: layer.name,
      value: feature.width as number,
      x: ((points[0] as number) + (points[middle] as number)) / 2,
      y: ((points[1] as number) + (points[middle + 1] as number)) / 2,
      shapes: [shapeRef(feature, layer.name)],
    });
  }
}

interface Closest {
  gap: number;
  a: number;
  b: number;
  x: number;
  y: number;
}

/**
 * The smallest gap between each pair of distinct copper shapes that come within the search
 * distance (the layer's near misses); a pair closer than the limit is one finding, at the
 * narrowest place.
 */
export function checkClearance(layer: CopperLayer, out: Collector): void {
  const { shapeOf, features, nearMisses } = layer;
  const pairs = new Map<number, Closest>();
  const count = features.length;
  for (let i = 0; i < nearMisses.a.length; i++) {
    const a = nearMisses.a[i] as number;
    const b = nearMisses.b[i] as number;
    const sa = shapeOf[a] as number;
    const sb = shapeOf[b] as number;
    if (sa === sb) continue;
    const gap = nearMisses.gap[i] as number;
    const key = Math.min(sa, sb) * count + Math.max(sa, sb);
    const known = pairs.get(key);
    if (!known || gap < known.gap) {
      pairs.set(key, { gap, a, b, x: nearMisses.x[i] as number, y: nearMisses.y[i] as number });
    }
  }
  for (const pair of pairs.values()) {
    if (!out.measure('clearance', pair.gap)) continue;
    out.find({
      check: 'clearance',
      layer: layer.name,
      value: pair.gap,
      x: pair.x,
      y: pair.y,
      shapes: [
        shapeRef(features[pair.a] as Feature, layer.name),
        shapeRef(features[pair.b] as Feature, layer.name),
      ],
    });
  }
}
