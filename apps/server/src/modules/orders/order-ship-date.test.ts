import { describe, expect, it } from 'vitest';
import { lineShipDate, orderShipDate } from './order-ship-date.ts';

describe('the ship date an order promises', () => {
  const faster = { id: 'faster', label: 'Faster build', workingDays: 3 };
  const economy = { id: 'economy', label: 'Economy build', workingDays: 10 };

  it('counts working days from the order date, weekends skipped', () => {
    // Friday 4 December 2026 + 3 working days: Wednesday 9 December.
    expect(lineShipDate('2026-12-04', { leadTime: faster, shipDate: null })).toBe('2026-12-09');
    // A line ordered before build times: the standard 5 days.
    expect(lineShipDate('2026-12-04', { leadTime: null, shipDate: null })).toBe('2026-12-11');
    // A date recorded with the line is kept.
    expect(lineShipDate('2026-12-04', { leadTime: faster, shipDate: '2026-12-10' })).toBe(
      '2026-12-10',
    );
  });

  it('ships the order with its slowest line', () => {
    expect(
      orderShipDate('2026-12-07', [
        { leadTime: faster, shipDate: null },
        { leadTime: economy, shipDate: null },
      ]),
    ).toBe('2026-12-21');
  });
});
