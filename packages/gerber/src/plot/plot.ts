// plot(tree): the second stage, from a syntax tree to a layer image.

import { plotDrill } from '../drill/plot-drill.ts';
import type { DrillTree } from '../drill/syntax.ts';
import type { GerberTree } from '../gerber/syntax.ts';
import type { LayerImage } from '../image/types.ts';
import { plotGerber } from './plot-gerber.ts';

/** Syntax trees plot() accepts. */
export type LayerTree = GerberTree | DrillTree;

export function plot(tree: LayerTree): LayerImage {
  switch (tree.type) {
    case 'gerber':
      return plotGerber(tree);
    case 'drill':
      return plotDrill(tree);
  }
}
