import { addWorkingDays } from '@circuits/domain';

// The ship date an order promises: its date plus the working days of each line's build time
// (weekends skipped); the order ships when its slowest line does.

export type LineBuild = { id: string; label: string; workingDays: number };

/** Lines ordered before build times could be chosen were all built in the standard time. */
export const STANDARD_BUILD: LineBuild = {
  id: 'standard',
  label: 'Standard build',
  workingDays: 5,
};

type ShippedLine = { leadTime: LineBuild | null; shipDate: string | null };

export function lineBuild(line: ShippedLine): LineBuild {
  return line.leadTime ?? STANDARD_BUILD;
}

export function lineShipDate(orderDate: string, line: ShippedLine): string {
  return line.shipDate ?? addWorkingDays(orderDate, lineBuild(line).workingDays);
}

export function orderShipDate(orderDate: string, lines: readonly ShippedLine[]): string {
  const dates = lines.map((line) => lineShipDate(orderDate, line));
  return dates.length === 0
    ? addWorkingDays(orderDate, STANDARD_BUILD.workingDays)
    : // ISO days sort as text: the last is the latest.
      [...dates].sort().at(-1)!;
}
