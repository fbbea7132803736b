import type { BoardSettingsOptions } from '@circuits/contracts';
import { DEFAULT_BOARD_SETTINGS, DEFAULT_BOARD_SETTINGS_OPTIONS } from '@circuits/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../../../testing/render.tsx';
import { sampleBoardFile, sampleFile } from '../../../testing/samples.ts';
import { BoardPreview } from './board-preview.tsx';

// The empty states of the board view, as an editor and as a read-only member meet them.

function renderPreview(
  boardFiles: Parameters<typeof BoardPreview>[0]['boardFiles'],
  canEdit: boolean,
) {
  renderInApp(
    <BoardPreview
      productId={1}
      boardFiles={boardFiles}
      colors={DEFAULT_BOARD_SETTINGS}
      options={structuredClone(DEFAULT_BOARD_SETTINGS_OPTIONS) as BoardSettingsOptions}
      placements={[]}
      height={300}
      filesPath="/product/1?initTab=Files"
      createOutlinePath={canEdit ? '/createOutline/1' : null}
    />,
  );
}

const untyped = [sampleBoardFile(sampleFile(1, 'board.gbr', 1), 'initialType')];

describe('BoardPreview without a board to draw', () => {
  it('asks an editor to upload files or draw an outline', () => {
    renderPreview([], true);
    expect(screen.getByText('There are no files attached to the board')).toBeTruthy();
    expect(screen.getByText(/Upload the Gerber and drill files of the board/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create outline' })).toBeTruthy();
  });

  it('tells a read-only member who uploads the files, offering nothing they cannot do', () => {
    renderPreview([], false);
    expect(screen.getByText('There are no files attached to the board')).toBeTruthy();
    expect(screen.getByText(/A colleague who can edit the company uploads/)).toBeTruthy();
    expect(screen.queryByText(/Upload the Gerber/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Create outline' })).toBeNull();
  });

  it('asks an editor to choose the layer types', () => {
    renderPreview(untyped, true);
    expect(screen.getByText(/Choose the layer type of each board file/)).toBeTruthy();
  });

  it('tells a read-only member who chooses the layer types', () => {
    renderPreview(untyped, false);
    expect(
      screen.getByText(/A colleague who can edit the company chooses the layer type/),
    ).toBeTruthy();
    expect(screen.queryByText(/^Choose the layer type/)).toBeNull();
  });
});
