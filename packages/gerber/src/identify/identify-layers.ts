import type { ContentLayer } from './content-layer.ts';
import {
  copperCoverage,
  type ImageSummary,
  imageKind,
  padOverlap,
  summariseImage,
} from './image-evidence.ts';
import { jobFileLayers } from './job-file.ts';
import {
  CAD_FLAVOURS,
  type CadFlavour,
  type Confidence,
  EAGLE_FLAVOURS,
  type IdentitySource,
  type LayerIdentity,
} from './layer-types.ts';
import {
  baseName,
  type InnerOrder,
  matchFilename,
  type NameMatch,
  platingFromName,
} from './match-filename.ts';
import type { NameRule } from './name-rules.ts';
import { readNameWords, type WordReading } from './name-words.ts';
import { type ContentHints, readContent } from './read-content.ts';

export interface LayerFile {
  filename: string;
  /** The file's text; only its head is read. Without it the name alone decides. */
  content?: string;
}

interface Candidate {
  file: LayerFile;
  matches: NameMatch[];
  words: WordReading | null;
  hints: ContentHints | null;
}

/** An identity plus what the whole-upload pass needs to finish it. */
interface Working {
  identity: LayerIdentity;
  innerOrder?: InnerOrder;
  /** The stack position came from the file name (Allegro lyrN), not from the file's header. */
  positionFromName: boolean;
  /** The name's words chose the side of a sided layer they could not place (decided by the set). */
  sideless?: true;
  /** Named as a drawing that carries the outline (OrCAD .fab, .drd). */
  outlineDrawing?: true;
}

// The rule a name's words stand for: no CAD tool, as strong as the words.
function wordRule(reading: WordReading): NameRule {
  return {
    cad: null,
    strength: reading.strength,
    pattern: /words/,
    extensions: null,
    identity: { type: reading.type, side: reading.side },
  };
}

/** A name match made of what the name's words say. */
function wordMatch(reading: WordReading): NameMatch {
  const identity: NameMatch['identity'] = { type: reading.type, side: reading.side };
  if (reading.auxiliary) identity.auxiliary = reading.auxiliary;
  if (reading.rout) identity.rout = true;
  const match: NameMatch = { rule: wordRule(reading), identity };
  if (reading.position !== undefined) match.layerNumber = reading.position;
  if (reading.innerIndex !== undefined) {
    match.innerOrder = { series: 'words', index: reading.innerIndex };
  }
  return match;
}

const isLayer = (match: NameMatch) =>
  match.identity.type !== null && match.identity.type !== 'drawing';

/**
 * Whether the name's words outrank the per-tool rule that matched: they decide where no rule
 * matched or only a fallback did, where they are stronger, and where they qualify a layer name
 * as a drawing of it (`asy_top`, `copper_top_removal`). Words read from the extension alone
 * never overrule a rule that knows that extension.
 */
function wordsOutrank(words: WordReading, match: NameMatch | undefined): boolean {
  if (match === undefined) return true;
  const { strength } = match.rule;
  if (strength === 3) return false;
  if (words.fromExtension) return strength === 0;
  if (words.strength === 3 || words.strength > strength) return true;
  if (match.identity.fallback || strength === 0) return true;
  // A rule that knows its name for a drill drawing (gEDA fab) keeps the identity users of that
  // tool expect from the name alone; the content tells the drawing apart.
  if (match.identity.drillDrawing) return false;
  return words.type === 'drawing' && isLayer(match) && words.strength >= strength;
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
    confidence: layer.confidence ?? 'high',
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

function wordsReason(words: WordReading): string {
  const said = words.type ?? `not a layer (${words.auxiliary})`;
  return `words of the file name (${words.words.join(' ')}): ${said}${words.side ? ` ${words.side}` : ''}`;
}

function identifyFile(candidate: Candidate, uploadCad: CadFlavour | null): Working {
  const { file, matches, hints, words } = candidate;
  const ruleMatch = pickMatch(matches, uploadCad);
  const byWords = words !== null && wordsOutrank(words, ruleMatch);
  const match = byWords ? wordMatch(words) : ruleMatch;
  const named = fromName(file.filename, match, uploadCad);
  if (byWords) {
    named.reason = wordsReason(words);
    // A side the words could not give is settled by the upload as a whole, at low confidence.
    named.confidence = words.strength === 1 ? 'low' : 'medium';
  }
  const identity = hints === null ? named : refineWithContent(named, match, hints);

  if (identity.type === 'drill' && identity.plating === undefined) {
    const plating = hints?.plating ?? platingFromName(file.filename) ?? words?.plating;
    if (plating) identity.plating = plating;
  }
  const positionFromName = match?.layerNumber !== undefined && identity.source === 'name';
  const working: Working = { identity, positionFromName };
  if (identity.type === 'copper' && match?.innerOrder) working.innerOrder = match.innerOrder;
  if (identity.source === 'name' && match?.identity.outlineDrawing) working.outlineDrawing = true;
  if (identity.type !== null && identity.type !== 'drawing' && identity.side === null) {
    working.sideless = true;
  }
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
 * A Gerber job file in the upload states each file's function: it outranks the file's name and
 * header (not the file's own X2 attributes, which say the same when both are there).
 */
function applyJobFiles(layers: Working[], candidates: readonly Candidate[]): void {
  const stated = new Map<string, ContentLayer>();
  layers.forEach((layer, index) => {
    const content = candidates[index]?.file.content;
    if (layer.identity.auxiliary === 'job' && content !== undefined) {
      for (const [name, fn] of jobFileLayers(content)) stated.set(name, fn);
    }
  });
  if (stated.size === 0) return;
  layers.forEach((layer, index) => {
    const fn = stated.get(baseName(layer.identity.filename).toLowerCase());
    if (
      !fn ||
      layer.identity.source === 'x2' ||
      (layer.identity.filetype === null && candidates[index]?.file.content !== undefined)
    )
      return;
    const hints = candidates[index]?.hints ?? {
      filetype: null,
      cad: null,
      x2Layer: null,
      headerLayer: null,
    };
    const { filetype, polarity } = layer.identity;
    layer.identity = fromContentLayer(layer.identity, fn, 'x2', hints, undefined);
    layer.identity.filetype = filetype;
    if (polarity) layer.identity.polarity = polarity;
    layer.positionFromName = false;
    delete layer.sideless;
    delete layer.outlineDrawing;
  });
}

/** A Gerber file neither its name nor its header placed. */
function unplaced(layer: Working): boolean {
  const { identity } = layer;
  if (identity.filetype !== 'gerber' || identity.auxiliary) return false;
  return (
    identity.type === null ||
    (identity.type === 'drawing' &&
      (identity.confidence === 'low' || identity.confidence === 'none'))
  );
}

function setImageIdentity(
  layer: Working,
  type: 'soldermask' | 'solderpaste' | 'outline',
  side: 'top' | 'bottom' | 'all' | null,
  reason: string,
): void {
  const { identity } = layer;
  identity.type = type;
  identity.side = side;
  identity.source = 'content';
  identity.confidence = side === null ? 'low' : 'medium';
  identity.reason = reason;
  if (side === null) layer.sideless = true;
}

/**
 * Files still unplaced are read for what they draw (only then: it means parsing them). Pads
 * alone make a mask or paste layer: on the side whose copper pads they stand on, a mask when they
 * open (nearly) every copper pad of that side, a paste when only some. Closed loops of strokes
 * alone make the outline of an upload that has none.
 */
function readImages(layers: readonly Working[], candidates: readonly Candidate[]): void {
  const pending = layers
    .map((layer, index) => ({ layer, index }))
    .filter(({ layer }) => unplaced(layer));
  if (pending.length === 0) return;
  const summaries = new Map<number, ImageSummary | null>();
  const summaryOf = (index: number) => {
    if (!summaries.has(index)) {
      const content = candidates[index]?.file.content;
      summaries.set(index, content === undefined ? null : summariseImage(content));
    }
    return summaries.get(index) ?? null;
  };
  const copperOf = (side: 'top' | 'bottom') =>
    layers.findIndex(
      (layer) =>
        layer.identity.type === 'copper' &&
        layer.identity.side === side &&
        layer.identity.filetype === 'gerber',
    );
  const has = (type: string, side: string) =>
    layers.some((layer) => layer.identity.type === type && layer.identity.side === side);

  for (const { layer, index } of pending) {
    const summary = summaryOf(index);
    const kind = summary && imageKind(summary);
    if (!summary || !kind) continue;
    if (kind === 'outline') {
      if (!layers.some((other) => other.identity.type === 'outline')) {
        setImageIdentity(
          layer,
          'outline',
          'all',
          'closed loops of strokes and nothing else: an outline',
        );
      }
      continue;
    }
    let best: { side: 'top' | 'bottom'; overlap: number; coverage: number } | null = null;
    for (const side of ['top', 'bottom'] as const) {
      const copperIndex = copperOf(side);
      const copper = copperIndex < 0 ? null : summaryOf(copperIndex);
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
    if (best === null) {
      const bothMasks = has('soldermask', 'top') && has('soldermask', 'bottom');
      setImageIdentity(
        layer,
        bothMasks ? 'solderpaste' : 'soldermask',
        null,
        'pads and no tracks: a solder mask or paste layer',
      );
      continue;
    }
    let type: 'soldermask' | 'solderpaste' = best.coverage >= 0.9 ? 'soldermask' : 'solderpaste';
    if (has(type, best.side)) type = type === 'soldermask' ? 'solderpaste' : 'soldermask';
    const percent = Math.round(best.coverage * 100);
    setImageIdentity(
      layer,
      type,
      best.side,
      `pads and no tracks, on the ${best.side} copper pads (${percent}% of them): ${type === 'soldermask' ? 'solder mask' : 'paste'}`,
    );
  }
}

/**
 * Two of a kind make a top and a bottom: a mask, silkscreen, paste or copper layer whose name
 * gives no side takes the side its kind still lacks in the upload; two of a kind without sides
 * are taken as top then bottom, in name order. A third stays unplaced (the user chooses).
 */
function placeSidelessLayers(layers: readonly Working[]): void {
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
function demoteOutlineDrawings(layers: readonly Working[]): void {
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
    words: readNameWords(baseName(file.filename).slice(-255)),
    hints: file.content === undefined ? null : readContent(file.content),
  }));
  const uploadCad = chooseUploadCad(candidates);
  const layers = candidates.map((candidate) => identifyFile(candidate, uploadCad));
  applyJobFiles(layers, candidates);
  markAllegroBottom(layers);
  readImages(layers, candidates);
  placeSidelessLayers(layers);
  demoteOutlineDrawings(layers);
  inferPlatedDrill(layers);
  numberCopperStack(layers);
  return layers.map((layer) => layer.identity);
}
