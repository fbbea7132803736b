// Scores identification on the names-only corpus (corpus/names-corpus.json): boards of CAD tools
// the shared fixtures do not have, each uploaded as one set of file names.
import { identifyLayers } from './identify-layers.ts';
import type { LayerIdentity } from './layer-types.ts';

export interface CorpusFile {
  name: string;
  expect: string;
  commit?: string;
}

export interface CorpusBoard {
  board: string;
  cad: string;
  source: { repo: string; path: string; commit: string; listedIn?: string };
  note?: string;
  files: CorpusFile[];
}

export interface Corpus {
  boards: CorpusBoard[];
}

/** The identity a corpus expectation names, in the words the corpus uses. */
export function describeForCorpus(identity: LayerIdentity): string {
  if (identity.type === null) return identity.auxiliary ? 'not a layer' : 'not recognised';
  if (identity.type === 'drill') {
    return identity.plating === 'plated' || identity.plating === 'non-plated'
      ? `drill ${identity.plating}`
      : 'drill';
  }
  if (identity.type === 'outline' || identity.type === 'drawing') return identity.type;
  return `${identity.type} ${identity.side}`;
}

/** Whether an identity is what the corpus expects ('drill' alone accepts any plating). */
export function meetsExpectation(identity: LayerIdentity, expected: string): boolean {
  const got = describeForCorpus(identity);
  if (expected === 'drill') return identity.type === 'drill';
  return got === expected;
}

export interface CorpusScore {
  right: number;
  total: number;
  boards: number;
  misses: string[];
}

export function scoreCorpus(corpus: Corpus): CorpusScore {
  const score: CorpusScore = { right: 0, total: 0, boards: corpus.boards.length, misses: [] };
  for (const board of corpus.boards) {
    const identities = identifyLayers(board.files.map((file) => ({ filename: file.name })));
    board.files.forEach((file, index) => {
      const identity = identities[index] as LayerIdentity;
      score.total++;
      if (meetsExpectation(identity, file.expect)) score.right++;
      else {
        score.misses.push(
          `${board.board}: ${file.name} expected ${file.expect}, got ${describeForCorpus(identity)} (${identity.reason})`,
        );
      }
    });
  }
  return score;
}

/** A board of the content corpus (corpus/content-corpus.json): its files are read, not only named. */
export interface ContentCorpusBoard extends CorpusBoard {
  source: CorpusBoard['source'] & { licence: string; original?: string };
}

export interface ContentCorpus {
  boards: ContentCorpusBoard[];
}

/** How one board's files were identified against what the corpus expects of them. */
export interface BoardScore {
  board: string;
  cad: string;
  right: number;
  total: number;
  /** Right, but as a guess the user confirms (nothing names the file). */
  guessed: number;
  misses: string[];
}

/**
 * Scores one board's identities (null for a file the upload does not identify as a layer: a
 * table, a document) against the corpus: a file that is no layer meets `not a layer`.
 */
export function scoreBoard(
  board: CorpusBoard,
  identities: readonly (LayerIdentity | null)[],
): BoardScore {
  const score: BoardScore = {
    board: board.board,
    cad: board.cad,
    right: 0,
    total: 0,
    guessed: 0,
    misses: [],
  };
  board.files.forEach((file, index) => {
    const identity = identities[index] ?? null;
    score.total++;
    const right =
      identity === null ? file.expect === 'not a layer' : meetsExpectation(identity, file.expect);
    if (right) {
      score.right++;
      if (identity?.guessed) score.guessed++;
      return;
    }
    const got = identity === null ? 'not a layer' : describeForCorpus(identity);
    score.misses.push(
      `${board.board}: ${file.name} expected ${file.expect}, got ${got}${identity ? ` (${identity.reason})` : ''}`,
    );
  });
  return score;
}
