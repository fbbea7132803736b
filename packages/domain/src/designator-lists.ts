// A BOM line lists its designators the way its author's tool or hand wrote them: "R1, R2 R3",
// "R1-R4", "C1 C3 C5 " (trailing space), "Q1#2" (a sub-part), "C9_MB" (a per-board suffix).
// One expansion serves the readers, the BOM editor and the cross-checks.

/** More than this many designators in one range is a typing slip, not a range. */
export const MAX_DESIGNATOR_RANGE = 10_000;

/** One designator as read, with where it came from when a range produced it. */
export type ExpandedDesignator = { refDesign: string; fromRange: string | null };

export type DesignatorListProblem =
  | { type: 'not-a-designator'; text: string }
  | { type: 'range-too-long'; text: string; count: number }
  /** More designators than the caller's limit: the rest of the cell was not expanded. */
  | { type: 'too-many'; text: string; count: number };

export type DesignatorList = {
  designators: ExpandedDesignator[];
  problems: DesignatorListProblem[];
};

// A designator: a letter first (or an underscore), then anything but separators. `?` allows
// KiCad's unannotated `R?`.
const DESIGNATOR = /^[A-Za-z_][A-Za-z0-9_.#+/?:\\-]*$/;
// `R1-R4`, `R1-4`, `R1..R4`, `R1–R4` (en dash), `C1_MB-C4_MB`; a suffix, when present, is the same
// on both ends.
const RANGE =
  /^([A-Za-z_]+)(\d+)([_.][A-Za-z0-9]+)?\s*(?:-|–|—|\.\.|~)\s*([A-Za-z_]+)?(\d+)([_.][A-Za-z0-9]+)?$/;

/** Whether a single token has the shape of a designator ("R1", "U12_A", "Q1#2", "R?"). */
export function isDesignatorToken(token: string): boolean {
  return token.length <= 64 && DESIGNATOR.test(token) && !/^[-–—]+$/.test(token);
}

/**
 * Splits a designator cell into designators, expanding ranges. Separators are commas,
 * semicolons, whitespace and line breaks; a range is `R1-R4` or `R1-4` with the end above the
 * start (`R4-R1` is expanded too, in the order written). `J1-1` (end not above start, no prefix
 * on the end) stays one designator, as CAD tools use that shape for sub-units.
 */
export function expandDesignators(cell: string, limit = Number.POSITIVE_INFINITY): DesignatorList {
  const designators: ExpandedDesignator[] = [];
  const problems: DesignatorListProblem[] = [];
  // Join "R1 - R4" and "R1 -R4" into one token before splitting on whitespace.
  const joined = cell.replace(
    /([A-Za-z_]\d+(?:[_.][A-Za-z0-9]+)?)\s*(-|–|—|\.\.)\s*(?=[A-Za-z_]*\d)/g,
    '$1$2',
  );
  for (const token of joined.split(/[\s,;]+/)) {
    if (token === '') continue;
    const range = RANGE.exec(token);
    if (range) {
      const [, prefix, startText, suffix = '', endPrefix, endText, endSuffix = ''] = range;
      const start = Number(startText);
      const end = Number(endText);
      const samePrefix = endPrefix === undefined || endPrefix === prefix;
      const sameSuffix = endSuffix === '' || endSuffix === suffix;
      const isRange =
        samePrefix && sameSuffix && (endPrefix !== undefined ? start !== end : end > start);
      if (isRange) {
        const count = Math.abs(end - start) + 1;
        if (count > MAX_DESIGNATOR_RANGE) {
          problems.push({ type: 'range-too-long', text: token, count });
          continue;
        }
        // Ranges make many designators of few characters: the caller's limit stops them.
        if (designators.length + count > limit) {
          problems.push({ type: 'too-many', text: token, count: designators.length + count });
          break;
        }
        const step = end > start ? 1 : -1;
        // Keep leading zeros when both ends are written with the same width ("R01-R10" is not
        // that, but "R01-R09" is).
        const width = startText!.length === endText!.length ? startText!.length : 0;
        for (let n = start; n !== end + step; n += step) {
          designators.push({
            refDesign: `${prefix}${String(n).padStart(width, '0')}${suffix}`,
            fromRange: token,
          });
        }
        continue;
      }
    }
    if (isDesignatorToken(token)) {
      if (designators.length + 1 > limit) {
        problems.push({ type: 'too-many', text: token, count: designators.length + 1 });
        break;
      }
      designators.push({ refDesign: token, fromRange: null });
    } else problems.push({ type: 'not-a-designator', text: token });
  }
  return { designators, problems };
}

/**
 * Compresses designators back into ranges for display ("R1-R4, C1"): runs of three or more
 * consecutive numbers with the same prefix and suffix become a range; the order is kept.
 */
export function compressDesignators(refDesigns: readonly string[]): string {
  const parts: string[] = [];
  let i = 0;
  const parse = (ref: string) => /^([A-Za-z_]+)(\d+)([_.][A-Za-z0-9]+)?$/.exec(ref);
  while (i < refDesigns.length) {
    const first = parse(refDesigns[i]!);
    let j = i;
    if (first && !first[2]!.startsWith('0')) {
      while (j + 1 < refDesigns.length) {
        const next = parse(refDesigns[j + 1]!);
        if (
          !next ||
          next[1] !== first[1] ||
          (next[3] ?? '') !== (first[3] ?? '') ||
          Number(next[2]) !== Number(first[2]) + (j + 1 - i) ||
          next[2]!.startsWith('0')
        )
          break;
        j += 1;
      }
    }
    if (j - i >= 2) parts.push(`${refDesigns[i]}-${refDesigns[j]}`);
    else for (let k = i; k <= j; k += 1) parts.push(refDesigns[k]!);
    i = j + 1;
  }
  return parts.join(', ');
}
