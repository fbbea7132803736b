// Public API of the Gerber/Excellon library: identify -> parse -> plot -> render.
export * from './board/index.ts';
export * from './constants.ts';
export * from './drill/index.ts';
export * from './errors.ts';
export * from './gerber/parse-gerber.ts';
export type * from './gerber/syntax.ts';
export * from './identify/index.ts';
export * from './image/types.ts';
export * from './options.ts';
export * from './parse.ts';
export * from './plot/plot.ts';
export * from './render/render-layer.ts';
export * from './warnings.ts';
export * from './write/outline-gerber.ts';
