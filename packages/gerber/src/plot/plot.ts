// plot(tree): the second stage, from a syntax tree to a layer image.

import type { GerberTree } from '../gerber/syntax.ts';
import type { LayerImage } from '../image/types.ts';
import { plotGerber } from './plot-gerber.ts';

/** Syntax trees plot() accepts; the Excellon drill tree joins this union. */
export type LayerTree = GerberTree;

export function plot(tree: LayerTree): LayerImage {
  switch (tree.type) {
    case 'gerber':
      return plotGerber(tree);
  }
}
