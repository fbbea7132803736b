// Gerber plotting, the public entry points: a syntax tree to an image, or Gerber text to an image
// in one pass. The work is done by GerberPlotter (gerber-plotter.ts). Block apertures (AB) and
// step-and-repeat (SR) are recorded as sub-images and copied.

import { operationNode, parseGerberNodes } from '../gerber/parse-gerber.ts';
import type { GerberNode, GerberTree } from '../gerber/syntax.ts';
import type { LayerImage } from '../image/types.ts';
import type { ParseOptions } from '../options.ts';
import { GerberPlotter } from './gerber-plotter.ts';

export function plotGerber(tree: GerberTree, maxElements?: number): LayerImage {
  const unitsNode = tree.nodes.find((node) => node.type === 'units');
  const plotter = new GerberPlotter(
    unitsNode?.type === 'units' ? unitsNode.units : null,
    maxElements,
  );
  for (const node of tree.nodes) plotter.feed(node);
  return plotter.image(tree.warnings);
}

/**
 * Parses and plots Gerber text in one pass: each node is plotted as soon as it is read and then
 * dropped, so no syntax tree is kept. Gives the same image as plotGerber(parseGerber(text)).
 */
export function parsePlotGerber(
  text: string,
  options?: ParseOptions,
  /** Elements the image may hold, at most LIMITS.maxImageElements (a board's remaining budget). */
  maxElements?: number,
): LayerImage {
  // The image takes the units of the first units node: nodes wait until it is known.
  let plotter: GerberPlotter | null = null;
  const waiting: GerberNode[] = [];
  const parseWarnings = parseGerberNodes(text, options, {
    node: (node) => {
      if (plotter) {
        plotter.feed(node);
        return;
      }
      waiting.push(node);
      if (node.type === 'units') {
        plotter = new GerberPlotter(node.units, maxElements);
        for (const early of waiting) plotter.feed(early);
        waiting.length = 0;
      }
    },
    operation: (line, operation, coordinates) => {
      if (plotter) plotter.operate(line, operation, coordinates);
      else waiting.push(operationNode(line, operation, coordinates));
    },
    annotations: false,
  });
  const done = plotter ?? new GerberPlotter(null, maxElements);
  for (const node of waiting) done.feed(node);
  return done.image(parseWarnings);
}
