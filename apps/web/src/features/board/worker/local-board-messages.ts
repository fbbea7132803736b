import type { LocalBoard, LocalBoardProgress } from '../lib/local-board.ts';

export type ToLocalBoardWorker = { files: { name: string; bytes: ArrayBuffer }[] };

export type LocalBoardWorkerProgress = LocalBoardProgress | { stage: 'read'; files: number };

export type FromLocalBoardWorker =
  | { type: 'progress'; progress: LocalBoardWorkerProgress }
  | { type: 'done'; board: LocalBoard }
  | { type: 'failed'; message: string };
