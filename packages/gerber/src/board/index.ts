// The board stack-up: every layer of an upload composed into top and bottom pictures.
export { outlineShape } from './board-shape.ts';
export { type BoardColors, DEFAULT_BOARD_COLORS } from './colors.ts';
export {
  type BoardLayer,
  type BoardRender,
  type BoardShapeSource,
  type BoardTimings,
  type BoardWarning,
  type RenderBoardOptions,
  type RenderedSide,
  renderBoard,
} from './render-board.ts';
