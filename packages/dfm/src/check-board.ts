// checkBoard: the design-for-manufacture check of a plotted board. It reads the plotted layer
// images (packages/gerber's public output) and measures geometry, never pixels.

import type { LayerImage } from '@circuits/gerber';
import { Collector } from './collector.ts';
import { checkClearance, checkTrackWidth } from './copper-checks.ts';
import { type CopperLayer, copperLayer } from './copper-shapes.ts';
import { checkCopperToEdge } from './edge-check.ts';
import type { Feature } from './geometry/feature.ts';
import { checkAnnularRings, checkDrills, type Hole } from './hole-checks.ts';
import { layerFeatures } from './layer-features.ts';
import { DEFAULT_LIMITS, DEFAULT_THICKNESS_MM, GAP_SEARCH_MM } from './limits.ts';
import type { DfmLimits, DfmReport } from './types.ts';

/** One layer of the board as the render gives it (`BoardRender.layers`: `converter` is its image). */
export interface DfmLayer {
  filename: string | null;
  type: string | null;
  side: string | null;
  converter: LayerImage | null;
}

export interface DfmOptions {
  limits?: Partial<DfmLimits>;
  boardThicknessMm?: number;
  /** Most features read from one layer; beyond it the layer is checked in part (a note says so). */
  maxFeaturesPerLayer?: number;
}

const MAX_FEATURES_PER_LAYER = 2_000_000;

const now = () =>
  (globalThis as { performance?: { now(): number } }).performance?.now() ?? Date.now();

function layerName(layer: DfmLayer, index: number): string {
  return layer.filename ?? `${layer.side ?? ''} ${layer.type ?? 'layer'} ${index + 1}`.trim();
}

function copperSide(side: string | null): CopperLayer['side'] {
  return side === 'top' || side === 'bottom' ? side : 'inner';
}

export function checkBoard(layers: readonly DfmLayer[], options: DfmOptions = {}): DfmReport {
  const start = now();
  const limits: DfmLimits = { ...DEFAULT_LIMITS, ...options.limits };
  const thickness = options.boardThicknessMm ?? DEFAULT_THICKNESS_MM;
  const maxFeatures = options.maxFeaturesPerLayer ?? MAX_FEATURES_PER_LAYER;
  const out = new Collector(limits);
  const notes: string[] = [];

  const read = (layer: DfmLayer, index: number, role: 'copper' | 'drill' | 'outline') => {
    const name = layerName(layer, index);
    const result = layerFeatures(layer.converter as LayerImage, role, maxFeatures);
    if (result.clearIgnored) notes.push(`${name}: shapes drawn in clear polarity are not read`);
    if (result.cut) notes.push(`${name}: checked in part (too many shapes)`);
    return { name, features: result.features, clear: result.clear };
  };

  const holes: Hole[] = [];
  const edges: Feature[] = [];
  let outlineName = '';
  const copperInputs: { layer: DfmLayer; index: number }[] = [];
  layers.forEach((layer, index) => {
    if (!layer.converter) return;
    if (layer.type === 'copper') copperInputs.push({ layer, index });
    else if (layer.type === 'drill') {
      const { name, features } = read(layer, index, 'drill');
      const filename = layer.filename ?? '';
      const nonPlatedFile = /npth|non.?plated/i.test(filename);
      const namedPlating = nonPlatedFile || /pth|plated/i.test(filename);
      for (const feature of features) {
        holes.push({
          feature,
          layer: name,
          plated: feature.plated ?? !nonPlatedFile,
          platingKnown: feature.plated !== undefined || namedPlating,
        });
      }
    } else if (layer.type === 'outline') {
      const { name, features } = read(layer, index, 'outline');
      outlineName ||= name;
      edges.push(...features);
    }
  });
  if (edges.length === 0) notes.push('no board outline: copper to edge not checked');

  const copper: CopperLayer[] = [];
  for (const { layer, index } of copperInputs) {
    const { name, features, clear } = read(layer, index, 'copper');
    const shapes = copperLayer(
      name,
      copperSide(layer.side),
      features,
      Math.max(limits.clearance, GAP_SEARCH_MM),
      clear,
    );
    checkTrackWidth(shapes, out);
    checkClearance(shapes, out);
    checkCopperToEdge(
      shapes,
      edges,
      outlineName,
      Math.max(limits.copperToEdge, GAP_SEARCH_MM),
      out,
    );
    copper.push(shapes);
  }
  checkDrills(holes, limits, thickness, out);
  checkAnnularRings(holes, copper, out);
  return {
    checks: out.done(),
    notes,
    copperLayers: copper.length,
    holes: holes.length,
    thicknessMm: thickness,
    ms: Math.round(now() - start),
  };
}
