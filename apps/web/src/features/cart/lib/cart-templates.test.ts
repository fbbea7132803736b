import { describe, expect, it } from 'vitest';
import { deleteCartTemplate, parseCartTemplates, saveCartTemplate } from './cart-templates.ts';

describe('cart templates', () => {
  const lines = [{ id: 3, amount: 5, material: null }];

  it('keeps only well-formed templates from storage', () => {
    expect(parseCartTemplates(undefined)).toEqual([]);
    expect(parseCartTemplates('x')).toEqual([]);
    expect(
      parseCartTemplates([
        { name: 'Weekly', lines: [...lines, { id: 'x', amount: 1, material: null }] },
        { name: '', lines },
        { name: 'Empty', lines: [{ id: 4, amount: 0, material: null }] },
      ]),
    ).toEqual([{ name: 'Weekly', lines }]);
  });

  it('saves newest first, replacing one of the same name, and deletes', () => {
    const one = saveCartTemplate([], ' Weekly ', lines);
    expect(one).toEqual([{ name: 'Weekly', lines }]);
    const two = saveCartTemplate(one, 'Prototype', [{ id: 9, amount: 2, material: 'Rogers' }]);
    expect(two.map((template) => template.name)).toEqual(['Prototype', 'Weekly']);
    const replaced = saveCartTemplate(two, 'weekly', [{ id: 3, amount: 50, material: null }]);
    expect(replaced.map((template) => [template.name, template.lines[0]!.amount])).toEqual([
      ['weekly', 50],
      ['Prototype', 2],
    ]);
    expect(deleteCartTemplate(replaced, 'Prototype').map((template) => template.name)).toEqual([
      'weekly',
    ]);
  });
});
