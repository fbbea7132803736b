import type { BoardFile } from '@circuits/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../../../testing/render.tsx';
import { sampleBoardFile, sampleFile } from '../../../testing/samples.ts';
import { GuessedLayers } from './guessed-layers.tsx';

/** A file nothing names, drawn as `fileType` until the user confirms it. */
function guessed(id: number, name: string, fileType: BoardFile['file_type']): BoardFile {
  return {
    ...sampleBoardFile(sampleFile(id, name, 2), 'initialType'),
    guess: {
      file_type: fileType,
      layer_number: null,
      layer: 'copper',
      side: 'top',
      cad: null,
      confidence: 'medium',
      reason: 'pads with tracks',
      guessed: true,
    },
  };
}

describe('GuessedLayers', () => {
  it('says nothing when no file is a guess', () => {
    renderInApp(
      <GuessedLayers
        boardFiles={[sampleBoardFile(sampleFile(1, 'b-F_Cu.gbr', 2), 'topCopper')]}
        onConfirm={() => undefined}
      />,
    );
    expect(screen.queryByTestId('guessed-layers')).toBeNull();
  });

  it('names each guessed file and what it is drawn as, each confirmed in one click', async () => {
    const files = [guessed(1, 'tl', 'topCopper'), guessed(2, 'ko', 'outline')];
    const confirmed: BoardFile[] = [];
    renderInApp(<GuessedLayers boardFiles={files} onConfirm={(file) => confirmed.push(file)} />);
    const note = screen.getByTestId('guessed-layers');
    expect(note.textContent).toContain('2 layers are guessed');
    expect(note.textContent).toContain('tl drawn as Top copper');
    expect(note.textContent).toContain('ko drawn as Outline');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm ko as Outline' }));
    expect(confirmed.map((file) => file.file.name)).toEqual(['ko']);
  });

  it('offers no confirm button to a user who may not change the files', () => {
    renderInApp(
      <GuessedLayers boardFiles={[guessed(1, 'tl', 'topCopper')]} onConfirm={undefined} />,
    );
    expect(screen.getByTestId('guessed-layers').textContent).toContain('A layer is guessed');
    expect(screen.queryByRole('button', { name: /Confirm/ })).toBeNull();
  });
});
