// Holes: drill sizes, slot widths, hole-to-hole distance, aspect ratio, and the annular ring
// of every plated hole on every copper layer it passes.

import { type Collector, shapeRef } from './collector.ts';
import { type CopperLayer, copperDepth } from './copper-shapes.ts';
import type { Feature } from './geometry/feature.ts';
import { visitNearPairs } from './geometry/near-pairs.ts';
import { UnionFind } from './geometry/union-find.ts';
import type { DfmLimits } from './types.ts';

export interface Hole {
  feature: Feature;
  layer: string;
  plated: boolean;
  /** The drill file says whether it is plated (its content or its name). */
  platingKnown: boolean;
}

/** Points along a hole's centre line where its ring is measured: the centre, or a slot's ends and middle. */
function ringPoints(feature: Feature): number[] {
  const { points } = feature;
  if (points.length === 2) return points;
  const middle = Math.floor(points.length / 4) * 2;
  return [
    points[0] as number,
    points[1] as number,
    points[middle] as number,
    points[middle + 1] as number,
    points[points.length - 2] as number,
    points[points.length - 1] as number,
  ];
}

export function checkDrills(
  holes: readonly Hole[],
  limits: DfmLimits,
  thickness: number,
  out: Collector,
): void {
  for (const { feature, layer, plated } of holes) {
    const width = feature.r * 2;
    const [x, y] = [feature.points[0] as number, feature.points[1] as number];
    const shapes = [shapeRef(feature, layer)];
    const check = feature.kind === 'slot' ? 'slot-width' : 'drill-size';
    if (out.measure(check, width)) out.find({ check, layer, value: width, x, y, shapes });
    if (plated && width > 0 && out.measure('aspect-ratio', thickness / width)) {
      out.find({ check: 'aspect-ratio', layer, value: thickness / width, x, y, shapes });
    }
  }
  // Holes that overlap are one drilled slot (a row of drills, as some CAD tools make slots):
  // hole to hole is measured between slots and holes, not within one.
  const features = holes.map((hole) => hole.feature);
  const slots = new UnionFind(features.length);
  const near: { a: number; b: number; gap: number; x: number; y: number }[] = [];
  visitNearPairs(
    features,
    limits.holeToHole,
    () => false,
    (a, b, gap, x, y) => {
      if (gap <= 0) slots.union(a, b);
      else near.push({ a, b, gap, x, y });
    },
  );
  const closest = new Map<string, (typeof near)[number]>();
  for (const pair of near) {
    const slotA = slots.find(pair.a);
    const slotB = slots.find(pair.b);
    if (slotA === slotB) continue;
    const key = `${Math.min(slotA, slotB)} ${Math.max(slotA, slotB)}`;
    const known = closest.get(key);
    if (!known || pair.gap < known.gap) closest.set(key, pair);
  }
  for (const { a, b, gap, x, y } of closest.values()) {
    if (!out.measure('hole-to-hole', gap)) continue;
    const holeA = holes[a] as Hole;
    const holeB = holes[b] as Hole;
    out.find({
      check: 'hole-to-hole',
      layer: holeA.layer,
      value: gap,
      x,
      y,
      shapes: [shapeRef(holeA.feature, holeA.layer), shapeRef(holeB.feature, holeB.layer)],
    });
  }
}

/**
 * The annular ring of each plated hole on each copper layer: how deep the hole's centre lies in
 * the copper holding it (the pad's radius there) less the hole's radius. Below zero the hole
 * breaks out of its pad; an outer layer without copper at a plated hole has no ring at all.
 * Inner layers without copper at a hole are not connected there, which is no finding.
 */
export function checkAnnularRings(
  holes: readonly Hole[],
  copper: readonly CopperLayer[],
  out: Collector,
): void {
  for (const { feature, layer: drill, plated, platingKnown } of holes) {
    if (!plated) continue;
    const points = ringPoints(feature);
    // A hole of a drill file that does not say whether it is plated, with no copper on any
    // layer, is a mounting hole: taken as not plated (what a CAM engineer would ask about).
    if (
      !platingKnown &&
      copper.every(
        (layer) => copperDepth(layer, points[0] as number, points[1] as number).depth <= 0,
      )
    ) {
      continue;
    }
    for (const layer of copper) {
      let ring = Infinity;
      let pad = -1;
      let at: [number, number] = [points[0] as number, points[1] as number];
      for (let i = 0; i < points.length; i += 2) {
        const x = points[i] as number;
        const y = points[i + 1] as number;
        const { depth, feature: holder } = copperDepth(layer, x, y);
        const here = depth - feature.r;
        if (here < ring) {
          ring = here;
          pad = depth > 0 ? holder : -1;
          at = [x, y];
        }
      }
      if (pad < 0 && layer.side === 'inner') continue;
      const shapes = [shapeRef(feature, drill)];
      if (pad >= 0) shapes.push(shapeRef(layer.features[pad] as Feature, layer.name));
      const [x, y] = at;
      if (pad < 0) {
        out.measure('breakout', -feature.r);
        out.find({
          check: 'breakout',
          layer: layer.name,
          value: -feature.r,
          x,
          y,
          shapes,
          detail: 'no copper around the plated hole',
        });
      } else if (ring < 0) {
        out.measure('breakout', ring);
        out.find({
          check: 'breakout',
          layer: layer.name,
          value: ring,
          x,
          y,
          shapes,
          detail: 'the hole breaks out of its pad',
        });
      } else if (out.measure('annular-ring', ring)) {
        out.find({ check: 'annular-ring', layer: layer.name, value: ring, x, y, shapes });
      }
    }
  }
}
