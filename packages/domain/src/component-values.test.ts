import { describe, expect, it } from 'vitest';
import { parseComponentValue } from './component-values.ts';
import { tokenizeValues } from './engineering-values.ts';

const read = (text: string, quantity?: Parameters<typeof parseComponentValue>[1]) => {
  const found = parseComponentValue(text, quantity);
  return found && { keyword: found.keyword, value: found.value.value, words: found.words };
};

describe('values of BOM lines, written several to a cell', () => {
  it.each([
    ['100nF, 16V', 'capacitance', '100nF 16V', 1e-7, []],
    ['0201, 1uF, 10V, X5R, 20%', 'capacitance', '1µF 10V X5R 20%', 1e-6, ['0201']],
    ['4k7 1%', 'resistance', '4.7kΩ 1%', 4700, []],
    ['100n 10V+', 'capacitance', '100nF 10V+', 1e-7, []],
    ['22uF/25V', 'capacitance', '22µF 25V', 22e-6, []],
    ['4,7k', 'resistance', '4.7kΩ', 4700, []],
    ['1,5pF', 'capacitance', '1.5pF', 1.5e-12, []],
    ['330E', 'resistance', '330Ω', 330, []],
    ['0.03R/1%/R1206', 'resistance', '30mΩ 1%', 0.03, ['R1206']],
    ['10k/R0402', 'resistance', '10kΩ', 10_000, ['R0402']],
    ['10', 'resistance', '10Ω', 10, []],
    ['47pF CAP0402', 'capacitance', '47pF', 47e-12, ['CAP0402']],
  ] as const)('%s', (text, quantity, keyword, value, words) => {
    expect(read(text, quantity)).toEqual({ keyword, value: expect.closeTo(value, 15), words });
  });

  it('words that only look like values are left alone', () => {
    expect(read('M3')).toBeUndefined();
    expect(read('R1')).toBeUndefined();
    expect(read('M3 screw', 'resistance')).toBeUndefined();
    expect(read('STM32F103C8T6')).toBeUndefined();
    expect(read('0603', 'resistance')).toBeUndefined();
    expect(tokenizeValues('M3 R1 C12').map((token) => token.type)).toEqual([
      'word',
      'word',
      'word',
    ]);
  });

  it('RKM with a leading R and zero is still a value', () => {
    expect(read('R047', 'resistance')?.value).toBeCloseTo(0.047, 12);
  });

  it('a minimum rating reads as at least that much', () => {
    const [, rating] = tokenizeValues('100n 10V+');
    expect(rating).toMatchObject({ type: 'value', value: { kind: 'range', min: 10 } });
  });

  it('the keyword reads back to the same values (a BOM line and a search find the same)', () => {
    for (const text of ['100nF, 16V', '0201, 1uF, 10V, X5R, 20%', '4,7k 1%', '22uF/25V']) {
      const line = parseComponentValue(text)!;
      const again = parseComponentValue(line.keyword)!;
      expect(again.keyword).toBe(line.keyword);
      expect(again.value.value).toBeCloseTo(line.value.value, 15);
      const values = (input: string) =>
        tokenizeValues(input)
          .filter((token) => token.type !== 'word')
          .map((token) => (token.type === 'value' ? token.value.value : token.dielectric));
      expect(values(line.keyword)).toEqual(values(text).filter((v) => v !== undefined));
    }
  });
});
