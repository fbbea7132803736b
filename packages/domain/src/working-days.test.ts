import { describe, expect, it } from 'vitest';
import { addWorkingDays, isWorkingDay } from './working-days.ts';

describe('working days', () => {
  it('knows the weekend', () => {
    expect(isWorkingDay('2026-12-04')).toBe(true); // Friday
    expect(isWorkingDay('2026-12-05')).toBe(false); // Saturday
    expect(isWorkingDay('2026-12-06')).toBe(false); // Sunday
  });

  it('skips weekends', () => {
    // Monday + 5 working days: the next Monday.
    expect(addWorkingDays('2026-12-07', 5)).toBe('2026-12-14');
    // Friday + 1: Monday.
    expect(addWorkingDays('2026-12-04', 1)).toBe('2026-12-07');
    // Wednesday + 3: Monday.
    expect(addWorkingDays('2026-12-09', 3)).toBe('2026-12-14');
    // Ordered on a Saturday: counting starts on Monday.
    expect(addWorkingDays('2026-12-05', 1)).toBe('2026-12-08');
    expect(addWorkingDays('2026-12-05', 0)).toBe('2026-12-07');
    // Across a month and a year.
    expect(addWorkingDays('2026-12-30', 3)).toBe('2027-01-04');
    expect(addWorkingDays('2026-12-07', 10)).toBe('2026-12-21');
  });

  it('refuses what is not a day', () => {
    expect(() => addWorkingDays('7 Dec', 1)).toThrow('Not a calendar day: 7 Dec');
  });
});
