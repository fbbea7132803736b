import { Alert, Progress, Stack, Text } from '@mantine/core';
import { BoardViewer } from '../../board/components/board-viewer.tsx';
import type { LocalBoard } from '../../board/lib/local-board.ts';
import type { LocalBoardWorkerProgress } from '../../board/worker/local-board-messages.ts';

// The instant quote's board: its reading in the browser's worker, with progress, then drawn.

const VIEWER_HEIGHT = 'clamp(300px, 55vh, 560px)';

/** Where the reading of the dropped files stands. */
export type Analysis =
  | { type: 'idle' }
  | { type: 'working'; progress: LocalBoardWorkerProgress | null }
  | { type: 'failed'; message: string }
  | { type: 'ready'; board: LocalBoard };

function progressText(progress: LocalBoardWorkerProgress | null): string {
  if (!progress) return 'Reading the files…';
  switch (progress.stage) {
    case 'read':
      return `Reading ${progress.files} file${progress.files === 1 ? '' : 's'}…`;
    case 'identify':
      return `Identifying ${progress.files} file${progress.files === 1 ? '' : 's'}…`;
    case 'render':
      return `Drawing ${progress.layers} layer${progress.layers === 1 ? '' : 's'} top and bottom…`;
    case 'done':
      return 'Done';
  }
}

const PROGRESS_VALUE: Record<LocalBoardWorkerProgress['stage'], number> = {
  read: 15,
  identify: 35,
  render: 70,
  done: 100,
};

export function BoardArea({ analysis, shared }: { analysis: Analysis; shared: boolean }) {
  if (analysis.type === 'working') {
    const stage = analysis.progress?.stage ?? 'read';
    return (
      <Stack gap={4} role="status" aria-label="Reading the board">
        <Text size="sm">{progressText(analysis.progress)}</Text>
        <Progress value={PROGRESS_VALUE[stage]} animated aria-label="Progress" />
      </Stack>
    );
  }
  if (analysis.type === 'failed') {
    return (
      <Alert color="red" title="The files could not be read">
        {analysis.message}
      </Alert>
    );
  }
  if (analysis.type === 'idle') {
    return (
      <Text size="sm" c="dimmed" ta="center" py="md">
        {shared
          ? 'This quote was shared without its files: the options and price are those of the link.'
          : 'No board yet. Drop its files above to see it drawn, measured and priced.'}
      </Text>
    );
  }
  const { board } = analysis;
  if (board.boardFiles.length === 0) {
    return (
      <Alert color="yellow" title="No Gerber or drill files">
        None of the dropped files is a board layer. Drop the Gerber and drill files, or a zip that
        holds them.
      </Alert>
    );
  }
  return (
    <BoardViewer
      render={board.render}
      boardFiles={board.boardFiles}
      placements={[]}
      height={VIEWER_HEIGHT}
    />
  );
}
