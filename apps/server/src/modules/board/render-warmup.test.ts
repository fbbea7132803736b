import { describe, expect, it } from 'vitest';
import { renderJob } from './board-render-job.ts';
import {
  warmUpAllegroJob,
  warmUpJob,
  warmUpJobWithoutOutline,
  warmUpRenderer,
} from './render-warmup.ts';

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

  it('also renders the board without its outline, sized from the copper', () => {
    const job = warmUpJobWithoutOutline();
    expect(job.layers.map((layer) => layer.fileType)).not.toContain('outline');
    expect(job.layers).toHaveLength(warmUpJob().layers.length - 1);
    const { summary } = renderJob(job);
    expect(summary.boardShape).toBe('copper-extent');
    expect(summary.copperLayers).toBe(3);
  });

  it('renders an Allegro board, its drill file read in the format of its nc_param.txt', () => {
    const job = warmUpAllegroJob();
    expect(job.layers.map((layer) => layer.fileType)).toEqual([
      'topCopper',
      'bottomCopper',
      'platedDrill',
    ]);
    expect(job.inputs.map((input) => input.filename)).toEqual(['nc_param.txt']);
    const { json, summary } = renderJob(job);
    expect(summary).toMatchObject({ copperLayers: 2, boardShape: 'copper-extent' });
    const render = JSON.parse(json) as {
      warnings: { message: string }[];
      layers: { filename: string; rendered: { viewBox: number[] } | null }[];
    };
    // Every layer drawn, the holes spread as wide as the pads, a little beyond them to the
    // board's corners (in the default format they would span a hundredth of that); only what
    // Allegro's files are warned of.
    expect(render.layers.every((layer) => layer.rendered !== null)).toBe(true);
    const width = (name: string) =>
      render.layers.find((layer) => layer.filename === name)!.rendered!.viewBox[2]!;
    const spread = width('warmup_NCDRILL.drl') / width('warmup_lyr1.art');
    expect(spread).toBeGreaterThan(1);
    expect(spread).toBeLessThan(1.2);
    expect(new Set(render.warnings.map((warning) => warning.message))).toEqual(
      new Set([
        'trailing zero suppression is deprecated',
        'coordinates without a D code use the previous one (deprecated)',
        'no closed board outline: the board shape is the extent of the copper layers',
      ]),
    );
  });

  it('runs the renders it is asked for', () => {
    expect(warmUpRenderer(2)).toBeGreaterThan(0);
  });
});
