// How placements read on screen: millimetres to two decimals (a placement machine's resolution
// is finer, but two decimals tell parts apart), and the units a file may be written in.

export const UNIT_LABELS = { mm: 'mm', mil: 'mil', inch: 'inch' } as const;

export function formatMm(value: number): string {
  return (Math.round(value * 100) / 100).toFixed(2);
}

export type PlacementFilter = {
  text: string;
  side: 'all' | 'top' | 'bottom';
  status: 'all' | 'unconfirmed' | 'dnp';
};

export const NO_FILTER: PlacementFilter = { text: '', side: 'all', status: 'all' };

type Filterable = {
  refDesign: string;
  side: 'top' | 'bottom';
  confirmed: boolean;
  dnp: boolean;
  value?: string | null;
  packageName?: string | null;
};

/**
 * The placements the filter keeps. The text matches a reference, a value or a package, spaces
 * and case ignored (SPEC §5), so `r 1` finds R1 and `0402` every 0402 part.
 */
export function filterPlacements<T extends Filterable>(
  placements: readonly T[],
  filter: PlacementFilter,
): T[] {
  const needle = filter.text.replace(/\s+/g, '').toLowerCase();
  const squash = (text: string | null | undefined) =>
    (text ?? '').replace(/\s+/g, '').toLowerCase();
  return placements.filter(
    (placement) =>
      (filter.side === 'all' || placement.side === filter.side) &&
      (filter.status === 'all' ||
        (filter.status === 'dnp' ? placement.dnp : !placement.confirmed && !placement.dnp)) &&
      (needle === '' ||
        squash(placement.refDesign).includes(needle) ||
        squash(placement.value).includes(needle) ||
        squash(placement.packageName).includes(needle)),
  );
}
