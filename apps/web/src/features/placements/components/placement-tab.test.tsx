import type { ParsedPlacements, Placement } from '@circuits/contracts';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeServer } from '../../../testing/fake-server.ts';
import { renderInApp } from '../../../testing/render.tsx';
import { sampleFile } from '../../../testing/samples.ts';
import { PlacementTab } from './placement-tab.tsx';

let server: FakeServer;

beforeEach(() => {
  server = new FakeServer();
  vi.stubGlobal('fetch', server.fetch);
});

afterEach(() => {
  notifications.clean();
  vi.unstubAllGlobals();
});

const posFile = sampleFile(5, 'board-top.pos', 5);

function parsed(unit: 'mm' | 'mil' | 'inch', side?: 'top' | 'bottom'): ParsedPlacements {
  const scale = unit === 'mil' ? 0.0254 : unit === 'inch' ? 25.4 : 1;
  return {
    file_id: 5,
    fileName: 'board-top.pos',
    format: 'kicad-pos',
    formatName: 'KiCad position file (.pos, ASCII)',
    encoding: 'utf-8',
    headerLine: 5,
    columns: [],
    units: { unit, source: side ? 'user' : 'file', detail: '## Unit = mm on line 3' },
    sides: { source: 'column', detail: 'From the Side column' },
    needsConfirmation: false,
    placements: [
      {
        line: 6,
        refDesign: 'C1',
        side: side ?? 'top',
        x: 10 * scale,
        y: 20 * scale,
        angle: 90,
        value: '100n',
        package: 'C_0402',
        dnp: false,
      },
    ],
    offset: 0,
    total: 1,
    counts: { top: side === 'bottom' ? 0 : 1, bottom: side === 'bottom' ? 1 : 0 },
    warnings: [],
    totalWarnings: 0,
  };
}

const placement: Placement = {
  id: 1,
  refDesign: 'C1',
  side: 'top',
  x: 10,
  y: 20,
  angle: 90,
  confirmed: false,
  dnp: false,
  package: null,
  packageName: 'C_0402',
  value: '100n',
  bom_id: null,
  product_file_id: 5,
  corrected: null,
};

describe('PlacementTab', () => {
  it('shows the unit and the sides before saving, and reads the file again as the user sets them', async () => {
    server.on('POST', '/api/products/21/place/fromFile', (request) => {
      const data = (
        request.body as { data: { unit?: 'mm' | 'mil'; side?: 'bottom'; preview: boolean } }
      ).data;
      if (!data.preview)
        return {
          status: 200,
          body: { parsed: parsed('mil', 'bottom'), saved: true, data: [placement] },
        };
      return {
        status: 200,
        body: { parsed: parsed(data.unit ?? 'mm', data.side), saved: false, data: [] },
      };
    });
    renderInApp(
      <PlacementTab
        productId={21}
        files={[posFile]}
        placements={[]}
        offset={{ x: 0, y: 0 }}
        canEdit
        bomDoNotPopulate={new Set()}
        board={() => null}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Import placements' }));
    const preview = await screen.findByTestId('placement-preview');
    expect(within(preview).getByText('KiCad position file (.pos, ASCII)')).toBeTruthy();
    expect(within(preview).getByText('1 placements: 1 top, 0 bottom')).toBeTruthy();
    expect(screen.getByTestId('placement-unit-source').textContent).toBe('## Unit = mm on line 3');
    expect(screen.getByTestId('placement-side-source').textContent).toBe('From the Side column');

    await userEvent.click(screen.getByRole('radio', { name: 'mil' }));
    await waitFor(() =>
      expect(screen.getByTestId('placement-unit-source').textContent).toBe('Chosen by you'),
    );
    await userEvent.click(screen.getByRole('combobox', { name: 'Side' }));
    await userEvent.click(await screen.findByRole('option', { name: 'All on bottom' }));
    await waitFor(() =>
      expect(
        within(screen.getByTestId('placement-preview')).getByText('1 placements: 0 top, 1 bottom'),
      ).toBeTruthy(),
    );
    expect(within(screen.getByTestId('placement-preview')).getByText('0.25')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Save 1 placements' }));
    await waitFor(() =>
      expect(
        server.requests.some(
          (request) => (request.body as { data?: { preview?: boolean } }).data?.preview === false,
        ),
      ).toBe(true),
    );
    const saved = server.requests.find(
      (request) => (request.body as { data?: { preview?: boolean } }).data?.preview === false,
    );
    expect(saved?.body).toEqual({
      file_id: 5,
      data: { unit: 'mil', side: 'bottom', preview: false, replace: true },
    });
  }, 30_000);

  it('pages through a large file, each page read on the server, keeping the page shown meanwhile', async () => {
    server.on('POST', '/api/products/21/place/fromFile', (request) => {
      const { offset } = (request.body as { data: { offset: number } }).data;
      const page = parsed('mm');
      return {
        status: 200,
        body: {
          parsed: {
            ...page,
            total: 45,
            offset,
            counts: { top: 45, bottom: 0 },
            placements: Array.from({ length: Math.min(20, 45 - offset) }, (_, i) => ({
              ...page.placements[0]!,
              line: offset + i + 6,
              refDesign: `C${offset + i + 1}`,
            })),
          },
          saved: false,
          data: [],
        },
      };
    });
    renderInApp(
      <PlacementTab
        productId={21}
        files={[posFile]}
        placements={[]}
        offset={{ x: 0, y: 0 }}
        canEdit
        bomDoNotPopulate={new Set()}
        board={() => null}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Import placements' }));
    expect(await screen.findByText('Placements 1–20 of 45')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save 45 placements' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByText('C41')).toBeTruthy();
    expect(screen.getByText('Placements 41–45 of 45')).toBeTruthy();
    const last = server.requests.at(-1)?.body as { data: { offset: number; limit: number } };
    expect(last.data).toMatchObject({ preview: true, offset: 40, limit: 20 });
  }, 30_000);

  it('confirms every placement at once and gives the board the part picked', async () => {
    server.on('POST', '/api/products/21/place/update', {
      status: 200,
      body: { data: [{ ...placement, confirmed: true }], offset: { x: 0, y: 0 } },
    });
    const boards: { selectedId: number | null; canSave: boolean }[] = [];
    renderInApp(
      <PlacementTab
        productId={21}
        files={[posFile]}
        placements={[placement]}
        offset={{ x: 0, y: 0 }}
        canEdit
        bomDoNotPopulate={new Set()}
        board={(args) => {
          boards.push({ selectedId: args.selectedId, canSave: args.onSaveOffset !== undefined });
          return <p>board</p>;
        }}
      />,
    );
    expect(boards.at(-1)).toEqual({ selectedId: null, canSave: true });
    expect(screen.getByText('1 to confirm')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'All placements' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Confirm all' }));
    await waitFor(() =>
      expect(
        server.requests.find((request) => request.url.endsWith('/place/update'))?.body,
      ).toEqual({ placements: [{ id: 1, confirmed: true }] }),
    );
  });
});
