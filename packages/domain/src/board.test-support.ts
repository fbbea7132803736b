import type { BoardFileForValidation } from './board-files-validation.ts';
import type { BoardSettings } from './board-settings.ts';
import { DEFAULT_BOARD_SETTINGS } from './board-settings.ts';
import { DEFAULT_BOARD_SETTINGS_OPTIONS } from './board-settings-options.ts';
import type { ManufacturingCapabilities } from './manufacturing-capabilities.ts';

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

/**
 * A fab that makes any board the options offer, of any size: for tests of the SPEC §5 rules and
 * of the pricing arithmetic, which hold whatever the capabilities table says.
 */
export const ANY_BOARD_MADE: ManufacturingCapabilities = {
  layersByThickness: [{ thicknessMm: 0, maxLayers: 1000 }],
  layersByMaterial: Object.fromEntries(
    DEFAULT_BOARD_SETTINGS_OPTIONS.materials.map((material) => [
      material,
      { minLayers: 1, maxLayers: 1000 },
    ]),
  ),
  sizeMm: { minSide: 0, maxShortSide: 1e9, maxLongSide: 1e9 },
  finishesByMaterial: {},
  copperByLayers: [{ maxLayers: 1000, outerOz: [0.5, 1, 2, 3], innerOz: [0.5, 1, 2, 3] }],
};
