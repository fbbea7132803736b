// Excellon drill files: parse -> plot into the same LayerImage as Gerber layers.
export { parseDrillParams } from './drill-params.ts';
export { parseDrill } from './parse-drill.ts';
export { MAX_REPEATED_HOLES, plotDrill } from './plot-drill.ts';
export type * from './syntax.ts';
