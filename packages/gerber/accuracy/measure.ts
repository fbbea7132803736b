// Measures one layer: our render against gerbv's over the same window.

import { readFileSync } from 'node:fs';
import { type LayerImage, parse, plot, renderLayer } from '../src/index.ts';
import { type Comparison, compareMasks, type Mask } from './compare.ts';
import { drillOptions, gerbvHelp } from './drill-gerbv.ts';
import type { LayerFile } from './fixtures.ts';
import { GerbvError, rasterizeGerbv, rasterizeOurs, windowAround } from './rasterize.ts';

export type Measurement =
  | {
      type: 'compared';
      layer: LayerFile;
      comparison: Comparison;
      ours: Mask;
      gerbv: Mask;
      /** Drill files with routed paths: our holes alone against gerbv (which draws no routes). */
      holesOnly?: Comparison;
    }
  | { type: 'empty'; layer: LayerFile }
  /** gerbv itself could not draw the file (it aborted or wrote nothing). */
  | { type: 'gerbv-failed'; layer: LayerFile; reason: string }
  | { type: 'failed'; layer: LayerFile; reason: string };

/** The image without its strokes (routed slots and paths of a drill file). */
function withoutStrokes(image: LayerImage): LayerImage {
  return {
    ...image,
    runs: image.runs.map((run) => ({
      ...run,
      graphics: run.graphics.filter((graphic) => graphic.type !== 'stroke'),
    })),
  };
}

function hasStrokes(image: LayerImage): boolean {
  return image.runs.some((run) => run.graphics.some((graphic) => graphic.type === 'stroke'));
}

export function measureLayer(layer: LayerFile): Measurement {
  const text = readFileSync(layer.path, 'latin1');
  const options = layer.filetype === 'drill' ? drillOptions(layer.path) : {};
  const tree = parse(text, { ...options, filetype: layer.filetype });
  if (tree.type === 'error') return { type: 'failed', layer, reason: tree.error.message };
  const image = plot(tree);
  const rendered = renderLayer(image);
  const window = windowAround(rendered);
  if (!window) return { type: 'empty', layer };
  const ours = rasterizeOurs(rendered, window);
  let gerbv: Mask;
  try {
    gerbv = rasterizeGerbv(layer.path, window, gerbvHelp(layer.path));
  } catch (error) {
    if (error instanceof GerbvError) return { type: 'gerbv-failed', layer, reason: error.message };
    throw error;
  }
  const comparison = compareMasks(ours, gerbv);
  const measurement: Measurement = { type: 'compared', layer, comparison, ours, gerbv };
  if (layer.filetype === 'drill' && hasStrokes(image)) {
    const holes = rasterizeOurs(renderLayer(withoutStrokes(image)), window);
    measurement.holesOnly = compareMasks(holes, gerbv);
  }
  return measurement;
}
