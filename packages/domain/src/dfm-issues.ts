// The issue checker's entries for the board's design-for-manufacture check (packages/dfm): one
// per check the board fails in the standard class, saying how many places, the worst value and
// the class it needs.

/** What the issue checker reads of one failing check (plain data, from the board's DFM result). */
export type DfmIssueInput = {
  check: string;
  /** Places past the standard limit. */
  count: number;
  worst: number;
  /** The standard limit, mm (a ratio for the aspect ratio). */
  limit: number;
  /** The class that makes it, or null when none does. */
  fabClass: 'advanced' | null;
};

const WORDING: Record<string, { one: string; many: string; past: string; worst: string }> = {
  'track-width': { one: 'track', many: 'tracks', past: 'thinner than', worst: 'thinnest' },
  clearance: {
    one: 'gap between copper shapes',
    many: 'gaps between copper shapes',
    past: 'narrower than',
    worst: 'narrowest',
  },
  'annular-ring': { one: 'annular ring', many: 'annular rings', past: 'under', worst: 'smallest' },
  'drill-size': { one: 'hole', many: 'holes', past: 'smaller than', worst: 'smallest' },
  'slot-width': { one: 'slot', many: 'slots', past: 'narrower than', worst: 'narrowest' },
  'hole-to-hole': {
    one: 'pair of holes',
    many: 'pairs of holes',
    past: 'closer than',
    worst: 'closest',
  },
  'aspect-ratio': {
    one: 'plated hole',
    many: 'plated holes',
    past: 'deeper than',
    worst: 'deepest',
  },
  'copper-to-edge': {
    one: 'copper shape',
    many: 'copper shapes',
    past: 'closer to the edge than',
    worst: 'closest',
  },
};

const mm = (value: number) => `${Number(value.toFixed(3))} mm`;
const ratio = (value: number) => `${Number(value.toFixed(1))}:1`;

/** "DFM: 3 tracks thinner than 0.127 mm (thinnest 0.09 mm): advanced class". */
export function dfmIssueText(issue: DfmIssueInput): string {
  const needs =
    issue.fabClass === 'advanced' ? 'advanced class' : 'beyond what the board house makes';
  if (issue.check === 'breakout') {
    // Counted per hole and layer.
    const places = issue.count === 1 ? '1 place' : `${issue.count} places`;
    return `DFM: a plated hole without a full ring of copper in ${places}: ${needs}`;
  }
  const wording = WORDING[issue.check];
  if (!wording) return `DFM: ${issue.check}: ${needs}`;
  const format = issue.check === 'aspect-ratio' ? ratio : mm;
  // No count when the places were not listed (a thickness or copper weight other than the check's).
  const places =
    issue.count === 0
      ? wording.many
      : issue.count === 1
        ? `1 ${wording.one}`
        : `${issue.count} ${wording.many}`;
  return `DFM: ${places} ${wording.past} ${format(issue.limit)} (${wording.worst} ${format(issue.worst)}): ${needs}`;
}
