import type { BoardFile } from '@circuits/contracts';
import { DEFAULT_BOARD_COLORS } from '@circuits/domain';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../../../testing/render.tsx';
import { sampleBoardFile, sampleFile } from '../../../testing/samples.ts';
import type { RenderedSvg } from '../lib/board-picture.ts';
import type { BoardRender } from '../lib/board-render.ts';
import { BoardViewer } from './board-viewer.tsx';

function rendered(name: string): RenderedSvg {
  return {
    svg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 -20000 30000 20000" width="30mm" height="20mm" fill="currentColor"><path id="${name}" d="M0 0"/></svg>`,
    viewBox: [0, -20000, 30000, 20000],
    width: 30,
    height: 20,
    units: 'mm',
  };
}

const topCopper = sampleBoardFile(sampleFile(1, 'board-F_Cu.gbr', 2), 'topCopper');
const bottomCopper = sampleBoardFile(sampleFile(2, 'board-B_Cu.gbr', 2), 'bottomCopper');
const drill: BoardFile = {
  ...sampleBoardFile(sampleFile(3, 'board.drl', 2), 'platedDrill'),
  isVisible: false,
  color: '#123456',
};
const boardFiles = [topCopper, bottomCopper, drill];

const render: BoardRender = {
  top: rendered('top-side'),
  bottom: rendered('bottom-side'),
  widthMm: 30,
  lengthMm: 20,
  copperLayers: 2,
  layers: boardFiles.map((file) => ({
    filename: file.file.name,
    side: null,
    type: null,
    rendered: rendered(file.file.name),
  })),
  warnings: [],
};

function renderViewer(placements = [] as Parameters<typeof BoardViewer>[0]['placements']) {
  renderInApp(
    <BoardViewer render={render} boardFiles={boardFiles} placements={placements} height={300} />,
  );
}

describe('BoardViewer', () => {
  it('shows the top as made first, with the zoom buttons and the keyboard', async () => {
    renderViewer();
    expect(screen.getByRole('radio', { name: 'Side' })).toHaveProperty('checked', true);
    expect(screen.getByRole('radio', { name: 'Top' })).toHaveProperty('checked', true);
    const canvas = screen.getByRole('application');
    expect(canvas.getAttribute('aria-label')).toMatch(/^Top of the board, as made/);
    await userEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    fireEvent.keyDown(canvas, { key: '+' });
    fireEvent.keyDown(canvas, { key: '0' });
    expect(screen.getByTestId('zoom-level').textContent).toBe('100%');
  });

  it('lists the layers of the side shown, nearest first, with the board files’ visibility', async () => {
    renderViewer();
    await userEvent.click(screen.getByRole('radio', { name: 'Layers' }));
    const list = screen.getByLabelText('Layers shown');
    const boxes = within(list).getAllByRole('checkbox');
    expect(boxes.map((box) => box.getAttribute('aria-label'))).toEqual([
      'Show board.drl',
      'Show board-F_Cu.gbr',
    ]);
    expect(within(list).getByRole('checkbox', { name: 'Show board.drl' })).toHaveProperty(
      'checked',
      false,
    );
    await userEvent.click(screen.getByRole('radio', { name: 'Bottom' }));
    expect(
      within(screen.getByLabelText('Layers shown')).getByRole('checkbox', {
        name: 'Show board-B_Cu.gbr',
      }),
    ).toBeTruthy();
  });

  it('starts on the view it is given and tells each view it shows', async () => {
    const views: unknown[] = [];
    renderInApp(
      <BoardViewer
        render={render}
        boardFiles={boardFiles}
        placements={[]}
        height={300}
        initialView={{ mode: 'layers', sideId: 3 }}
        onViewChange={(view) => views.push(view)}
      />,
    );
    expect(screen.getByRole('radio', { name: 'Layers' })).toHaveProperty('checked', true);
    expect(screen.getByRole('radio', { name: 'Bottom' })).toHaveProperty('checked', true);
    await userEvent.click(screen.getByRole('radio', { name: 'Side' }));
    expect(views.at(-1)).toEqual({ mode: 'side', sideId: 3 });
  });

  it('offers the placements overlay only once there are placements', () => {
    renderViewer();
    expect(screen.getByRole('switch', { name: 'Placements' })).toHaveProperty('disabled', true);
  });

  it('draws the parts of the side shown with their references', async () => {
    renderViewer([
      {
        id: 1,
        refDesign: 'U1',
        side: 'top',
        x: 10,
        y: 5,
        angle: 0,
        package: { minX: -2, maxX: 2, minY: -1, maxY: 1 },
      },
      { id: 2, refDesign: 'R7', side: 'bottom', x: 3, y: 3, angle: 90, package: null },
    ]);
    expect(screen.getByTestId('placements-overlay').dataset.parts).toBe('1');
    await userEvent.click(screen.getByRole('radio', { name: 'Bottom' }));
    expect(screen.getByTestId('placements-overlay').dataset.parts).toBe('1');
    await userEvent.click(screen.getByRole('switch', { name: 'Placements (1)' }));
    expect(screen.queryByTestId('placements-overlay')).toBeNull();
  });

  it('shows the part picked in the table and turns the board over to its side', async () => {
    renderInApp(
      <BoardViewer
        render={render}
        boardFiles={boardFiles}
        placements={[
          { id: 1, refDesign: 'U1', side: 'top', x: 10, y: 5, angle: 0, package: null },
          { id: 2, refDesign: 'R7', side: 'bottom', x: 3, y: 3, angle: 90, package: null },
        ]}
        height={300}
        selection={{ id: 2, onChange: () => {} }}
      />,
    );
    expect(await screen.findByTestId('selected-part')).toHaveProperty('dataset.ref', 'R7');
    expect(screen.getByRole('radio', { name: 'Bottom' })).toHaveProperty('checked', true);
    expect(screen.getByTestId('picked-part').textContent).toContain('R7');
  });

  it('shifts the parts with the arrow keys and saves the alignment', async () => {
    const saved: unknown[] = [];
    renderInApp(
      <BoardViewer
        render={render}
        boardFiles={boardFiles}
        placements={[{ id: 1, refDesign: 'U1', side: 'top', x: 10, y: 5, angle: 0, package: null }]}
        height={300}
        placementOffset={{
          offset: { x: 1, y: 0 },
          onSave: async (offset) => {
            saved.push(offset);
          },
        }}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Align parts' }));
    const canvas = screen.getByRole('application');
    fireEvent.keyDown(canvas, { key: 'ArrowRight' });
    fireEvent.keyDown(canvas, { key: 'ArrowUp', shiftKey: true });
    expect(screen.getByTestId('placement-shift').textContent).toBe('X +1.10 mm, Y +1.00 mm');
    await userEvent.click(screen.getByRole('button', { name: 'Save alignment' }));
    expect(saved).toEqual([{ x: 1.1, y: 1 }]);
    expect(screen.queryByRole('group', { name: 'Align the parts' })).toBeNull();
  });

  it('lists a file nothing names as the layer it is drawn as, marked, with the one click', async () => {
    const unnamed: BoardFile = {
      ...sampleBoardFile(sampleFile(4, 'tl', 2), 'initialType'),
      guess: {
        file_type: 'topMask',
        layer_number: null,
        layer: 'soldermask',
        side: 'top',
        cad: null,
        confidence: 'medium',
        reason: 'pads and no tracks, on the top copper pads (100% of them): top solder mask',
        guessed: true,
      },
    };
    const confirmed: BoardFile[] = [];
    renderInApp(
      <BoardViewer
        render={{
          ...render,
          layers: [...render.layers, { ...render.layers[0]!, filename: 'tl', guessed: true }],
        }}
        boardFiles={[...boardFiles, unnamed]}
        placements={[]}
        height={300}
        onConfirmGuess={(boardFile) => confirmed.push(boardFile)}
      />,
    );
    await userEvent.click(screen.getByRole('radio', { name: 'Layers' }));
    const list = screen.getByLabelText('Layers shown');
    expect(
      within(list)
        .getAllByRole('checkbox')
        .map((box) => box.getAttribute('aria-label')),
    ).toEqual(['Show board.drl', 'Show tl', 'Show board-F_Cu.gbr']);
    expect(within(list).getByTestId('guessed-badge').textContent).toBe('guessed');
    expect(within(list).getByText('Top solder mask')).toBeTruthy();
    // In the colour of the layer it is drawn as, not of a file without a type.
    const swatches = [...list.querySelectorAll('[class*="ColorSwatch-colorOverlay"]')];
    expect(swatches[1]?.getAttribute('style')).toContain(DEFAULT_BOARD_COLORS.mask);
    await userEvent.click(
      within(list).getByRole('button', { name: 'Confirm tl as Top solder mask' }),
    );
    expect(confirmed.map((file) => file.id)).toEqual([unnamed.id]);
  });
});
