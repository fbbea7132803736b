import { describe, expect, it } from 'vitest';
import {
  addToPreOrder,
  changePreOrderLine,
  parsePreOrderCart,
  removeFromPreOrder,
} from './pre-order-cart.ts';

describe('pre-order cart', () => {
  it('reads only well-formed lines from storage, one per board', () => {
    expect(parsePreOrderCart(null)).toEqual([]);
    expect(
      parsePreOrderCart([
        { id: 1, amount: 5, material: null, sides: ['bottom', 'side'] },
        { id: 1, amount: 9, material: null, sides: ['top'] },
        { id: 2, amount: 0, material: null, sides: ['top'] },
        { id: 3, amount: 2, material: 'Rogers' },
      ]),
    ).toEqual([
      { id: 1, amount: 5, material: null, sides: ['bottom'] },
      { id: 3, amount: 2, material: 'Rogers', sides: ['top'] },
    ]);
  });

  it('updates the amount of a board already there (SPEC §4) instead of warning', () => {
    const first = addToPreOrder([], { id: 4, amount: 5, material: null });
    expect(first).toEqual({
      lines: [{ id: 4, amount: 5, material: null, sides: ['top'] }],
      updated: false,
    });
    const again = addToPreOrder(first.lines, { id: 4, amount: 20, material: 'FR4' });
    expect(again).toEqual({
      lines: [{ id: 4, amount: 20, material: 'FR4', sides: ['top'] }],
      updated: true,
    });
  });

  it('changes sides (never none) and removes a line at amount 0', () => {
    const lines = [{ id: 4, amount: 5, material: null, sides: ['top' as const] }];
    expect(changePreOrderLine(lines, 4, { sides: ['top', 'bottom'] })[0]!.sides).toEqual([
      'top',
      'bottom',
    ]);
    expect(changePreOrderLine(lines, 4, { sides: [] })[0]!.sides).toEqual(['top']);
    expect(changePreOrderLine(lines, 4, { amount: 0 })).toEqual([]);
    expect(removeFromPreOrder(lines, [4])).toEqual([]);
  });
});
