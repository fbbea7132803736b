import { BoardSettingsOptions } from '@circuits/contracts';
import { DEFAULT_BOARD_SETTINGS, DEFAULT_BOARD_SETTINGS_OPTIONS } from '@circuits/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeServer } from '../../../testing/fake-server.ts';
import { renderInApp } from '../../../testing/render.tsx';
import { sampleBoardFile, sampleFile } from '../../../testing/samples.ts';
import { BoardPreview } from './board-preview.tsx';

const EMPTY_SIDE = { svg: '<svg/>', viewBox: [0, 0, 0, 0], width: 0, height: 0, units: 'mm' };

let server: FakeServer;

beforeEach(() => {
  server = new FakeServer();
  vi.stubGlobal('fetch', server.fetch);
});

afterEach(() => vi.unstubAllGlobals());

describe('BoardPreview', () => {
  it('says why a board whose files draw nothing cannot be drawn, in place of the board', async () => {
    server
      .on('POST', '/api/v2/products/21/board/cache/by_stamp', {
        status: 200,
        body: {
          hash: 'h1',
          cache: { hash: 'h1', file_path: '/storage/renders/h1' },
          fromCache: true,
        },
      })
      .on('GET', '/storage/renders/h1', {
        status: 200,
        body: {
          top: EMPTY_SIDE,
          bottom: EMPTY_SIDE,
          widthMm: null,
          lengthMm: null,
          copperLayers: 1,
          layers: [{ filename: 'photo.png', side: 'top', type: 'copper', rendered: null }],
          warnings: [
            { filename: 'photo.png', message: 'unable to determine filetype' },
            {
              filename: null,
              message: 'no board outline and no copper: the board size is unknown',
            },
          ],
        },
      });
    const photo = sampleFile(1, 'photo.png', 2);
    renderInApp(
      <BoardPreview
        productId={21}
        boardFiles={[sampleBoardFile(photo, 'topCopper')]}
        colors={DEFAULT_BOARD_SETTINGS}
        options={BoardSettingsOptions.parse(DEFAULT_BOARD_SETTINGS_OPTIONS)}
        placements={[]}
        height={400}
        filesPath="/product/21?initTab=Files"
        createOutlinePath={null}
      />,
    );
    expect(await screen.findByText('The board cannot be drawn')).toBeTruthy();
    const reasons = screen.getByRole('list', { name: 'Why nothing is drawn' });
    expect(
      within(reasons)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['photo.png: not a Gerber or drill file (unable to determine filetype)']);
    expect(screen.getByRole('link', { name: 'Go to Files' }).getAttribute('href')).toBe(
      '/product/21?initTab=Files',
    );
    // No empty canvas, and no layer count of a board that is not there.
    expect(screen.queryByText('1 copper layer')).toBeNull();
    expect(screen.queryByRole('img')).toBeNull();
  });
});

describe('BoardPreview with a drawn board', () => {
  it('shows what the render says of the whole board beside it, not among file warnings', async () => {
    const side = {
      svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 -10000 20000 10000"/>',
      viewBox: [0, -10000, 20000, 10000],
      width: 20,
      height: 10,
      units: 'mm',
    };
    server
      .on('POST', '/api/v2/products/22/board/cache/by_stamp', {
        status: 200,
        body: {
          hash: 'h2',
          cache: { hash: 'h2', file_path: '/storage/renders/h2' },
          fromCache: true,
        },
      })
      .on('GET', '/storage/renders/h2', {
        status: 200,
        body: {
          top: side,
          bottom: side,
          widthMm: 20,
          lengthMm: 10,
          copperLayers: 1,
          layers: [{ filename: 'board.gtl', side: 'top', type: 'copper', rendered: side }],
          warnings: [
            { filename: 'board.gtl', line: 3, message: 'tool not defined' },
            { filename: null, message: 'no drill file: holes are not shown' },
          ],
        },
      });
    renderInApp(
      <BoardPreview
        productId={22}
        boardFiles={[sampleBoardFile(sampleFile(1, 'board.gtl', 1), 'topCopper')]}
        colors={DEFAULT_BOARD_SETTINGS}
        options={BoardSettingsOptions.parse(DEFAULT_BOARD_SETTINGS_OPTIONS)}
        placements={[]}
        height={300}
        filesPath="/product/22?initTab=Files"
        createOutlinePath={null}
      />,
    );
    const notices = await screen.findByTestId('board-notices');
    expect(notices.textContent).toBe('No drill file: holes are not shown');
    expect(screen.getByText('20.00 × 10.00 mm')).toBeTruthy();
  });
});

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
      options={BoardSettingsOptions.parse(DEFAULT_BOARD_SETTINGS_OPTIONS)}
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
