import type { BoardFileForValidation } from './board-files-validation.ts';
import type { BoardSettings } from './board-settings.ts';
import { DEFAULT_BOARD_SETTINGS } from './board-settings.ts';

/**
 * Settings that pass every rule: the defaults with a 2 in × 2 in two-layer board, delivered as
 * single boards without rails. Tests change only what they are about.
 */
export function validBoardSettings(overrides: Partial<BoardSettings> = {}): BoardSettings {
  return {
    ...DEFAULT_BOARD_SETTINGS,
    numberLayers: 2,
    boardWidth: 2,
    boardLength: 2,
    ...overrides,
  };
}

/** The files of a complete two-layer board: both outer sides, a drill and the outline. */
export function twoLayerBoardFiles(): BoardFileForValidation[] {
  return (
    ['topCopper', 'topMask', 'bottomCopper', 'bottomMask', 'platedDrill', 'outline'] as const
  ).map((file_type) => ({ file_type }));
}
