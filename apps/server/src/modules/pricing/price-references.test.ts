import { readFileSync } from 'node:fs';
import { DEFAULT_PRICE_BOOK, PRICE_REFERENCES, priceBoard } from '@circuits/domain';
import { describe, expect, it } from 'vitest';

// docs/pricing.md lists what fabs publish for a few usual boards beside what the default book
// asks; this holds the book to that table: each of ours is the figure printed there, and within
// the band the table accepts from the published prices.

const DOC = new URL('../../../../../docs/pricing.md', import.meta.url);

type Row = { id: string; low: number; high: number; ours: number };

function tableRows(): Row[] {
  const text = readFileSync(DOC, 'utf8');
  const start = text.indexOf('<!-- price-references:start -->');
  const end = text.indexOf('<!-- price-references:end -->');
  expect(start, 'docs/pricing.md has the reference table').toBeGreaterThan(0);
  return text
    .slice(start, end)
    .split('\n')
    .filter((line) => /^\|\s*R\d+\s*\|/.test(line))
    .map((line) => {
      const cells = line.split('|').map((cell) => cell.trim());
      // | id | configuration | qty | published | accepted band (USD) | ours (USD) |
      const band = /^([\d,.]+)–([\d,.]+)/.exec(cells[5]!);
      expect(band, `${cells[1]}: the band reads "low–high"`).not.toBeNull();
      const number = (text: string) => Number(text.replaceAll(',', ''));
      return {
        id: cells[1]!,
        low: number(band![1]!),
        high: number(band![2]!),
        ours: number(cells[6]!),
      };
    });
}

describe('the default book against published prices (docs/pricing.md)', () => {
  const rows = tableRows();

  it('lists every reference configuration once', () => {
    expect(rows.map((row) => row.id)).toEqual(PRICE_REFERENCES.map((reference) => reference.id));
  });

  it.each(PRICE_REFERENCES.map((reference) => [reference.id, reference] as const))(
    '%s is priced as the table says, within its band',
    (id, reference) => {
      const result = priceBoard({
        settings: reference.settings,
        facts: null,
        quantity: reference.quantity,
        book: DEFAULT_PRICE_BOOK,
      });
      if (result.type !== 'priced') throw new Error(result.message);
      const ours = result.quote.total.USD / 100;
      const row = rows.find((candidate) => candidate.id === id)!;
      expect(ours).toBe(row.ours);
      expect(ours).toBeGreaterThanOrEqual(row.low);
      expect(ours).toBeLessThanOrEqual(row.high);
    },
  );

  it('asks more for more layers, board for board', () => {
    const at = (layers: number) => {
      const result = priceBoard({
        settings: {
          ...PRICE_REFERENCES[0]!.settings,
          numberLayers: layers,
          boardThickness: 3.2,
          innerCooper: 1,
          outerCooper: 1,
        },
        facts: null,
        quantity: 10,
        book: DEFAULT_PRICE_BOOK,
      });
      if (result.type !== 'priced') throw new Error(result.message);
      return result.quote.total.USD;
    };
    const counts = [1, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 24, 28, 32];
    const prices = counts.map(at);
    for (let index = 1; index < prices.length; index += 1) {
      expect(prices[index]!, `${counts[index]} layers`).toBeGreaterThan(prices[index - 1]!);
    }
  });
});
