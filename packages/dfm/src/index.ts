// Public API of the design-for-manufacture check: plotted layers in, findings out.
export { checkBoard, type DfmLayer, type DfmOptions } from './check-board.ts';
export { checkBoardForFab, type FabCheck } from './check-for-fab.ts';
export {
  CLASS_TOLERANCE_MM,
  type ClassReason,
  classifyBoard,
  type FabClassResult,
  type FabVerdict,
} from './classify.ts';
export { LIMIT_OF, MAX_FINDINGS_PER_CHECK } from './collector.ts';
export {
  type BoardBuild,
  FAB_CLASSES,
  type FabClass,
  fabLimits,
  MAX_COPPER_OZ,
} from './fab-classes.ts';
export { DEFAULT_LIMITS, DEFAULT_THICKNESS_MM } from './limits.ts';
export { atThickness } from './thickness.ts';
export * from './types.ts';
