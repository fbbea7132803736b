import type { BoardRender } from '../lib/board-render.ts';
import type { RenderJob, RenderProgress } from '../lib/render-job.ts';

// What the page and the render worker say to each other.

export type ToRenderWorker = { type: 'render'; job: RenderJob };

export type FromRenderWorker =
  | { type: 'progress'; progress: RenderProgress }
  | { type: 'done'; render: BoardRender }
  | { type: 'failed'; message: string };
