// Measures one layer: our render against gerbv's over the same window.

import { readFileSync } from 'node:fs';
import { parse, plot, renderLayer } from '../src/index.ts';
import { type Comparison, compareMasks, type Mask } from './compare.ts';
import type { LayerFile } from './fixtures.ts';
import { GerbvError, rasterizeGerbv, rasterizeOurs, windowAround } from './rasterize.ts';

export type Measurement =
  | { type: 'compared'; layer: LayerFile; comparison: Comparison; ours: Mask; gerbv: Mask }
  | { type: 'empty'; layer: LayerFile }
  /** gerbv itself could not draw the file (it aborted or wrote nothing). */
  | { type: 'gerbv-failed'; layer: LayerFile; reason: string }
  | { type: 'failed'; layer: LayerFile; reason: string };

export function measureLayer(layer: LayerFile): Measurement {
  const text = readFileSync(layer.path, 'latin1');
  const tree = parse(text, { filetype: layer.filetype });
  if (tree.type === 'error') return { type: 'failed', layer, reason: tree.error.message };
  const rendered = renderLayer(plot(tree));
  const window = windowAround(rendered);
  if (!window) return { type: 'empty', layer };
  const ours = rasterizeOurs(rendered, window);
  let gerbv: Mask;
  try {
    gerbv = rasterizeGerbv(layer.path, window);
  } catch (error) {
    if (error instanceof GerbvError) return { type: 'gerbv-failed', layer, reason: error.message };
    throw error;
  }
  return { type: 'compared', layer, comparison: compareMasks(ours, gerbv), ours, gerbv };
}
