// Promised dates count working days: Monday to Friday. A board ordered on a Friday with a
// 5-working-day build ships the next Friday, not on the Wednesday five calendar days on.
// Dates are ISO calendar days (YYYY-MM-DD), computed in UTC so the result never depends on
// where the code runs; the caller passes today (domain reads no clock).

const DAY_MS = 86_400_000;

function parseDay(day: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) throw new Error(`Not a calendar day: ${day}`);
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

function formatDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function isWorkingDay(day: string): boolean {
  const weekday = new Date(parseDay(day)).getUTCDay();
  return weekday !== 0 && weekday !== 6;
}

/**
 * The day `workingDays` working days after `day`: the day itself does not count, weekends are
 * skipped, and a count of 0 gives the first working day from `day` on.
 */
export function addWorkingDays(day: string, workingDays: number): string {
  let ms = parseDay(day);
  let left = Math.max(0, Math.floor(workingDays));
  while (!isWorkingDay(formatDay(ms))) ms += DAY_MS;
  while (left > 0) {
    ms += DAY_MS;
    if (isWorkingDay(formatDay(ms))) left -= 1;
  }
  return formatDay(ms);
}
