import type { DfmReport } from '@circuits/dfm';
import {
  type BoardColors,
  type LayerSide,
  type LayerType,
  type RenderedLayer,
  renderBoard,
  svgJsonString,
} from '@circuits/gerber';
import { boardDfm } from './board-dfm.ts';
import { sidePreview } from './render-preview.ts';

// What the server hands a render worker, what the worker does with it, and what it gets back.
// Plain data: it crosses threads. The benchmark of the engine times renderJob as the worker runs
// it.

export type RenderJobLayer = {
  filename: string;
  side: LayerSide;
  type: LayerType;
  /** The file's bytes as Latin-1 text (Gerber and Excellon are ASCII). */
  gerber: string;
  /** Kept with the layer in the stored render, so clients can match layers to board files. */
  fileType: string;
  layerNumber: number | null;
  /** Drawn as the layer identification guessed (no type chosen yet): not measured, marked. */
  guessed?: boolean;
};

/** A file the engine reads with the layers though it is not one (NC drill parameters, job file). */
export type RenderJobInput = { filename: string; gerber: string };

export type RenderJob = { layers: RenderJobLayer[]; inputs: RenderJobInput[]; colors: BoardColors };

/** What the board measures (renderBoard's summary), for the analysis. */
export type RenderSummary = {
  widthMm: number | null;
  lengthMm: number | null;
  copperLayers: number;
  boardShape: 'outline' | 'copper-extent' | 'none';
};

/** The render's summary with its design-for-manufacture check (null when it failed). */
export type RenderMeasures = RenderSummary & { dfm: DfmReport | null };

/** The render as stored (JSON text, without the plotted images) and its summary. */
export type RenderJobResult = { json: string; summary: RenderSummary; dfm: DfmReport | null };

/** The worker's work: renders the board and answers the stored form of the render. */
export function renderJob(job: RenderJob): RenderJobResult {
  const board = renderBoard({
    layers: [
      ...job.layers.map(({ filename, side, type, gerber, guessed }) => ({
        filename,
        side,
        type,
        gerber,
        ...(guessed ? { guessed } : {}),
      })),
      // Named but not typed: the engine recognises them (nc_param.txt) and reads them as such.
      ...(job.inputs ?? []).map(({ filename, gerber }) => ({ filename, gerber })),
    ],
    colors: job.colors,
  });
  // The plotted images (`converter`) are large and only useful within one render: not stored;
  // nor are the entries of the files that are not layers.
  const drawn = board.layers.slice(0, job.layers.length);
  const { layers: _, top, bottom, ...measures } = board;
  const { widthMm, lengthMm, copperLayers, boardShape } = board;
  const topPreview = sidePreview(top);
  // In the order a viewer can use the parts as they arrive: what the board measures and the
  // preview of its top (large boards) first, then the sides, then the layers' pictures. The
  // pictures' SVG is written by svgJsonString, the rest by JSON.stringify; one join makes the
  // text whole.
  const json = [
    JSON.stringify({ ...measures, ...(topPreview ? { topPreview } : {}) }).slice(0, -1),
  ];
  json.push(',"top":', ...pictureJson(top), ',"bottom":', ...pictureJson(bottom), ',"layers":[');
  drawn.forEach(({ converter: _, rendered, ...layer }, index) => {
    const { fileType, layerNumber, guessed } = job.layers[index]!;
    const rest = JSON.stringify({
      ...layer,
      fileType,
      layerNumber,
      ...(guessed ? { guessed } : {}),
    }).slice(1);
    json.push(index === 0 ? '{"rendered":' : ',{"rendered":', ...pictureJson(rendered), ',', rest);
  });
  json.push(']}');
  // The check reads the plotted images while they are at hand; guessed layers are left out, as
  // from the board's measures.
  const dfm = boardDfm(
    drawn.filter((_, index) => !job.layers[index]!.guessed),
    copperLayers,
  );
  return { json: json.join(''), summary: { widthMm, lengthMm, copperLayers, boardShape }, dfm };
}

/** A side's or layer's picture as JSON, in parts. */
function pictureJson(picture: RenderedLayer | null): string[] {
  if (!picture) return ['null'];
  const { svg, ...frame } = picture;
  return ['{"svg":', svgJsonString(svg), ',', JSON.stringify(frame).slice(1)];
}
