// What a file's head says about it, as evidence: its X2 FileFunction, the layer a CAD tool's
// header names, a layer name written in the file, and what the content is (Gerber or Excellon).

import type { ContentLayer } from './content-layer.ts';
import { type Evidence, type Verdict, WEIGHTS } from './evidence.ts';
import type { NameMatch } from './match-filename.ts';
import { verdictWords } from './plain-words.ts';
import type { ContentHints } from './read-content.ts';

function verdictOfLayer(layer: ContentLayer): Verdict {
  const verdict: Verdict = { type: layer.type, side: layer.side };
  if (layer.layerNumber !== undefined) verdict.layerNumber = layer.layerNumber;
  if (layer.plating) verdict.plating = layer.plating;
  if (layer.rout) verdict.rout = true;
  if (layer.auxiliary) verdict.auxiliary = layer.auxiliary;
  return verdict;
}

function headerEvidence(layer: ContentLayer): Evidence {
  const verdict = verdictOfLayer(layer);
  const kind =
    layer.strength === 'weak'
      ? 'weak-header'
      : layer.strength === 'words'
        ? 'file-layer-name'
        : 'header';
  const weight =
    kind === 'weak-header'
      ? WEIGHTS.weakHeader
      : kind === 'file-layer-name'
        ? WEIGHTS.fileLayerName
        : WEIGHTS.header;
  return {
    kind,
    verdict,
    weight,
    confidence: layer.confidence ?? (kind === 'weak-header' ? 'low' : 'high'),
    says: `${layer.reason}: ${verdictWords(verdict)}`,
  };
}

/** Said of Gerber content under a drill name (the set's pass may find it draws the holes). */
export const DRILL_DRAWING = 'Gerber content under a drill file name: a drill drawing';

/** A name's drill verdict on Gerber content: the drawing of the holes, not the holes. */
const isDrillName = (verdict: Verdict) => verdict.type === 'drill' || verdict.rout === true;

/**
 * The evidence of a file's head. `named` is the name's reading: a drill name on Gerber content
 * is a drill drawing (unless what it draws shows holes, which the set's pass looks at), and a
 * name that marks a file as no layer keeps it when the content is neither Gerber nor Excellon.
 */
export function readContentEvidence(
  hints: ContentHints,
  named: { match: NameMatch | undefined; evidence: readonly Evidence[] },
): Evidence[] {
  const evidence: Evidence[] = [];
  const nameSaysNoLayer = named.evidence.some(
    (item) => item.verdict.type === null && item.weight > 0,
  );
  if (hints.filetype === null) {
    if (!nameSaysNoLayer) {
      evidence.push({
        kind: 'content',
        verdict: { type: null, side: null, auxiliary: 'other' },
        weight: WEIGHTS.x2,
        confidence: 'medium',
        says: 'unable to determine filetype',
      });
    }
    return evidence;
  }
  if (hints.x2Layer) {
    const verdict = verdictOfLayer(hints.x2Layer);
    evidence.push({
      kind: 'x2',
      verdict,
      weight: WEIGHTS.x2,
      confidence: hints.x2Layer.confidence ?? 'high',
      says: `${hints.x2Layer.reason}: ${verdictWords(verdict)}`,
    });
  }
  for (const layer of hints.headerLayers) evidence.push(headerEvidence(layer));

  if (hints.filetype === 'drill') {
    const verdict: Verdict = { type: 'drill', side: 'all' };
    if (hints.plating) verdict.plating = hints.plating;
    evidence.push({
      kind: 'content',
      verdict,
      weight: hints.holes ? WEIGHTS.excellonHoles : WEIGHTS.excellonWithoutHoles,
      confidence: named.evidence.length === 0 ? 'medium' : 'low',
      says: hints.holes ? 'Excellon drill content' : 'Excellon content without drill hits',
    });
    return evidence;
  }
  // Gerber content: a drill name (or a name a tool gives its drill drawing) draws the holes.
  const drillNamed = named.evidence.find(
    (item) => item.kind !== 'fallback' && item.weight > 0 && isDrillName(item.verdict),
  );
  const drawingNamed = named.match?.identity.drillDrawing ? named.evidence[0] : undefined;
  const drillWeight = drillNamed?.weight ?? (drawingNamed ? drawingNamed.weight + 1 : 0);
  if (drillWeight > 0) {
    // What the name says, read with the content: it names the drawing (not a guess).
    evidence.push({
      kind: 'content',
      fromName: true,
      verdict: { type: 'drawing', side: null },
      weight: drillWeight,
      confidence: 'medium',
      says: DRILL_DRAWING,
    });
  }
  if (!named.evidence.some((item) => item.kind !== 'fallback' && item.weight > 0)) {
    evidence.push({
      kind: 'content',
      verdict: { type: 'drawing', side: null },
      weight: WEIGHTS.fallback,
      confidence: 'low',
      says: 'Gerber content; the layer is not recognised from the name',
    });
  }
  return evidence;
}
