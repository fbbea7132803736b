// Public API of the design-for-manufacture check: plotted layers in, findings out.
export { checkBoard, type DfmLayer, type DfmOptions } from './check-board.ts';
export { MAX_FINDINGS_PER_CHECK } from './collector.ts';
export { DEFAULT_LIMITS, DEFAULT_THICKNESS_MM } from './limits.ts';
export * from './types.ts';
