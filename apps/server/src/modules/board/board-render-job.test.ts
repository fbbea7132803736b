import { renderBoard } from '@circuits/gerber';
import { describe, expect, it } from 'vitest';
import { renderJob } from './board-render-job.ts';
import { warmUpAllegroJob, warmUpJob } from './render-warmup.ts';

describe('renderJob', () => {
  it('writes the stored render as JSON.stringify writes it, the parts in the order viewers read', () => {
    for (const job of [warmUpJob(), warmUpAllegroJob()]) {
      const { json } = renderJob(job);
      const render = JSON.parse(json) as Record<string, unknown>;
      expect(JSON.stringify(render)).toBe(json);
      expect(Object.keys(render).slice(-3)).toEqual(['top', 'bottom', 'layers']);
      expect(Object.keys(render)).toEqual(expect.arrayContaining(['widthMm', 'warnings']));
    }
  });

  it('keeps each picture as the engine drew it, with the file type and layer number of its file', () => {
    const job = warmUpJob();
    const board = renderBoard({ layers: job.layers, colors: job.colors });
    const render = JSON.parse(renderJob(job).json) as {
      top: { svg: string };
      bottom: { svg: string; viewBox: number[] };
      layers: { filename: string; fileType: string; rendered: { svg: string } | null }[];
    };
    expect(render.top.svg).toBe(board.top.svg);
    expect(render.bottom).toMatchObject({ svg: board.bottom.svg, viewBox: board.bottom.viewBox });
    expect(render.layers.map((layer) => layer.rendered?.svg)).toEqual(
      board.layers.map((layer) => layer.rendered?.svg),
    );
    expect(render.layers.map(({ filename, fileType }) => ({ filename, fileType }))).toEqual(
      job.layers.map(({ filename, fileType }) => ({ filename, fileType })),
    );
  });

  it('writes a layer that could not be read with no picture and its error', () => {
    const job = warmUpJob();
    job.layers[0] = { ...job.layers[0]!, gerber: 'not a layer file' };
    const { json } = renderJob(job);
    const render = JSON.parse(json) as { layers: { rendered: unknown; error?: string }[] };
    expect(JSON.stringify(render)).toBe(json);
    expect(render.layers[0]).toMatchObject({ rendered: null, error: expect.any(String) });
  });
});
