// plot(tree): the second stage, from a syntax tree to a layer image.

import { plotDrill } from '../drill/plot-drill.ts';
import type { DrillTree } from '../drill/syntax.ts';
import type { GerberTree } from '../gerber/syntax.ts';
import type { LayerImage } from '../image/types.ts';
import { plotGerber } from './plot-gerber.ts';

/** Syntax trees plot() accepts. */
export type LayerTree = GerberTree | DrillTree;

/** `maxElements`: elements the image may hold, at most LIMITS.maxImageElements. */
export function plot(tree: LayerTree, maxElements?: number): LayerImage {
  switch (tree.type) {
    case 'gerber':
      return plotGerber(tree, maxElements);
    case 'drill':
      return plotDrill(tree, maxElements);
  }
}
