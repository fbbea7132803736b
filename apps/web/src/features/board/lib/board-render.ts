import type { RenderedSvg } from './board-picture.ts';
import type { RenderedBoardLayer } from './board-view.ts';

/** A parser or plotter warning; `filename` is null for a warning about the whole board. */
export type RenderWarning = { filename: string | null; line: number | null; message: string };

/**
 * What the viewer shows of a board: packages/gerber renderBoard's answer without its plotted
 * images and timings, as the worker hands it over and as the render cache stores it.
 */
/** A bitmap of a side: its URL, or the bitmap itself once decoded. */
export type PreviewImage = string | ImageBitmap;

export type BoardRender = {
  /** A bitmap of the top side that the server keeps for a large board. */
  topPreview?: PreviewImage;
  top: RenderedSvg;
  bottom: RenderedSvg;
  /** null when the board has no shape to measure. */
  widthMm: number | null;
  lengthMm: number | null;
  /** What the size was measured on: the outline, or (without one) the copper and holes. */
  boardShape?: 'outline' | 'copper-extent' | 'none';
  /** Without a confirmed shape: the one the board is drawn in, from its guessed layers. */
  guessedShape?: { source: 'outline' | 'copper-extent'; widthMm: number; lengthMm: number };
  copperLayers: number;
  layers: RenderedBoardLayer[];
  warnings: RenderWarning[];
};
