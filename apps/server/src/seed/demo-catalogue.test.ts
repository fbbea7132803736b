import { describe, expect, it } from 'vitest';
import { boardCatalogueNumbers } from './demo-assembly.ts';
import { demoBoardRecords, demoCatalogue } from './demo-catalogue.ts';
import { sampleBoardParts } from './sample-board.ts';

describe('the demo catalogue', () => {
  it("makes the demo board's parts alone exactly as the whole catalogue makes them", () => {
    const numbers = boardCatalogueNumbers();
    const alone = demoBoardRecords(numbers);
    const whole = demoCatalogue().filter((record) => numbers.has(record.partNumber));
    expect(alone).toEqual(whole);
    // Every catalogue part the board and the member's duplicate name, once.
    expect(alone.map((record) => record.partNumber).sort()).toEqual(
      [...numbers].filter((number) => whole.some((record) => record.partNumber === number)).sort(),
    );
    const boardNumbers = new Set(sampleBoardParts().map((part) => part.mpn));
    expect(alone.filter((record) => boardNumbers.has(record.partNumber))).toHaveLength(
      boardNumbers.size - 2, // the LED and the header come from a member of the demo company
    );
  });

  it('keeps the last part of the whole catalogue out of what the first start loads early', () => {
    const last = demoCatalogue().at(-1)!;
    expect(boardCatalogueNumbers().has(last.partNumber)).toBe(false);
  });
});
