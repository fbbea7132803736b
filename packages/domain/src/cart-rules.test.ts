import { describe, expect, it } from 'vitest';
import { validBoardSettings } from './board.test-support.ts';
import { DEFAULT_BOARD_SETTINGS_OPTIONS } from './board-settings-options.ts';
import { CART_INVALID_BOARD_SETTINGS_MESSAGE, cartAdditionError } from './cart-rules.ts';

describe('cart rules (SPEC §5)', () => {
  it('has the SPEC message', () => {
    expect(CART_INVALID_BOARD_SETTINGS_MESSAGE).toBe(
      'Is not possible to add to the cart, because board settings are not correct',
    );
  });

  it('lets a board with valid settings in and keeps one with invalid settings out', () => {
    expect(cartAdditionError(validBoardSettings(), DEFAULT_BOARD_SETTINGS_OPTIONS)).toBeNull();
    expect(
      cartAdditionError(validBoardSettings({ finishing: null }), DEFAULT_BOARD_SETTINGS_OPTIONS),
    ).toBe('Is not possible to add to the cart, because board settings are not correct');
  });
});
