// Layer names read as words: a file name is split into words (at separators, case changes, digits
// and, for run-together names such as BOTTOMSOLDERMASK, at the words of the vocabulary) and the
// words are matched against the vocabulary CAD tools use for layers, in English, the usual
// abbreviations and a few other languages. This reads names no per-tool rule table lists:
// `Top SMT Paste`, `SilkscreenBottom.gdo`, `Resist-A.fph`, `IRNASIoTbank1.2.PosiTop`.

import type { AuxiliaryKind, DrillPlating, LayerSide, LayerType } from './layer-types.ts';
import {
  BOTTOM_WORDS,
  INNER_WORDS,
  type Kind,
  LAYER_WORDS,
  NC_EXTENSIONS,
  NON_LAYER_EXTENSIONS,
  NON_PLATED,
  PLANE_WORDS,
  PLATED,
  POSITION_WORDS,
  TOP_WORDS,
  TYPE_WORDS,
  VOCABULARY,
} from './name-vocabulary.ts';

/** What the words of a name say; null fields when they say nothing about that. */
export interface WordReading {
  type: LayerType | null;
  side: LayerSide | null;
  auxiliary?: AuxiliaryKind;
  plating?: DrillPlating;
  /** The number after a copper word: the position in the stack (1 = top). */
  position?: number;
  /** The number after an inner-layer word: the order among the inner layers only. */
  innerIndex?: number;
  /** An NC file whose words name the board contour: a rout program. */
  rout?: true;
  /**
   * 3: a file that is not a layer; 2: a layer word (copper, mask, silk, paste, outline, drill,
   * drawing); 1: only weak words (a side alone, a plane name, a numbered film).
   */
  strength: 1 | 2 | 3;
  /** Read from the extension alone (the rest of the name said nothing). */
  fromExtension?: true;
  words: string[];
}

/**
 * Cuts a lower-cased run of letters into vocabulary words where it is made of them only, e.g.
 * `bottomsoldermask` -> bottom, solder, mask. A run that is not wholly made of vocabulary words
 * stays whole (a project name is left alone).
 */
function cutRun(run: string): string[] {
  if (run.length < 6) return [run];
  const best: (string[] | null)[] = new Array(run.length + 1).fill(null);
  best[0] = [];
  for (let end = 1; end <= run.length; end++) {
    for (const word of VOCABULARY) {
      const start = end - word.length;
      if (start < 0) continue;
      const before = best[start];
      if (before && run.startsWith(word, start)) {
        const candidate = [...before, word];
        const current = best[end];
        if (!current || candidate.length < current.length) best[end] = candidate;
      }
    }
  }
  const whole = best[run.length];
  return whole && whole.length > 1 ? whole : [run];
}

/** The words of one separator-delimited part of a name, in order. */
function partWords(part: string): string[] {
  const pieces = part
    // camelCase and letter/digit boundaries: SilkscreenBottom, L01, InnerLayer1
    .replace(/([a-zà-ÿ])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-zà-ÿ])/g, '$1 $2')
    .replace(/([A-Za-zÀ-ÿ])(\d)/g, '$1 $2')
    .replace(/(\d)([A-Za-zÀ-ÿ])/g, '$1 $2')
    .toLowerCase()
    .split(/\s+/)
    .filter((piece) => piece !== '');
  return pieces.flatMap((piece) => (/^\d+$/.test(piece) ? [piece] : cutRun(piece)));
}

/** The base name's parts (split at separators), each as its words; the extension is the last part. */
export function nameParts(baseName: string): string[][] {
  return baseName
    .split(/[\s._\-+()[\]{},;~#@!&=]+/)
    .filter((part) => part !== '')
    .map(partWords)
    .filter((words) => words.length > 0);
}

function numberAfter(words: readonly string[], index: number): number | undefined {
  const next = words[index + 1];
  return next !== undefined && /^\d{1,2}$/.test(next) ? Number(next) : undefined;
}

function sideOf(word: string): LayerSide | null {
  if (TOP_WORDS.has(word)) return 'top';
  if (BOTTOM_WORDS.has(word)) return 'bottom';
  return null;
}

interface Scan {
  kinds: { kind: Kind; at: number }[];
  sides: { side: LayerSide; at: number }[];
  plating?: DrillPlating;
  position?: number;
  innerIndex?: number;
  plane: boolean;
  layerWord: boolean;
  mechanicalNumber: boolean;
  all: string[];
}

function scanWords(words: readonly string[]): Scan {
  const scan: Scan = {
    kinds: [],
    sides: [],
    plane: false,
    layerWord: false,
    mechanicalNumber: false,
    all: [...words],
  };
  words.forEach((word, at) => {
    const next = words[at + 1];
    // Two-word terms: paste mask, metal mask, solder paste/mask/resist, read me, drill map...
    // An SMD mask (Sprint-Layout) is the stencil of the SMD pads: paste.
    if (word === 'paste' || ((word === 'metal' || word === 'smd') && next === 'mask')) {
      scan.kinds.push({ kind: 'solderpaste', at });
      return;
    }
    const before = words[at - 1];
    if (word === 'mask' && (before === 'paste' || before === 'metal' || before === 'smd')) return;
    if (word === 'read' && next === 'me') {
      scan.kinds.push({ kind: 'not-a-layer', at });
      return;
    }
    if (word === 'solder' && next !== 'mask' && next !== 'paste' && next !== 'resist') {
      // Allegro soldertop / solderbotm: the solder mask film.
      if (words.some((other) => sideOf(other) !== null))
        scan.kinds.push({ kind: 'soldermask', at });
      return;
    }
    if (word === 'thru' || word === 'through') {
      if (next === 'hole' && words.some((other) => PLATED.has(other) || NON_PLATED.has(other))) {
        scan.kinds.push({ kind: 'drill', at });
      }
      return;
    }
    if (word === 'mechanical') {
      if (numberAfter(words, at) !== undefined) scan.mechanicalNumber = true;
      else scan.kinds.push({ kind: 'drawing', at });
      return;
    }
    if (word === 'non' && next === 'plated') {
      scan.plating = 'non-plated';
      return;
    }
    if (NON_PLATED.has(word)) scan.plating = 'non-plated';
    else if (PLATED.has(word) && words[at - 1] !== 'non') scan.plating ??= 'plated';
    if (word.startsWith('outl') && word.length <= 9) scan.kinds.push({ kind: 'outline', at });
    const kind = TYPE_WORDS[word];
    if (kind) scan.kinds.push({ kind, at });
    const side = sideOf(word);
    if (side) scan.sides.push({ side, at });
    if (PLANE_WORDS.has(word)) scan.plane = true;
    if (LAYER_WORDS.has(word)) scan.layerWord = true;
    const number = numberAfter(words, at);
    if (number !== undefined && number > 0) {
      if (POSITION_WORDS.has(word) || (word === 'copper' && words[at - 1] !== 'inner')) {
        scan.position ??= number;
      } else if (INNER_WORDS.has(word) || word === 'pgp' || PLANE_WORDS.has(word)) {
        scan.innerIndex ??= number;
      }
    }
    if (word === 'pgp') scan.plane = true;
    if (INNER_WORDS.has(word) && word !== 'in') scan.plane = true;
    if (word === 'in' && number !== undefined) scan.plane = true;
  });
  return scan;
}

// Which kind decides when a name has several: a non-layer marker, then a drawing qualifier
// (assembly top, drill drawing, copper removal), then the layer words by how specific they are.
const KIND_RANK: readonly Kind[] = [
  'not-a-layer',
  'drawing',
  'solderpaste',
  'soldermask',
  'silkscreen',
  'drill',
  'outline',
  'copper',
];

function bestKind(scan: Scan): Kind | null {
  for (const kind of KIND_RANK) if (scan.kinds.some((found) => found.kind === kind)) return kind;
  return null;
}

function auxiliaryFor(words: readonly string[]): AuxiliaryKind {
  if (words.some((word) => ['xy', 'centroid', 'placement', 'pnp', 'cpl'].includes(word))) {
    return 'placement';
  }
  if (words.includes('bom')) return 'bill-of-materials';
  if (words.some((word) => word.startsWith('param'))) return 'drill-parameters';
  if (
    words.some((word) =>
      ['report', 'log', 'info', 'tool', 'tools', 'aperture', 'wheel'].includes(word),
    )
  ) {
    return 'report';
  }
  return 'other';
}

/** The side the words give: the last side word (`Drill TOP-BOT` names both: no side). */
function sideFrom(scan: Scan): LayerSide | null {
  const sides = new Set(scan.sides.map(({ side }) => side));
  if (sides.size !== 1) return null;
  return [...sides][0] ?? null;
}

/** A/B suffix (Zuken Resist-A, Symbol-B): the last word of the name before the extension. */
function letterSide(parts: readonly string[][]): LayerSide | null {
  const stem = parts[parts.length - 1];
  const last = stem?.[stem.length - 1];
  if (last === 'a') return 'top';
  if (last === 'b') return 'bottom';
  return null;
}

/**
 * Reads a file's base name as words. Returns null when the words say nothing about the file.
 * The extension counts as words too (Target 3001 writes `board.PosiTop`), and marks files that
 * are never layers (`.ipc`, `.log`, `.gvp`...).
 */
export function readNameWords(baseName: string): WordReading | null {
  const lower = baseName.toLowerCase();
  const dot = lower.lastIndexOf('.');
  const extension = dot < 0 ? '' : lower.slice(dot + 1);
  const parts = nameParts(baseName);
  const auxiliary = NON_LAYER_EXTENSIONS[extension];
  if (auxiliary) return { type: null, side: null, auxiliary, strength: 3, words: parts.flat() };
  // The words before the extension speak first; the extension's own words only when they say
  // nothing (Target 3001 puts the layer in the extension: `board.PosiTop`).
  const stem = dot < 0 ? parts : parts.slice(0, -1);
  const fromStem = readWords(stem, extension);
  if (fromStem || dot < 0) return fromStem;
  const fromExtension = readWords(parts.slice(-1), extension);
  return fromExtension && { ...fromExtension, fromExtension: true };
}

function readWords(parts: readonly string[][], extension: string): WordReading | null {
  const words = parts.flat();
  const scan = scanWords(words);
  const kind = bestKind(scan);
  if (kind === 'not-a-layer') {
    return { type: null, side: null, auxiliary: auxiliaryFor(words), strength: 3, words };
  }
  const side = sideFrom(scan) ?? (kind ? letterSide(parts) : null);
  if (kind === 'drawing') return { type: 'drawing', side: null, strength: 2, words };
  if (kind === 'drill') {
    const reading: WordReading = { type: 'drill', side: 'all', strength: 2, words };
    if (scan.plating) reading.plating = scan.plating;
    return reading;
  }
  if (kind === 'outline' || (kind === null && scan.mechanicalNumber)) {
    const reading: WordReading = { type: 'outline', side: 'all', strength: 2, words };
    if (NC_EXTENSIONS.has(extension)) reading.rout = true;
    return reading;
  }
  if (kind === 'soldermask' || kind === 'silkscreen' || kind === 'solderpaste') {
    return { type: kind, side, strength: side ? 2 : 1, words };
  }
  const numbered = scan.position !== undefined || scan.innerIndex !== undefined;
  if (kind === 'copper' || scan.plane || numbered || (side && !NC_EXTENSIONS.has(extension))) {
    const reading: WordReading = {
      type: 'copper',
      side: scan.innerIndex !== undefined || (scan.plane && !side) ? 'inner' : side,
      strength: kind === 'copper' ? 2 : 1,
      words,
    };
    if (scan.innerIndex !== undefined) reading.innerIndex = scan.innerIndex;
    else if (scan.position !== undefined && reading.side !== 'inner') {
      reading.position = scan.position;
      if (!reading.side) reading.side = scan.position === 1 ? 'top' : 'inner';
    }
    return reading.side === null ? null : reading;
  }
  return null;
}
