// Public API of the Gerber/Excellon library: identify -> parse -> plot -> render.
export * from './identify/index.ts';
