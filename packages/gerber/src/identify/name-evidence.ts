// What a file name says, as evidence: the naming rule of a CAD tool or the words of the name
// (whichever says more, as the rules below decide), and the other at a lower weight when they
// disagree. The CAD tool most of the upload's names and headers point to breaks ties.

import { type Evidence, type Verdict, WEIGHTS } from './evidence.ts';
import { CAD_FLAVOURS, type CadFlavour, type Confidence, EAGLE_FLAVOURS } from './layer-types.ts';
import type { NameMatch } from './match-filename.ts';
import type { NameRule } from './name-rules.ts';
import type { WordReading } from './name-words.ts';
import { cadName, verdictWords } from './plain-words.ts';
import type { ContentHints } from './read-content.ts';

/** A file of the upload with what its name and head say. */
export interface NameClues {
  matches: NameMatch[];
  words: WordReading | null;
  hints: ContentHints | null;
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
export function chooseUploadCad(files: readonly NameClues[]): CadFlavour | null {
  const votes = new Map<CadFlavour, number>();
  const vote = (cad: CadFlavour) => votes.set(cad, (votes.get(cad) ?? 0) + 1);
  for (const file of files) {
    const named = new Set<CadFlavour>();
    for (const match of file.matches) {
      if (match.rule.cad !== null && match.rule.strength >= 1) named.add(match.rule.cad);
    }
    named.forEach(vote);
    if (file.hints?.cad) cadsOfGenerator(file.hints.cad).forEach(vote);
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

/**
 * The strongest match; between equally strong ones a rule that names the layer over one that
 * names only a side, then the upload's CAD tool, then rule order.
 */
function pickMatch(
  matches: readonly NameMatch[],
  uploadCad: CadFlavour | null,
): NameMatch | undefined {
  let best: NameMatch | undefined;
  const rank = (match: NameMatch) =>
    match.rule.strength * 4 +
    (match.rule.sideOnly ? 0 : 2) +
    (match.rule.cad === uploadCad ? 1 : 0);
  for (const match of matches) {
    if (best === undefined || rank(match) > rank(best)) best = match;
  }
  return best;
}

function ruleConfidence(match: NameMatch, uploadCad: CadFlavour | null): Confidence {
  if (match.rule.strength === 0) return 'low';
  if (match.rule.cad === uploadCad || (match.rule.cad === null && match.rule.strength >= 2)) {
    return 'high';
  }
  return 'medium';
}

function verdictOf(match: NameMatch): Verdict {
  const { identity } = match;
  const verdict: Verdict = { type: identity.type, side: identity.side };
  if (identity.auxiliary) verdict.auxiliary = identity.auxiliary;
  if (identity.rout) verdict.rout = true;
  if (match.layerNumber !== undefined) verdict.layerNumber = match.layerNumber;
  return verdict;
}

function ruleWeight(rule: NameRule, uploadCad: CadFlavour | null): number {
  const base = rule.sideOnly
    ? WEIGHTS.extension
    : ([WEIGHTS.fallback, WEIGHTS.extension, WEIGHTS.layerInName, WEIGHTS.nonLayerName][
        rule.strength
      ] as number);
  return rule.strength > 0 && rule.cad !== null && rule.cad === uploadCad
    ? base + WEIGHTS.uploadTool
    : base;
}

function ruleSays(match: NameMatch, verdict: Verdict): string {
  const { rule } = match;
  const matched = match.matched ?? '';
  if (rule.strength === 0) return `the extension ${matched}: a Gerber or drill file name`;
  const what = verdictWords(verdict);
  const convention = rule.convention ?? (rule.cad === null ? null : cadName(rule.cad));
  const tool = convention === null ? '' : ` in ${convention} naming`;
  if (rule.strength === 1) return `the extension ${matched}: ${what}${tool}`;
  return `the file name (…${matched}): ${what}${tool}`;
}

function wordsWeight(words: WordReading): number {
  if (words.strength === 3) return WEIGHTS.nonLayerName;
  if (words.fromExtension) return WEIGHTS.wordsInExtension;
  return words.strength === 2 ? WEIGHTS.nameWords : WEIGHTS.weakName;
}

function wordsSays(words: WordReading, verdict: Verdict): string {
  return `the words of the file name (${words.words.join(' ')}): ${verdictWords(verdict)}`;
}

export interface NameReading {
  /** The match that speaks for the name: a CAD tool's rule, or the name's words. */
  match: NameMatch | undefined;
  byWords: boolean;
  words: WordReading | null;
  evidence: Evidence[];
}

/** The evidence of a file's name, the chosen reading first. */
export function readName(file: NameClues, uploadCad: CadFlavour | null): NameReading {
  const ruleMatch = pickMatch(file.matches, uploadCad);
  const { words } = file;
  const byWords = words !== null && wordsOutrank(words, ruleMatch);
  const evidence: Evidence[] = [];
  const ruleEvidence = (match: NameMatch, weight: number): Evidence => {
    const verdict = verdictOf(match);
    return {
      kind: match.rule.strength === 0 ? 'fallback' : 'name',
      verdict,
      weight,
      confidence: ruleConfidence(match, uploadCad),
      says: ruleSays(match, verdict),
    };
  };
  const wordEvidence = (reading: WordReading, weight: number): Evidence => {
    const verdict = verdictOf(wordMatch(reading));
    if (reading.plating) verdict.plating = reading.plating;
    return {
      kind: 'words',
      verdict,
      weight,
      confidence: reading.strength === 1 ? 'low' : 'medium',
      says: wordsSays(reading, verdict),
    };
  };
  if (byWords && words) {
    evidence.push(wordEvidence(words, wordsWeight(words)));
    // The rule the words outranked still counts, a little.
    if (ruleMatch && ruleMatch.rule.strength >= 1 && !sameLayer(ruleMatch, words)) {
      evidence.push(ruleEvidence(ruleMatch, WEIGHTS.weakName));
    }
  } else if (ruleMatch) {
    evidence.push(ruleEvidence(ruleMatch, ruleWeight(ruleMatch.rule, uploadCad)));
    // Layer words the rule outranked still count, a little (`…_smdmask_top.gbr` is not copper).
    if (words && words.strength === 2 && !words.fromExtension && !sameLayer(ruleMatch, words)) {
      evidence.push(wordEvidence(words, WEIGHTS.weakName));
    }
  }
  return { match: byWords && words ? wordMatch(words) : ruleMatch, byWords, words, evidence };
}

function sameLayer(match: NameMatch, words: WordReading): boolean {
  return match.identity.type === words.type && match.identity.side === words.side;
}
