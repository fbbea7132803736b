// The names-only corpus of boards from CAD tools outside the shared fixtures: identification
// must name at least 98% of their files right, each board uploaded as one set of names.
import { describe, expect, it } from 'vitest';
import { report } from '../test-support/fixture-files.ts';
import corpusJson from './corpus/names-corpus.json' with { type: 'json' };
import { type Corpus, scoreCorpus } from './corpus-score.ts';

const corpus = corpusJson as Corpus;

describe('names-only corpus of unseen CAD tools', () => {
  it('holds at least 30 boards from at least 15 CAD tools or versions, each with its source', () => {
    expect(corpus.boards.length).toBeGreaterThanOrEqual(30);
    expect(new Set(corpus.boards.map((board) => board.cad)).size).toBeGreaterThanOrEqual(15);
    for (const board of corpus.boards) {
      expect(board.source.repo).toMatch(/^[\w.-]+\/[\w.-]+$/);
      expect(board.source.commit).toMatch(/^[0-9a-f]{40}$/);
      expect(board.files.length).toBeGreaterThan(0);
    }
  });

  it('identifies at least 98% of the files right', () => {
    const score = scoreCorpus(corpus);
    const percent = (100 * score.right) / score.total;
    report(
      `names-only corpus: ${score.right}/${score.total} files right (${percent.toFixed(1)}%) on ${score.boards} boards` +
        (score.misses.length > 0 ? `\n  missed:\n  ${score.misses.join('\n  ')}` : ''),
    );
    expect(percent).toBeGreaterThanOrEqual(98);
  });
});
