// Evidence only the upload as a whole holds: a Gerber job file stating each file's function, and
// what the files nothing names draw, matched against the copper layers of the upload.

import { DRILL_DRAWING } from './content-evidence.ts';
import type { ContentLayer } from './content-layer.ts';
import { type Evidence, type Verdict, WEIGHTS } from './evidence.ts';
import { settle, type Working } from './file-decision.ts';
import {
  copperCoverage,
  drawsHoles,
  type ImageSummary,
  imageKind,
  padOverlap,
  summariseImage,
} from './image-evidence.ts';
import { jobFileLayers } from './job-file.ts';
import { baseName } from './match-filename.ts';
import { verdictWords } from './plain-words.ts';

/**
 * A Gerber job file in the upload states each file's function: strong evidence for the files it
 * lists (a file's own X2 attributes say the same when both are there), except files whose content
 * is neither Gerber nor Excellon.
 */
export function applyJobFiles(layers: Working[]): void {
  const stated = new Map<string, ContentLayer>();
  for (const layer of layers) {
    const content = layer.file.content;
    if (layer.identity.auxiliary === 'job' && content !== undefined) {
      for (const [name, fn] of jobFileLayers(content)) stated.set(name, fn);
    }
  }
  if (stated.size === 0) return;
  for (const layer of layers) {
    const fn = stated.get(baseName(layer.identity.filename).toLowerCase());
    if (!fn || layer.identity.auxiliary === 'job') continue;
    if (layer.hints !== null && layer.hints.filetype === null) continue;
    const verdict: Verdict = { type: fn.type, side: fn.side };
    if (fn.layerNumber !== undefined) verdict.layerNumber = fn.layerNumber;
    if (fn.plating) verdict.plating = fn.plating;
    if (fn.rout) verdict.rout = true;
    if (fn.auxiliary) verdict.auxiliary = fn.auxiliary;
    layer.evidence.push({
      kind: 'job',
      verdict,
      weight: WEIGHTS.job,
      confidence: 'high',
      says: fn.reason,
    });
    settle(layer);
  }
}

/** A Gerber file neither its name nor its header placed. */
function unplaced(layer: Working): boolean {
  const { identity } = layer;
  if (identity.filetype !== 'gerber' || identity.auxiliary) return false;
  return (
    identity.type === null ||
    identity.guessed === true ||
    (identity.type === 'drawing' &&
      (identity.confidence === 'low' || identity.confidence === 'none'))
  );
}

/** A Gerber file under a drill name, taken for the drawing of the holes: it may draw them. */
function drillDrawingByName(layer: Working): boolean {
  return (
    layer.identity.filetype === 'gerber' &&
    layer.identity.type === 'drawing' &&
    layer.evidence.some((item) => item.says === DRILL_DRAWING) &&
    !layer.evidence.some((item) => item.kind === 'x2' || item.kind === 'header')
  );
}

function shape(
  verdict: Verdict,
  says: string,
  sided: boolean,
  weight: number = WEIGHTS.shape,
): Evidence {
  return {
    kind: 'shape',
    verdict,
    weight,
    confidence: sided ? 'medium' : 'low',
    says: `${says}: ${verdictWords(verdict)}`,
  };
}

/**
 * Files still unplaced are read for what they draw (only then: it means plotting them). Pads
 * alone make a mask or paste layer: on the side whose copper pads they stand on, a mask when they
 * open (nearly) every copper pad of that side, a paste when only some. Closed loops of strokes
 * alone make the outline of an upload that has none; pads with tracks copper; thin lines without
 * pads silkscreen. A Gerber file under a drill name that draws only round flashes is the drill
 * itself, written as Gerber.
 */
export function readImages(layers: readonly Working[]): void {
  const pending = layers.filter((layer) => unplaced(layer) || drillDrawingByName(layer));
  if (pending.length === 0) return;
  const summaries = new Map<Working, ImageSummary | null>();
  const summaryOf = (layer: Working) => {
    if (!summaries.has(layer)) {
      const content = layer.file.content;
      summaries.set(layer, content === undefined ? null : summariseImage(content));
    }
    return summaries.get(layer) ?? null;
  };
  const namedCopper = (side: 'top' | 'bottom') =>
    layers.find(
      (layer) =>
        layer.identity.type === 'copper' &&
        layer.identity.side === side &&
        layer.identity.filetype === 'gerber' &&
        !layer.identity.guessed,
    );
  const has = (type: string, side: string) =>
    layers.some(
      (layer) =>
        layer.identity.type === type && layer.identity.side === side && !pending.includes(layer),
    );

  for (const layer of pending) {
    const summary = summaryOf(layer);
    if (!summary) continue;
    if (drillDrawingByName(layer)) {
      if (drawsHoles(summary)) {
        const weight = Math.max(...layer.evidence.map((item) => item.weight)) + WEIGHTS.shape;
        const says = 'round flashes and nothing else under a drill file name: holes in Gerber';
        layer.evidence.push(shape({ type: 'drill', side: 'all' }, says, true, weight));
        settle(layer);
      }
      continue;
    }
    const kind = imageKind(summary);
    if (kind === null) continue;
    if (kind === 'outline') {
      if (!layers.some((other) => other !== layer && other.identity.type === 'outline')) {
        const says = 'closed loops of strokes and nothing else';
        layer.evidence.push(shape({ type: 'outline', side: 'all' }, says, true));
        settle(layer);
      }
      continue;
    }
    if (kind === 'lines') {
      const says = 'thin lines without pads, as lettering and part outlines are drawn';
      layer.evidence.push(shape({ type: 'silkscreen', side: null }, says, false));
      settle(layer);
      continue;
    }
    let best: { side: 'top' | 'bottom'; overlap: number; coverage: number } | null = null;
    for (const side of ['top', 'bottom'] as const) {
      const copperLayer = namedCopper(side);
      const copper = copperLayer ? summaryOf(copperLayer) : null;
      if (!copper) continue;
      const overlap = padOverlap(summary, copper);
      const coverage = copperCoverage(summary, copper);
      // The side whose pads these stand on; between two equally good, the one they cover more.
      const better =
        best === null ||
        overlap > best.overlap ||
        (overlap === best.overlap && coverage > best.coverage);
      if (overlap >= 0.5 && better) best = { side, overlap, coverage };
    }
    if (kind === 'copper') {
      const says = 'pads with tracks';
      layer.evidence.push(shape({ type: 'copper', side: null }, says, false));
      settle(layer);
      continue;
    }
    if (best === null) {
      const bothMasks = has('soldermask', 'top') && has('soldermask', 'bottom');
      const says = 'pads and no tracks';
      const type = bothMasks ? 'solderpaste' : 'soldermask';
      layer.evidence.push(shape({ type, side: null }, says, false));
      settle(layer);
      continue;
    }
    let type: 'soldermask' | 'solderpaste' = best.coverage >= 0.9 ? 'soldermask' : 'solderpaste';
    if (has(type, best.side)) type = type === 'soldermask' ? 'solderpaste' : 'soldermask';
    const percent = Math.round(best.coverage * 100);
    const says = `pads and no tracks, on the ${best.side} copper pads (${percent}% of them)`;
    layer.evidence.push(shape({ type, side: best.side }, says, true));
    settle(layer);
  }
}
