import type { BoardColors, LayerSide, LayerType } from '@circuits/gerber';
import type { RenderedSvg } from './board-picture.ts';
import type { BoardRender, PreviewImage } from './board-render.ts';

// A board render as the worker runs it: download each board file, hand them all to the renderer,
// keep what the viewer and the cache need. The steps take their I/O as arguments, so the same
// code runs in the worker and in tests.

/** One board file to draw: where to download it and what layer it is (SPEC §3 viewer layer). */
export type RenderJobLayer = {
  filename: string;
  url: string;
  side: LayerSide;
  type: LayerType;
  /** Drawn as the layer guessed for a file no type is chosen for: not measured. */
  guessed?: boolean;
};

/** A file the engine reads with the layers though it is not one (Allegro nc_param.txt). */
export type RenderJobInput = { filename: string; url: string };

export type RenderJob = {
  layers: RenderJobLayer[];
  inputs?: RenderJobInput[];
  colors: Partial<BoardColors>;
};

export type RenderProgress =
  | { stage: 'download'; done: number; total: number }
  | { stage: 'render' };

/** The renderer's input: packages/gerber renderBoard's options. */
export type RendererInput = {
  /** Files without side and type are not layers: the engine recognises them by name. */
  layers: {
    filename: string;
    side?: LayerSide;
    type?: LayerType;
    gerber: string;
    guessed?: boolean;
  }[];
  colors: Partial<BoardColors>;
};

export type RenderJobIo = {
  fetchText: (url: string) => Promise<string>;
  render: (input: RendererInput) => unknown;
  onProgress: (progress: RenderProgress) => void;
};

/** Files downloaded at once: enough to hide latency, few enough not to flood the server. */
const PARALLEL_DOWNLOADS = 4;

export async function runRenderJob(job: RenderJob, io: RenderJobIo): Promise<BoardRender> {
  const files: { filename: string; url: string }[] = [...job.layers, ...(job.inputs ?? [])];
  const total = files.length;
  let done = 0;
  io.onProgress({ stage: 'download', done, total });
  const sources: string[] = new Array(total);
  let next = 0;
  const downloader = async () => {
    while (next < total) {
      const index = next++;
      sources[index] = await io.fetchText((files[index] as { url: string }).url);
      done++;
      io.onProgress({ stage: 'download', done, total });
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_DOWNLOADS, total) }, downloader));
  io.onProgress({ stage: 'render' });
  const result = io.render({
    layers: [
      ...job.layers.map((layer, index) => ({
        filename: layer.filename,
        side: layer.side,
        type: layer.type,
        gerber: sources[index] as string,
        ...(layer.guessed ? { guessed: true } : {}),
      })),
      ...(job.inputs ?? []).map((input, index) => ({
        filename: input.filename,
        gerber: sources[job.layers.length + index] as string,
      })),
    ],
    colors: job.colors,
  });
  const render = viewerRender(result);
  // One entry per board file, as the server's render has: the other inputs were read, not drawn.
  return { ...render, layers: render.layers.slice(0, job.layers.length) };
}

type Loose = Record<string, unknown>;

/**
 * What is kept of a renderer answer: the two sides, the size, and per layer its picture; the
 * plotted images (`converter`) and timings are large or passing and are left out. A cached render
 * stored by another version may lack the extras, which then read as empty.
 */
export function viewerRender(value: unknown): BoardRender {
  const render = value as Loose;
  const layers = Array.isArray(render.layers) ? (render.layers as Loose[]) : [];
  const warnings = Array.isArray(render.warnings) ? (render.warnings as Loose[]) : [];
  const preview = render.topPreview as Loose | undefined;
  return {
    ...(typeof preview?.src === 'string' ? { topPreview: preview.src } : {}),
    top: render.top as BoardRender['top'],
    bottom: render.bottom as BoardRender['bottom'],
    widthMm: typeof render.widthMm === 'number' ? render.widthMm : null,
    lengthMm: typeof render.lengthMm === 'number' ? render.lengthMm : null,
    boardShape:
      render.boardShape === 'outline' || render.boardShape === 'copper-extent'
        ? render.boardShape
        : 'none',
    ...guessedShapeOf(render.guessedShape as Loose | undefined),
    copperLayers: typeof render.copperLayers === 'number' ? render.copperLayers : 0,
    warnings: warnings.map((warning) => ({
      filename: typeof warning.filename === 'string' ? warning.filename : null,
      line: typeof warning.line === 'number' ? warning.line : null,
      message: String(warning.message ?? ''),
    })),
    // Last: a stored render is read in that order, so the board shows before its layers arrive.
    layers: layers.map((layer) => ({
      filename: typeof layer.filename === 'string' ? layer.filename : '',
      side: typeof layer.side === 'string' ? layer.side : null,
      type: typeof layer.type === 'string' ? layer.type : null,
      rendered: (layer.rendered ?? null) as BoardRender['layers'][number]['rendered'],
      ...(layer.guessed === true ? { guessed: true } : {}),
    })),
  };
}

/** A side's frame and the bitmap the server made of it (see RenderedPreview in contracts). */
export type SidePreview = Omit<RenderedSvg, 'svg'> & { src: string };

/**
 * What the viewer can show of a stored render before its sides have arrived: the top's preview
 * in the top's frame, with what the board measures; the sides' pictures are empty until then.
 */
export function previewRender(
  opening: unknown,
  preview: SidePreview,
  image: PreviewImage,
): BoardRender {
  const { src: _, ...frame } = preview;
  const side: RenderedSvg = { ...frame, svg: '' };
  return { ...viewerRender({ ...(opening as Loose), top: side, bottom: side }), topPreview: image };
}

/** The shape guessed layers give a board, when the render has one. */
function guessedShapeOf(shape: Loose | undefined): Pick<BoardRender, 'guessedShape'> {
  if (
    (shape?.source !== 'outline' && shape?.source !== 'copper-extent') ||
    typeof shape.widthMm !== 'number' ||
    typeof shape.lengthMm !== 'number'
  ) {
    return {};
  }
  return {
    guessedShape: { source: shape.source, widthMm: shape.widthMm, lengthMm: shape.lengthMm },
  };
}
