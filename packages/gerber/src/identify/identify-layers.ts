import type { ContentLayer } from './content-layer.ts';
import {
  CAD_FLAVOURS,
  type CadFlavour,
  type Confidence,
  EAGLE_FLAVOURS,
  type IdentitySource,
  type LayerIdentity,
} from './layer-types.ts';
import {
  type InnerOrder,
  matchFilename,
  type NameMatch,
  platingFromName,
} from './match-filename.ts';
import { type ContentHints, readContent } from './read-content.ts';

export interface LayerFile {
  filename: string;
  /** The file's text; only its head is read. Without it the name alone decides. */
  content?: string;
}

interface Candidate {
  file: LayerFile;
  matches: NameMatch[];
  hints: ContentHints | null;
}

/** An identity plus what the whole-upload pass needs to finish it. */
interface Working {
  identity: LayerIdentity;
  innerOrder?: InnerOrder;
  /** The stack position came from the file name (Allegro lyrN), not from the file's header. */
  positionFromName: boolean;
}

// Eagle's own header does not tell which CAM naming the user chose, so it votes for all of them.
function cadsOfGenerator(cad: CadFlavour): readonly CadFlavour[] {
  return cad === 'eagle' ? EAGLE_FLAVOURS : [cad];
}

/**
 * The CAD tool of the upload: each file votes once for every tool whose naming it matches, and
 * once more for the tool its header names; the most votes win, ties going to the earlier tool in
 * CAD_FLAVOURS.
 */
function chooseUploadCad(candidates: readonly Candidate[]): CadFlavour | null {
  const votes = new Map<CadFlavour, number>();
  const vote = (cad: CadFlavour) => votes.set(cad, (votes.get(cad) ?? 0) + 1);
  for (const candidate of candidates) {
    const named = new Set<CadFlavour>();
    for (const match of candidate.matches) {
      if (match.rule.cad !== null && match.rule.strength >= 1) named.add(match.rule.cad);
    }
    named.forEach(vote);
    if (candidate.hints?.cad) cadsOfGenerator(candidate.hints.cad).forEach(vote);
  }
  let best: CadFlavour | null = null;
  let bestVotes = 0;
  for (const cad of CAD_FLAVOURS) {
    const count = votes.get(cad) ?? 0;
    if (count > bestVotes) {
      best = cad;
      bestVotes = count;
    }
  }
  return best;
}

/** The strongest match; between equally strong ones the upload's CAD tool, then rule order. */
function pickMatch(
  matches: readonly NameMatch[],
  uploadCad: CadFlavour | null,
): NameMatch | undefined {
  let best: NameMatch | undefined;
  const preferred = (match: NameMatch) => match.rule.cad === uploadCad;
  for (const match of matches) {
    if (
      best === undefined ||
      match.rule.strength > best.rule.strength ||
      (match.rule.strength === best.rule.strength && preferred(match) && !preferred(best))
    ) {
      best = match;
    }
  }
  return best;
}

function nameConfidence(match: NameMatch, uploadCad: CadFlavour | null): Confidence {
  if (match.rule.strength === 0) return 'low';
  if (match.rule.cad === uploadCad || (match.rule.cad === null && match.rule.strength >= 2)) {
    return 'high';
  }
  return 'medium';
}

function unrecognised(filename: string): LayerIdentity {
  return {
    filename,
    type: null,
    side: null,
    cad: null,
    filetype: null,
    source: 'none',
    confidence: 'none',
    reason: 'file name not recognised',
  };
}

function fromName(
  filename: string,
  match: NameMatch | undefined,
  uploadCad: CadFlavour | null,
): LayerIdentity {
  if (match === undefined) return unrecognised(filename);
  const { rule, identity: named } = match;
  const identity: LayerIdentity = {
    filename,
    type: named.type,
    side: named.side,
    cad: rule.cad,
    filetype: null,
    source: 'name',
    confidence: nameConfidence(match, uploadCad),
    reason: `${rule.cad ?? 'generic'} file name ${rule.pattern.source}`,
  };
  if (named.auxiliary) identity.auxiliary = named.auxiliary;
  if (named.rout) identity.rout = true;
  if (match.layerNumber !== undefined) identity.layerNumber = match.layerNumber;
  return identity;
}

function withEvidence(
  base: LayerIdentity,
  changes: Pick<LayerIdentity, 'type' | 'side' | 'source' | 'confidence' | 'reason'>,
): LayerIdentity {
  const {
    layerNumber: _number,
    rout: _rout,
    auxiliary: _auxiliary,
    plating: _plating,
    ...kept
  } = base;
  return { ...kept, ...changes };
}

function fromContentLayer(
  base: LayerIdentity,
  layer: ContentLayer,
  source: IdentitySource,
  hints: ContentHints,
  filmNumber: number | undefined,
): LayerIdentity {
  const copperSide = base.type === 'copper' && base.side !== null ? base.side : 'inner';
  const side = layer.type === 'copper' && layer.side === null ? copperSide : layer.side;
  const identity = withEvidence(base, {
    type: layer.type,
    side,
    source,
    confidence: 'high',
    reason: layer.reason,
  });
  identity.cad = hints.cad ?? base.cad;
  const layerNumber = layer.layerNumber ?? filmNumber ?? base.layerNumber;
  if (layer.type === 'copper' && layerNumber !== undefined) identity.layerNumber = layerNumber;
  if (layer.plating) identity.plating = layer.plating;
  if (layer.rout) identity.rout = true;
  if (layer.auxiliary) identity.auxiliary = layer.auxiliary;
  return identity;
}

/** A name-based identity checked against what the content is. */
function reconcileWithFiletype(
  base: LayerIdentity,
  match: NameMatch | undefined,
  hints: ContentHints,
): LayerIdentity {
  if (hints.filetype === 'drill') {
    if (base.type === 'drill' || base.rout) return base;
    return withEvidence(base, {
      type: 'drill',
      side: 'all',
      source: 'content',
      confidence: base.type === null ? 'medium' : 'low',
      reason: 'Excellon content',
    });
  }
  if (base.type === 'drill' || base.rout || match?.identity.drillDrawing) {
    return withEvidence(base, {
      type: 'drawing',
      side: null,
      source: 'content',
      confidence: 'medium',
      reason: 'Gerber content under a drill file name: a drill drawing',
    });
  }
  if (base.type === null && base.auxiliary === undefined) {
    return withEvidence(base, {
      type: 'drawing',
      side: null,
      source: 'content',
      confidence: 'low',
      reason: 'Gerber content; the layer is not recognised from the name',
    });
  }
  return base;
}

function filmLayerNumber(filmName: string | undefined): number | undefined {
  if (filmName === undefined) return undefined;
  return matchFilename(`${filmName}.art`).find((match) => match.layerNumber !== undefined)
    ?.layerNumber;
}

function refineWithContent(
  named: LayerIdentity,
  match: NameMatch | undefined,
  hints: ContentHints,
): LayerIdentity {
  let identity: LayerIdentity = { ...named, filetype: hints.filetype };
  if (hints.filetype === null) {
    // A non-layer file the name recognised (a JSON job file, NC parameters) stays as named; any
    // other file that is neither Gerber nor Excellon cannot be drawn, whatever its name says.
    if (identity.auxiliary) return identity;
    identity = withEvidence(identity, {
      type: null,
      side: null,
      source: 'content',
      confidence: 'medium',
      reason: 'unable to determine filetype',
    });
    identity.auxiliary = 'other';
  } else if (hints.x2Layer) {
    identity = fromContentLayer(identity, hints.x2Layer, 'x2', hints, undefined);
  } else if (hints.headerLayer) {
    const filmNumber = filmLayerNumber(hints.filmName);
    identity = fromContentLayer(identity, hints.headerLayer, 'header', hints, filmNumber);
  } else {
    identity = reconcileWithFiletype(identity, match, hints);
  }
  identity.cad ??= hints.cad;
  if (hints.polarity) identity.polarity = hints.polarity;
  return identity;
}

function identifyFile(candidate: Candidate, uploadCad: CadFlavour | null): Working {
  const { file, matches, hints } = candidate;
  const match = pickMatch(matches, uploadCad);
  const named = fromName(file.filename, match, uploadCad);
  const identity = hints === null ? named : refineWithContent(named, match, hints);

  if (identity.type === 'drill' && identity.plating === undefined) {
    const plating = hints?.plating ?? platingFromName(file.filename);
    if (plating) identity.plating = plating;
  }
  const positionFromName = match?.layerNumber !== undefined && identity.source === 'name';
  const working: Working = { identity, positionFromName };
  if (identity.type === 'copper' && match?.innerOrder) working.innerOrder = match.innerOrder;
  return working;
}

/**
 * Allegro numbers its films by stack position (lyr1 ... lyrN) without saying which is the bottom:
 * the highest-numbered one is, unless its header says otherwise.
 */
function markAllegroBottom(layers: readonly Working[]): void {
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
 * A drill file of unknown plating holds the plated holes when the non-plated ones have their own
 * file (KiCad `board.drl` beside `board-NPTH.drl`).
 */
function inferPlatedDrill(layers: readonly Working[]): void {
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
function numberCopperStack(layers: readonly Working[]): void {
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

/**
 * Identifies an upload's files as one set: by name per CAD flavour, ties broken by the CAD tool
 * most of the set's names and headers point to, then refined by content (X2 attributes, CAD header
 * comments, Gerber-vs-Excellon sniffing), which wins over the name. Returns one identity per file,
 * in input order.
 */
export function identifyLayers(files: readonly LayerFile[]): LayerIdentity[] {
  const candidates: Candidate[] = files.map((file) => ({
    file,
    matches: matchFilename(file.filename),
    hints: file.content === undefined ? null : readContent(file.content),
  }));
  const uploadCad = chooseUploadCad(candidates);
  const layers = candidates.map((candidate) => identifyFile(candidate, uploadCad));
  markAllegroBottom(layers);
  inferPlatedDrill(layers);
  numberCopperStack(layers);
  return layers.map((layer) => layer.identity);
}
