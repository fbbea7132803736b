import path from 'node:path';
import {
  type BoardScore,
  type ContentCorpus,
  type ContentCorpusBoard,
  scoreBoard,
} from '@circuits/gerber/corpus';
import contentCorpus from '@circuits/gerber/corpus/content-corpus.json' with { type: 'json' };
import { gerberCorpusDir, report } from '@circuits/gerber/test-support';
import { afterAll, describe, expect, it } from 'vitest';
import { createBoardWorkers } from '../board/board-workers.ts';
import { detectFiles } from './file-detection.ts';

// The Gerber corpus (packages/gerber …/corpus/content-corpus.json): real boards of CAD and CAM
// tools the shared fixtures lack, each uploaded as one set the way the upload reads it (names
// and heads through detectFiles, identified in the board worker pool). At least 98% of the files
// must come out as a fabricator names them.

const corpus = contentCorpus as ContentCorpus;
const root = gerberCorpusDir();
const workers = createBoardWorkers({
  workers: 1,
  timeoutMs: 60_000,
  memoryMb: 512,
  warmWorkers: 0,
});
afterAll(() => workers.close());

async function scoreOnAppPath(board: ContentCorpusBoard, folder: string): Promise<BoardScore> {
  const detections = await detectFiles(
    board.files.map((file) => ({
      fileName: file.name,
      path: path.join(folder, board.board, file.name),
    })),
    workers.identify,
  );
  return scoreBoard(
    board,
    detections.map((detection) => detection.layer),
  );
}

describe('Gerber corpus on the app path (names and contents)', () => {
  it('holds at least 15 boards, each with its repository, commit and licence', () => {
    expect(corpus.boards.length).toBeGreaterThanOrEqual(15);
    for (const board of corpus.boards) {
      expect(board.source.repo).toMatch(/^[\w.-]+\/[\w.-]+$/);
      expect(board.source.commit).toMatch(/^[0-9a-f]{40}$/);
      expect(board.source.licence).not.toBe('');
    }
  });

  it.skipIf(root === null)('identifies at least 98% of the files right', async () => {
    const scores: BoardScore[] = [];
    for (const board of corpus.boards) scores.push(await scoreOnAppPath(board, root!));
    const right = scores.reduce((sum, score) => sum + score.right, 0);
    const total = scores.reduce((sum, score) => sum + score.total, 0);
    const guessed = scores.reduce((sum, score) => sum + score.guessed, 0);
    const rows = scores.map(
      (score) =>
        `| ${score.cad} | ${score.board} | ${score.right}/${score.total} |${score.guessed ? ` ${score.guessed} guessed` : ''}`,
    );
    report(
      `Gerber corpus on the app path: ${right}/${total} files right (${((100 * right) / total).toFixed(1)}%), ${guessed} of them as guesses, on ${scores.length} boards\n` +
        `${rows.join('\n')}\n${scores.flatMap((score) => score.misses).join('\n')}`,
    );
    expect(right / total).toBeGreaterThanOrEqual(0.98);
  });
});

if (root === null) {
  report(
    'Gerber corpus on the app path: skipped, no corpus folder (corpus/gerber or GERBER_CORPUS_DIR)',
  );
}
