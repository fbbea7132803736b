import type { AddedFile } from '@circuits/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../testing/render.tsx';
import { UploadOutcome } from './upload-outcome.tsx';

const added = (
  id: number,
  name: string,
  kind: AddedFile['kind'],
  layer: AddedFile['layer'],
  recognisedAs: string,
): AddedFile => ({ id, name, kind, layer, recognisedAs, reason: null });

describe('UploadOutcome', () => {
  it('lists each file with what it was recognised as, under the summary', async () => {
    const onClose = vi.fn();
    renderInApp(
      <UploadOutcome
        outcome={{
          type: 'added',
          summary: '3 files added: 1 Gerber layer, 1 drill file, 1 not recognised: notes.bin',
          added: [
            added(1, 'top.gtl', 'gerber', 'topCopper', 'Gerber: Top copper'),
            added(2, 'board.drl', 'drill', 'platedDrill', 'Plated drill'),
            added(3, 'notes.bin', 'unknown', null, 'Not recognised: choose its type'),
          ],
        }}
        onClose={onClose}
      />,
    );
    const summary = screen.getByRole('alert', {
      name: '3 files added: 1 Gerber layer, 1 drill file, 1 not recognised: notes.bin',
    });
    const items = within(summary)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual([
      'top.gtl — Gerber: Top copper',
      'board.drl — Plated drill',
      'notes.bin — Not recognised: choose its type',
    ]);
    await userEvent.setup().click(within(summary).getByRole('button', { name: 'Dismiss' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('says every reason an upload was refused, and that nothing was kept', () => {
    renderInApp(
      <UploadOutcome
        outcome={{
          type: 'refused',
          reasons: [
            'empty.gbr was not added: it is empty (0 bytes)',
            'board.zip was not added: the archive is empty',
          ],
        }}
        onClose={() => undefined}
      />,
    );
    const refusal = screen.getByRole('alert', { name: 'Files not added' });
    expect(
      within(refusal)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'empty.gbr was not added: it is empty (0 bytes)',
      'board.zip was not added: the archive is empty',
    ]);
    expect(refusal.textContent).toContain(
      'Nothing of this upload was kept: fix these files and upload again.',
    );
  });
});
