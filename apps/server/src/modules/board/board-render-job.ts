import type { BoardColors, LayerSide, LayerType } from '@circuits/gerber';

// What the server hands a render worker, and what it gets back. Plain data: it crosses threads.

export type RenderJobLayer = {
  filename: string;
  side: LayerSide;
  type: LayerType;
  /** The file's bytes as Latin-1 text (Gerber and Excellon are ASCII). */
  gerber: string;
  /** Kept with the layer in the stored render, so clients can match layers to board files. */
  fileType: string;
  layerNumber: number | null;
};

export type RenderJob = { layers: RenderJobLayer[]; colors: BoardColors };

/** What the board measures (renderBoard's summary), for the analysis. */
export type RenderSummary = {
  widthMm: number | null;
  lengthMm: number | null;
  copperLayers: number;
  boardShape: 'outline' | 'copper-extent' | 'none';
};

/** The render as stored (JSON text, without the plotted images) and its summary. */
export type RenderJobResult = { json: string; summary: RenderSummary };
