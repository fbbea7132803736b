import type { LocalBoard, LocalBoardProgress } from '../lib/local-board.ts';

export type ToLocalBoardWorker =
  /** Warm the engine up while waiting for files (sent to a worker started ahead of a drop). */
  { type: 'warm-up' } | { type: 'analyse'; files: { name: string; bytes: ArrayBuffer }[] };

export type LocalBoardWorkerProgress = LocalBoardProgress | { stage: 'read'; files: number };

export type FromLocalBoardWorker =
  | { type: 'progress'; progress: LocalBoardWorkerProgress }
  | { type: 'done'; board: LocalBoard }
  | { type: 'failed'; message: string };
