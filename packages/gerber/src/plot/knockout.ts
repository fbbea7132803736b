// Knockouts (KO, deprecated): a rectangle of clear or dark, either given or drawn around the
// objects up to the next KO, whose size is known only once they are plotted.

import type { KnockoutNode } from '../gerber/syntax.ts';
import { BoxAccumulator } from '../image/box.ts';
import { rectContour } from '../image/geometry.ts';
import type { PolarityRun, Shape } from '../image/types.ts';
import type { PlotState } from './plot-state.ts';

export function beginKnockout(state: PlotState, node: KnockoutNode): void {
  endKnockout(state);
  if (!node.polarity) return;
  if (node.box) {
    const { x, y, width, height } = node.box;
    const s = state.unitScale;
    state.builder.addContour(node.polarity, rectContour(x * s, y * s, width * s, height * s));
    return;
  }
  if (node.border === null) return;
  // The rectangle around the objects up to the next KO is only known later: reserve its run.
  const run: PolarityRun = { polarity: node.polarity, graphics: [] };
  state.builder.insertRun(run);
  state.knockout = { node, run, box: new BoxAccumulator() };
}

export function measureKnockout(state: PlotState, box: Shape['box'], x: number, y: number): void {
  if (box && state.knockout) state.knockout.box.addBox(box, x, y);
}

export function endKnockout(state: PlotState): void {
  const knockout = state.knockout;
  if (!knockout) return;
  state.knockout = null;
  const border = (knockout.node.border ?? 0) * state.unitScale;
  const box = knockout.box.toBox();
  if (!box) return;
  const contour = rectContour(
    box.minX - border,
    box.minY - border,
    box.maxX - box.minX + 2 * border,
    box.maxY - box.minY + 2 * border,
  );
  knockout.run.graphics.push({ type: 'region', contours: [contour] });
  state.builder.box.addPoint(box.minX - border, box.minY - border);
  state.builder.box.addPoint(box.maxX + border, box.maxY + border);
}
