import type { BoardSettings } from './board-settings.ts';
import type { BoardSettingsOptions } from './board-settings-options.ts';
import { validateBoardSettings } from './board-settings-validation.ts';

/** SPEC §5, word for word. */
export const CART_INVALID_BOARD_SETTINGS_MESSAGE =
  'Is not possible to add to the cart, because board settings are not correct';

/** SPEC §5: a board goes into the cart only with valid settings. Null when it may. */
export function cartAdditionError(
  settings: BoardSettings,
  options: BoardSettingsOptions,
): string | null {
  return validateBoardSettings(settings, options).valid
    ? null
    : CART_INVALID_BOARD_SETTINGS_MESSAGE;
}
