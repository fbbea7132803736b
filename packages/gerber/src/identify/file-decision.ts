// One file's identity from the evidence gathered about it: the evidence is weighed
// (evidence.ts) and the winning verdict becomes the identity, with what the set's passes need to
// finish it (stack order, sides the set decides, drawings that carry the outline).

import { type Decision, decide, type Evidence } from './evidence.ts';
import type { CadFlavour, LayerIdentity } from './layer-types.ts';
import { type InnerOrder, platingFromName } from './match-filename.ts';
import type { NameReading } from './name-evidence.ts';
import type { ContentHints } from './read-content.ts';

/** A file being identified: what is known of it, and its identity so far. */
export interface Working {
  file: { filename: string; content?: string };
  hints: ContentHints | null;
  reading: NameReading;
  /** Everything weighed for this file; the set's passes add to it and settle it again. */
  evidence: Evidence[];
  identity: LayerIdentity;
  innerOrder?: InnerOrder;
  /** The stack position came from the file name (Allegro lyrN), not from the file's header. */
  positionFromName: boolean;
  /** The name's words chose the side of a sided layer they could not place (decided by the set). */
  sideless?: true;
  /** Named as a drawing that carries the outline (OrCAD .fab, .drd). */
  outlineDrawing?: true;
}

export function unrecognised(filename: string, hints: ContentHints | null): LayerIdentity {
  return {
    filename,
    type: null,
    side: null,
    cad: null,
    filetype: hints?.filetype ?? null,
    source: 'none',
    confidence: 'none',
    reason: 'file name not recognised',
    evidence: [],
  };
}

const FROM_CONTENT = new Set(['x2', 'header', 'file-layer-name', 'weak-header']);

/** The identity a decision makes, with the CAD tool whose naming or header decided. */
function identityOf(
  filename: string,
  hints: ContentHints | null,
  reading: NameReading,
  decision: Decision | null,
): LayerIdentity {
  if (decision === null) return unrecognised(filename, hints);
  const { verdict } = decision;
  const nameCad: CadFlavour | null = reading.byWords ? null : (reading.match?.rule.cad ?? null);
  const identity: LayerIdentity = {
    filename,
    type: verdict.type,
    side: verdict.side,
    cad: FROM_CONTENT.has(decision.strongest.kind)
      ? (hints?.cad ?? nameCad)
      : (nameCad ?? hints?.cad ?? null),
    filetype: hints?.filetype ?? null,
    source: decision.source,
    confidence: decision.confidence,
    reason: decision.reason,
    evidence: decision.evidence,
  };
  if (verdict.auxiliary) identity.auxiliary = verdict.auxiliary;
  if (verdict.rout) identity.rout = true;
  // A header that gives the stack position without the side (Altium) and no name that gives it:
  // an inner layer.
  if (verdict.type === 'copper' && verdict.side === null && decision.strongest.kind === 'header') {
    identity.side = 'inner';
  }
  if (verdict.type === 'copper' && verdict.layerNumber !== undefined) {
    identity.layerNumber = verdict.layerNumber;
  }
  if (verdict.type === 'drill' && verdict.plating) identity.plating = verdict.plating;
  if (hints?.polarity) identity.polarity = hints.polarity;
  if (decision.guessed && verdict.type !== null && hints !== null) identity.guessed = true;
  return identity;
}

/** Weighs a file's evidence and records what the set's passes need to finish its identity. */
export function settle(working: Working): void {
  const { file, hints, reading, evidence } = working;
  const decision = decide(evidence, hints === null ? null : (hints.filetype ?? 'neither'));
  const identity = identityOf(file.filename, hints, reading, decision);
  const { match } = reading;
  if (identity.type === 'drill' && identity.plating === undefined) {
    const plating = hints?.plating ?? platingFromName(file.filename) ?? reading.words?.plating;
    if (plating) identity.plating = plating;
  }
  working.identity = identity;
  const fromName = decision?.strongest.kind === 'name' || decision?.strongest.kind === 'words';
  working.positionFromName = match?.layerNumber !== undefined && fromName;
  delete working.innerOrder;
  delete working.sideless;
  delete working.outlineDrawing;
  if (identity.type === 'copper' && match?.innerOrder && fromName) {
    working.innerOrder = match.innerOrder;
  }
  if (fromName && identity.type === 'outline' && match?.identity.outlineDrawing) {
    working.outlineDrawing = true;
  }
  if (identity.type !== null && identity.type !== 'drawing' && identity.side === null) {
    working.sideless = true;
  }
  // Words that give a layer but no side leave it to the set, at low confidence.
  if (fromName && reading.byWords && reading.words?.strength === 1) identity.confidence = 'low';
}
