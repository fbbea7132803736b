// Identification weighs evidence instead of letting one kind override another: every clue about
// a file (its name, the words of its name, X2 attributes, a CAD tool's header comments, the layer
// name written in the file, what its picture looks like, the upload's job file) is a verdict with
// a weight, and the verdict with the most weight wins. A clear name of a known convention is not
// overturned by a weak content rule, and each decision keeps its evidence in plain words.

import type {
  AuxiliaryKind,
  Confidence,
  DrillPlating,
  Filetype,
  IdentitySource,
  LayerSide,
  LayerType,
} from './layer-types.ts';

/** What one piece of evidence says a file is. */
export interface Verdict {
  type: LayerType | null;
  /** null with a sided type: the evidence names the type but not the side. */
  side: LayerSide | null;
  auxiliary?: AuxiliaryKind;
  rout?: true;
  layerNumber?: number;
  plating?: DrillPlating;
}

export type EvidenceKind =
  | 'x2' // the file's own X2 FileFunction
  | 'job' // the upload's Gerber job file
  | 'header' // a CAD tool's header comments (Allegro film records, gEDA and DipTrace layer names)
  | 'file-layer-name' // a layer name written in the file (%LN, G04 Layer:), read as words
  | 'weak-header' // a header rule that only hints (gEDA layer group numbers)
  | 'name' // a naming rule of a CAD tool
  | 'words' // the words of the file name
  | 'shape' // what the file draws (pads only, closed loops, round holes)
  | 'content' // Gerber or Excellon content
  | 'fallback'; // only that the name is a Gerber or drill name

export interface Evidence {
  kind: EvidenceKind;
  verdict: Verdict;
  weight: number;
  /** How sure this evidence alone is. */
  confidence: Confidence;
  /** The evidence in plain words, e.g. `the name ends in .gtl: top copper in KiCad and Altium naming`. */
  says: string;
  /** Content read through what the name says (a drill name on Gerber: its drawing): it names. */
  fromName?: true;
}

/**
 * The weights. An X2 attribute is the file's own statement; a job file states every file of the
 * upload; a CAD tool's header names the layer it wrote; a file name of a known convention is
 * next, a layer named in a known tool's way above an extension; a name marking a file that is
 * no layer (report, job file) is strong, since such names are specific. What the picture looks
 * like and a layer name in the file come after the name, and weak rules and fallbacks last.
 */
export const WEIGHTS = {
  x2: 100,
  job: 90,
  nonLayerName: 70,
  header: 60,
  layerInName: 50,
  nameWords: 45,
  excellonHoles: 45,
  extension: 40,
  fileLayerName: 35,
  wordsInExtension: 30,
  shape: 30,
  /** Words that say only a side or a plane, or a rule another CAD tool's upload would write. */
  weakName: 20,
  weakHeader: 15,
  excellonWithoutHoles: 10,
  fallback: 5,
  /** Added to a naming rule of the CAD tool the rest of the upload is named by. */
  uploadTool: 5,
} as const;

/** Kinds that name a file: without one of them a decision is a guess from what the file looks like. */
const NAMING_KINDS: ReadonlySet<EvidenceKind> = new Set([
  'x2',
  'job',
  'header',
  'file-layer-name',
  'name',
  'words',
]);

const SOURCE_BY_KIND: Readonly<Record<EvidenceKind, IdentitySource>> = {
  x2: 'x2',
  job: 'x2',
  header: 'header',
  'file-layer-name': 'header',
  'weak-header': 'header',
  name: 'name',
  words: 'name',
  shape: 'content',
  content: 'content',
  fallback: 'name',
};

const isNonLayer = (verdict: Verdict) => verdict.type === null;

/** Verdicts that agree: the same layer (any plating, position) or both not a layer. */
function key(verdict: Verdict): string {
  if (isNonLayer(verdict)) return 'not-a-layer';
  return `${verdict.type}|${verdict.side ?? '-'}|${verdict.rout ? 'rout' : ''}`;
}

/** Whether `general` (a sided type without its side) supports `specific`. */
function supports(general: Verdict, specific: Verdict): boolean {
  return (
    general.side === null &&
    general.type !== null &&
    general.type !== 'drawing' &&
    general.type === specific.type &&
    specific.side !== null &&
    Boolean(general.rout) === Boolean(specific.rout)
  );
}

/** Whether a verdict is possible for a file of this content. */
export function allowedFor(filetype: Filetype | 'neither' | null, evidence: Evidence): boolean {
  const { verdict } = evidence;
  if (filetype === null || isNonLayer(verdict)) return true;
  if (filetype === 'neither') return false;
  if (filetype === 'drill') return verdict.type === 'drill' || verdict.rout === true;
  // Gerber: a drill only where the file itself, the job file or its holes say so.
  if (verdict.type === 'drill' || verdict.rout) {
    return evidence.kind === 'x2' || evidence.kind === 'job' || evidence.kind === 'shape';
  }
  return true;
}

export interface Decision {
  verdict: Verdict;
  confidence: Confidence;
  source: IdentitySource;
  /** Decided by what the file looks like, not by anything that names it. */
  guessed: boolean;
  /** The evidence for the verdict, strongest first, then the strongest it outweighed. */
  reason: string;
  /** Every piece of evidence weighed, in plain words with its weight. */
  evidence: string[];
  /** The evidence that carried the verdict (its strongest supporter). */
  strongest: Evidence;
}

const CONFIDENCE_RANK: Readonly<Record<Confidence, number>> = {
  none: 0,
  low: 1,
  medium: 2,
  high: 3,
};

/**
 * The verdict with the most weight among the evidence possible for the file's content; null when
 * there is none. Evidence naming a type without a side counts for that type on either side.
 */
export function decide(
  all: readonly Evidence[],
  filetype: Filetype | 'neither' | null,
): Decision | null {
  const evidence = all.filter((item) => allowedFor(filetype, item));
  if (evidence.length === 0) return null;
  const totals = new Map<string, { total: number; members: Evidence[]; sample: Verdict }>();
  for (const item of evidence) {
    const k = key(item.verdict);
    const entry = totals.get(k) ?? { total: 0, members: [], sample: item.verdict };
    entry.total += item.weight;
    entry.members.push(item);
    totals.set(k, entry);
  }
  for (const entry of totals.values()) {
    for (const item of evidence) {
      if (supports(item.verdict, entry.sample)) {
        entry.total += item.weight;
        entry.members.push(item);
      }
    }
  }
  let best: { total: number; members: Evidence[]; sample: Verdict } | undefined;
  for (const entry of totals.values()) {
    const sided = entry.sample.side !== null;
    if (
      best === undefined ||
      entry.total > best.total ||
      (entry.total === best.total && sided && best.sample.side === null)
    ) {
      best = entry;
    }
  }
  if (!best) return null;
  const members = [...best.members].sort((a, b) => b.weight - a.weight);
  const strongest = members[0] as Evidence;
  const against = evidence
    .filter((item) => !members.includes(item))
    .sort((a, b) => b.weight - a.weight);
  const verdict = mergedVerdict(members);
  const confidence = members.reduce<Confidence>(
    (most, item) =>
      CONFIDENCE_RANK[item.confidence] > CONFIDENCE_RANK[most] ? item.confidence : most,
    'none',
  );
  const supporters = members
    .filter((item) => item.weight > 0)
    .slice(0, 3)
    .map((item) => item.says);
  // The strongest evidence the verdict outweighed, unless it only said the name is a Gerber name.
  const outweighed = against.find(
    (item) => item.kind !== 'fallback' && item.weight > WEIGHTS.fallback,
  );
  const reason = [...supporters, ...(outweighed ? [`outweighs: ${outweighed.says}`] : [])].join(
    '; ',
  );
  return {
    verdict,
    confidence,
    source: SOURCE_BY_KIND[strongest.kind],
    // A name the content rules out still names the verdict it agrees with (a drill name on a
    // Gerber file that draws the holes).
    guessed: !all.some(
      (item) =>
        (NAMING_KINDS.has(item.kind) || item.fromName === true) &&
        item.weight > 0 &&
        (members.includes(item) || key(item.verdict) === key(verdict)),
    ),
    reason: reason || strongest.says,
    evidence: all.map(
      (item) =>
        `${item.says} (weight ${item.weight}${allowedFor(filetype, item) ? '' : ', not possible for the content'})`,
    ),
    strongest,
  };
}

/** The verdict of the strongest supporter, with what stronger-to-weaker members add to it. */
function mergedVerdict(members: readonly Evidence[]): Verdict {
  const sorted = [...members].sort((a, b) => b.weight - a.weight);
  const first = sorted.find((item) => item.verdict.side !== null) ?? sorted[0];
  const verdict: Verdict = { ...(first as Evidence).verdict };
  for (const item of sorted) {
    if (verdict.layerNumber === undefined && item.verdict.layerNumber !== undefined) {
      verdict.layerNumber = item.verdict.layerNumber;
    }
    if (verdict.plating === undefined && item.verdict.plating !== undefined) {
      verdict.plating = item.verdict.plating;
    }
    if (verdict.auxiliary === undefined && item.verdict.auxiliary !== undefined) {
      verdict.auxiliary = item.verdict.auxiliary;
    }
  }
  return verdict;
}
