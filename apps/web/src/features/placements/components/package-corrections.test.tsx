import type { PackageCorrection, Placement } from '@circuits/contracts';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeServer } from '../../../testing/fake-server.ts';
import { renderInApp } from '../../../testing/render.tsx';
import { PlacementTab } from './placement-tab.tsx';

let server: FakeServer;

beforeEach(() => {
  server = new FakeServer();
  vi.stubGlobal('fetch', server.fetch);
  // jsdom lays nothing out: give the virtual table's scroll box a size so its rows render.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(400);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
});

afterEach(() => {
  notifications.clean();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const chip = {
  id: 9,
  pkgName: '0402',
  minX: -0.5,
  maxX: 0.5,
  minY: -0.25,
  maxY: 0.25,
  imgLink: null,
  mountType: 'SMD' as const,
  numOfPins: 2,
};

const placement: Placement = {
  id: 1,
  refDesign: 'C1',
  side: 'top',
  x: 10,
  y: 20,
  angle: 90,
  confirmed: false,
  dnp: false,
  package: chip,
  packageName: 'C_0402',
  value: '100n',
  bom_id: null,
  product_file_id: 5,
  corrected: null,
};

const correction: PackageCorrection = {
  id: 4,
  packageName: 'C_0402',
  package: null,
  rotation: 180,
  x: 0.25,
  y: 0,
  placements: 1,
};

function renderTab(placements: Placement[], canEdit = true) {
  return renderInApp(
    <PlacementTab
      productId={21}
      files={[]}
      placements={placements}
      offset={{ x: 0, y: 0 }}
      canEdit={canEdit}
      bomDoNotPopulate={new Set()}
      board={() => null}
    />,
  );
}

describe('package corrections in the Placement tab', () => {
  it('corrects the package of a row for the company, by the name the file wrote or the catalogue package', async () => {
    let saved: PackageCorrection[] = [];
    server.on('GET', '/api/products/21/place/corrections', () => ({
      status: 200,
      body: { data: saved },
    }));
    server.on('POST', '/api/products/21/place/corrections/add', () => {
      saved = [correction];
      return {
        status: 201,
        body: {
          data: correction,
          placements: [
            { ...placement, corrected: { correction_id: 4, x: 10, y: 20.25, angle: 270 } },
          ],
        },
      };
    });
    renderTab([placement]);
    expect(await screen.findByText(/None yet/)).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Correct the package of C1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Correct this package' });
    expect(
      within(dialog).getByRole('radio', { name: 'As the files name it: C_0402' }),
    ).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('radio', { name: '180°' }));
    const shiftX = within(dialog).getByRole('textbox', { name: /Centre shift x/ });
    await userEvent.clear(shiftX);
    await userEvent.type(shiftX, '0.25');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save correction' }));
    await waitFor(() =>
      expect(
        server.requests.find((request) => request.url.endsWith('/place/corrections/add'))?.body,
      ).toEqual({ packageName: 'C_0402', rotation: 180, x: 0.25, y: 0 }),
    );
    // The list of the company's corrections is read again and shows the new one.
    const list = await screen.findByRole('region', { name: 'Package corrections' });
    await waitFor(() => expect(within(list).getByText('C_0402')).toBeTruthy());
    expect(within(list).getByText('180°')).toBeTruthy();
    expect(within(list).getByText('0.25, 0.00')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Correct the package of C1' }));
    const again = await screen.findByRole('dialog', { name: 'Correct this package' });
    await userEvent.click(within(again).getByRole('radio', { name: /Catalogue package 0402/ }));
    await userEvent.click(within(again).getByRole('radio', { name: '90°' }));
    await userEvent.click(within(again).getByRole('button', { name: 'Save correction' }));
    await waitFor(() =>
      expect(
        server.requests.filter((request) => request.url.endsWith('/place/corrections/add'))[1]
          ?.body,
      ).toEqual({ package_id: 9, rotation: 90, x: 0, y: 0 }),
    );
  }, 30_000);

  it('shows the corrected position with the imported one, and edits and deletes a correction', async () => {
    server.on('GET', '/api/products/21/place/corrections', {
      status: 200,
      body: { data: [correction] },
    });
    server.on('POST', '/api/products/21/place/corrections/4', {
      status: 200,
      body: { data: { ...correction, rotation: 270 }, placements: [placement] },
    });
    server.on('DELETE', '/api/products/21/place/corrections/4', {
      status: 200,
      body: { ids: [4], placements: [placement] },
    });
    renderTab([{ ...placement, corrected: { correction_id: 4, x: 10, y: 20.25, angle: 270 } }]);
    expect(screen.getByLabelText('270°, imported 90°')).toBeTruthy();
    expect(screen.getByLabelText('20.25, imported 20.00')).toBeTruthy();
    // x is unchanged by this correction: shown once, as imported.
    expect(screen.getByText('10.00')).toBeTruthy();

    await userEvent.click(
      await screen.findByRole('button', { name: 'Edit the correction of C_0402' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Correct this package' });
    await userEvent.click(within(dialog).getByRole('radio', { name: '270°' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save correction' }));
    await waitFor(() =>
      expect(
        server.requests.find((request) => request.url.endsWith('/place/corrections/4'))?.body,
      ).toEqual({ rotation: 270, x: 0.25, y: 0 }),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Delete the correction of C_0402' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(
        server.requests.some(
          (request) => request.method === 'DELETE' && request.url.endsWith('/place/corrections/4'),
        ),
      ).toBe(true),
    );
  }, 30_000);

  it('lets a read-only member see the corrections but not change them', async () => {
    server.on('GET', '/api/products/21/place/corrections', {
      status: 200,
      body: { data: [correction] },
    });
    renderTab([placement], false);
    const list = await screen.findByRole('region', { name: 'Package corrections' });
    await waitFor(() => expect(within(list).getByText('C_0402')).toBeTruthy());
    expect(screen.queryByRole('button', { name: /Correct the package/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Edit the correction/ })).toBeNull();
  });
});
