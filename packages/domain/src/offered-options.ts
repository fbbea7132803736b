// Settings hold plain values while the options are data an admin can change, so "is this value
// one of the offered options" is asked in many rules; it is answered here only.

/** The offered option equal to `value`, or null when the value is not offered. */
export function offeredOption<Option extends string>(
  offered: readonly Option[],
  value: string | null | undefined,
): Option | null {
  return offered.find((option) => option === value) ?? null;
}

export function isOfferedText(
  offered: readonly string[],
  value: string | null | undefined,
): boolean {
  return offeredOption(offered, value) !== null;
}

/**
 * Numeric options (thickness, copper weight, layer count) compare with a tolerance, so 1.6 that
 * went through arithmetic or a decimal column as 1.6000000000000001 still matches.
 */
export function isOfferedNumber(
  offered: readonly number[],
  value: number | null | undefined,
): boolean {
  return (
    typeof value === 'number' &&
    Number.isFinite(value) &&
    offered.some((option) => Math.abs(option - value) < 1e-9)
  );
}
