// Copper to board edge: the gap between each copper shape and the outline's centre line.

import { type Collector, shapeRef } from './collector.ts';
import type { CopperLayer } from './copper-shapes.ts';
import type { Feature } from './geometry/feature.ts';
import { visitNearPairsBetween } from './geometry/near-pairs.ts';

export function checkCopperToEdge(
  layer: CopperLayer,
  edges: readonly Feature[],
  outlineName: string,
  search: number,
  out: Collector,
): void {
  if (edges.length === 0) return;
  const nearest = new Map<
    number,
    { gap: number; copper: number; edge: number; x: number; y: number }
  >();
  visitNearPairsBetween(layer.features, edges, search, (copper, edge, gap, x, y) => {
    const shape = layer.shapeOf[copper] as number;
    const known = nearest.get(shape);
    if (!known || gap < known.gap) nearest.set(shape, { gap, copper, edge, x, y });
  });
  for (const { gap, copper, edge, x, y } of nearest.values()) {
    const value = Math.max(0, gap);
    if (!out.measure('copper-to-edge', value)) continue;
    out.find({
      check: 'copper-to-edge',
      layer: layer.name,
      value,
      x,
      y,
      shapes: [
        shapeRef(layer.features[copper] as Feature, layer.name),
        shapeRef(edges[edge] as Feature, outlineName),
      ],
    });
  }
}
