import { describe, expect, it } from 'vitest';
import { renderJob } from './board-render-job.ts';
import { warmUpJob, warmUpRenderer } from './render-warmup.ts';

describe('the render warm-up', () => {
  it('renders its board with every layer as an upload would place it, and nothing to warn of', () => {
    const job = warmUpJob();
    expect(job.layers.map((layer) => layer.fileType)).toEqual([
      'topSilk',
      'topMask',
      'topCopper',
      'topPaste',
      'internalLayer',
      'bottomCopper',
      'bottomMask',
      'bottomSilk',
      'platedDrill',
      'nonPlatedDrill',
      'outline',
    ]);
    const { json, summary } = renderJob(job);
    expect(summary).toEqual({ widthMm: 70, lengthMm: 72, copperLayers: 3, boardShape: 'outline' });
    const render = JSON.parse(json) as { warnings: unknown[]; layers: { rendered: unknown }[] };
    expect(render.warnings).toEqual([]);
    expect(render.layers.every((layer) => layer.rendered !== null)).toBe(true);
  });

  it('runs the renders it is asked for', () => {
    expect(warmUpRenderer(2)).toBeGreaterThan(0);
  });
});
