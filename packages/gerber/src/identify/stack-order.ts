// The upload's last word on each identity, once every file is decided: which Allegro film is the
// bottom, which side a layer of a kind takes when its name gave none, drawings that carry the
// outline beside a real outline, the plating of a drill file beside a non-plated one, and the
// copper stack's positions.

import type { Working } from './file-decision.ts';

/**
 * Allegro numbers its films by stack position (lyr1 ... lyrN) without saying which is the bottom:
 * the highest-numbered one is, unless its header says otherwise.
 */
export function markAllegroBottom(layers: readonly Working[]): void {
  const copper = layers.filter((layer) => layer.identity.type === 'copper');
  if (copper.some((layer) => layer.identity.side === 'bottom')) return;
  const deepest = copper.reduce<Working | undefined>(
    (best, layer) =>
      (layer.identity.layerNumber ?? 0) > (best?.identity.layerNumber ?? 0) ? layer : best,
    undefined,
  );
  if (deepest?.positionFromName && (deepest.identity.layerNumber ?? 0) > 1) {
    deepest.identity.side = 'bottom';
    deepest.identity.reason += '; highest-numbered film of the upload: bottom';
  }
}

/**
 * Two of a kind make a top and a bottom: a mask, silkscreen, paste or copper layer whose name
 * gives no side takes the side its kind still lacks in the upload; two of a kind without sides
 * are taken as top then bottom, in name order. A third stays unplaced (the user chooses).
 */
export function placeSidelessLayers(layers: readonly Working[]): void {
  const byType = Map.groupBy(
    layers.filter((layer) => layer.sideless),
    (layer) => layer.identity.type,
  );
  for (const [type, sideless] of byType) {
    const placed = layers.filter(
      (layer) => layer.identity.type === type && !layer.sideless && layer.identity.side !== null,
    );
    const taken = new Set(placed.map((layer) => layer.identity.side));
    const free = (['top', 'bottom'] as const).filter((side) => !taken.has(side));
    if (sideless.length > free.length) continue;
    const ordered = [...sideless].sort((a, b) =>
      a.identity.filename < b.identity.filename ? -1 : 1,
    );
    ordered.forEach((layer, index) => {
      const side = free[index] as 'top' | 'bottom';
      layer.identity.side = side;
      layer.identity.confidence = 'low';
      layer.identity.reason += `; ${side}: the other ${type} side of the upload`;
    });
  }
  for (const layer of layers) {
    if (layer.identity.side === null && layer.identity.type !== 'drawing' && layer.sideless) {
      if (layer.identity.guessed) {
        // A guess keeps its most likely layer; the user confirms the side.
        layer.identity.side = 'top';
        layer.identity.reason += '; side not known, shown on the top';
        continue;
      }
      layer.identity.type = null;
      layer.identity.confidence = 'none';
      layer.identity.reason += '; side not known';
    }
  }
}

/**
 * OrCAD's fabrication and drill drawings carry the board outline, which makes them the outline
 * of an upload without one; beside a dedicated outline file they are drawings.
 */
export function demoteOutlineDrawings(layers: readonly Working[]): void {
  const outlines = layers.filter((layer) => layer.identity.type === 'outline');
  if (!outlines.some((layer) => !layer.outlineDrawing)) return;
  for (const layer of outlines) {
    if (!layer.outlineDrawing) continue;
    layer.identity.type = 'drawing';
    layer.identity.side = null;
    layer.identity.reason += '; a drawing: the upload has its own outline file';
  }
}

/**
 * A drill file of unknown plating holds the plated holes when the non-plated ones have their own
 * file (KiCad `board.drl` beside `board-NPTH.drl`).
 */
export function inferPlatedDrill(layers: readonly Working[]): void {
  const drills = layers.filter((layer) => layer.identity.type === 'drill');
  const unknown = drills.filter((layer) => layer.identity.plating === undefined);
  const hasNonPlated = drills.some((layer) => layer.identity.plating === 'non-plated');
  const hasMixed = drills.some((layer) => layer.identity.plating === 'mixed');
  const [only] = unknown;
  if (only && unknown.length === 1 && hasNonPlated && !hasMixed) {
    only.identity.plating = 'plated';
    only.identity.reason += '; plated: the non-plated holes have their own file';
  }
}

/**
 * Stack positions (1 = top) for copper layers: the top is 1; inner layers numbered only within a
 * naming series (In1, In2 or .G1, .G2) are ranked when they all share one series; the bottom
 * follows the deepest inner layer once every inner layer has a position.
 */
export function numberCopperStack(layers: readonly Working[]): void {
  const copper = layers.filter((layer) => layer.identity.type === 'copper');
  const bySide = (side: string) => copper.filter((layer) => layer.identity.side === side);
  const top = bySide('top');
  for (const layer of top) layer.identity.layerNumber ??= 1;

  const inner = bySide('inner');
  const unnumbered = inner.filter((layer) => layer.identity.layerNumber === undefined);
  const series = new Set(unnumbered.map((layer) => layer.innerOrder?.series));
  if (
    unnumbered.length === inner.length &&
    series.size === 1 &&
    !series.has(undefined) &&
    new Set(unnumbered.map((layer) => layer.innerOrder?.index)).size === unnumbered.length
  ) {
    const ranked = [...unnumbered].sort(
      (a, b) => (a.innerOrder?.index ?? 0) - (b.innerOrder?.index ?? 0),
    );
    ranked.forEach((layer, rank) => {
      layer.identity.layerNumber = rank + 2;
    });
  }

  const innerNumbers = inner.map((layer) => layer.identity.layerNumber);
  if (top.length === 0 || innerNumbers.includes(undefined)) return;
  const deepest = Math.max(1, ...(innerNumbers as number[]));
  for (const layer of bySide('bottom')) layer.identity.layerNumber ??= deepest + 1;
}
