import { describe, expect, it } from 'vitest';
import {
  type RendererInput,
  type RenderProgress,
  runRenderJob,
  viewerRender,
} from './render-job.ts';

const side = { svg: '<svg/>', viewBox: [0, 0, 1, 1], width: 0.001, height: 0.001, units: 'mm' };

describe('runRenderJob', () => {
  it('hands the renderer the files it reads beside the layers, without a side or type', async () => {
    let given: RendererInput | null = null;
    const render = await runRenderJob(
      {
        layers: [{ filename: 'board.drl', url: '/storage/drl', side: 'all', type: 'drill' }],
        inputs: [{ filename: 'nc_param.txt', url: '/storage/param' }],
        colors: {},
      },
      {
        fetchText: async (url) => `text of ${url}`,
        render: (input) => {
          given = input;
          return {
            top: side,
            bottom: side,
            layers: [
              { filename: 'board.drl', side: 'all', type: 'drill', rendered: side },
              { filename: 'nc_param.txt', side: null, type: null, rendered: null },
            ],
          };
        },
        onProgress: () => {},
      },
    );
    expect(given!.layers).toEqual([
      { filename: 'board.drl', side: 'all', type: 'drill', gerber: 'text of /storage/drl' },
      { filename: 'nc_param.txt', gerber: 'text of /storage/param' },
    ]);
    // The render keeps one entry per board file, as the server's does.
    expect(render.layers.map((layer) => layer.filename)).toEqual(['board.drl']);
  });

  it('downloads every file, renders them together and reports its progress', async () => {
    const progress: RenderProgress[] = [];
    let given: RendererInput | null = null;
    const layers = Array.from({ length: 6 }, (_, index) => ({
      filename: `layer${index}.gbr`,
      url: `/storage/${index}`,
      side: 'top' as const,
      type: 'copper' as const,
    }));
    const render = await runRenderJob(
      { layers, colors: { copperFinish: '#d4af37' } },
      {
        fetchText: async (url) => {
          await new Promise((resolve) => setTimeout(resolve, Number(url.slice(-1)) % 3));
          return `G04 ${url}*`;
        },
        render: (input) => {
          given = input;
          return {
            top: side,
            bottom: side,
            widthMm: 28,
            lengthMm: 80,
            copperLayers: 4,
            layers: [
              {
                filename: 'layer0.gbr',
                side: 'top',
                type: 'copper',
                rendered: side,
                converter: {},
              },
            ],
            warnings: [{ filename: 'layer0.gbr', line: 3, message: 'tool not defined' }],
            timings: { totalMs: 1 },
          };
        },
        onProgress: (step) => progress.push(step),
      },
    );
    expect(given!.layers.map((layer) => layer.gerber)).toEqual(
      layers.map((layer) => `G04 ${layer.url}*`),
    );
    expect(given!.colors).toEqual({ copperFinish: '#d4af37' });
    expect(progress[0]).toEqual({ stage: 'download', done: 0, total: 6 });
    expect(progress.at(-2)).toEqual({ stage: 'download', done: 6, total: 6 });
    expect(progress.at(-1)).toEqual({ stage: 'render' });
    expect(render.layers).toEqual([
      { filename: 'layer0.gbr', side: 'top', type: 'copper', rendered: side },
    ]);
    expect(render.warnings).toEqual([
      { filename: 'layer0.gbr', line: 3, message: 'tool not defined' },
    ]);
    expect(render).not.toHaveProperty('timings');
  });

  it('fails when a file cannot be downloaded', async () => {
    await expect(
      runRenderJob(
        { layers: [{ filename: 'a.gbr', url: '/a', side: 'top', type: 'copper' }], colors: {} },
        {
          fetchText: () => Promise.reject(new Error('a.gbr could not be downloaded')),
          render: () => ({}),
          onProgress: () => {},
        },
      ),
    ).rejects.toThrow('a.gbr could not be downloaded');
  });
});

describe('viewerRender', () => {
  it('reads a cached render without layers or warnings as having none', () => {
    const render = viewerRender({ top: side, bottom: side });
    expect(render.layers).toEqual([]);
    expect(render.warnings).toEqual([]);
    expect(render.widthMm).toBeNull();
    expect(render.guessedShape).toBeUndefined();
  });

  it('keeps the shape guessed layers give a board, and nothing malformed', () => {
    const guessedShape = { source: 'outline', widthMm: 40, lengthMm: 35 };
    expect(viewerRender({ top: side, bottom: side, guessedShape }).guessedShape).toEqual(
      guessedShape,
    );
    expect(
      viewerRender({ top: side, bottom: side, guessedShape: { source: 'outline', widthMm: '40' } })
        .guessedShape,
    ).toBeUndefined();
  });
});
