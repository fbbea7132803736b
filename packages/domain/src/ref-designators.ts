// Reference designators typed by people and exported by CAD tools differ in case and spacing
// ("r 1" in a BOM, "R1" in a placement file); SPEC §5 says comparisons ignore both.

/** The comparison key of a reference designator: no whitespace, upper case. */
export function refDesignKey(refDesign: string): string {
  return refDesign.replace(/\s+/g, '').toUpperCase();
}

export function isSameRefDesign(a: string, b: string): boolean {
  return refDesignKey(a) === refDesignKey(b);
}

/**
 * The designators that occur more than once (by key), each once, as first written, in order of
 * first appearance. Blank designators are ignored.
 */
export function duplicateRefDesigns(refDesigns: Iterable<string>): string[] {
  const counts = new Map<string, { first: string; count: number }>();
  for (const refDesign of refDesigns) {
    const key = refDesignKey(refDesign);
    if (key === '') continue;
    const seen = counts.get(key);
    if (seen) seen.count += 1;
    else counts.set(key, { first: refDesign.trim(), count: 1 });
  }
  return [...counts.values()].filter(({ count }) => count > 1).map(({ first }) => first);
}

/**
 * The designators of `refDesigns` that have no match in `others`, each once, as first written,
 * in order. Blank designators are ignored.
 */
export function refDesignsMissingFrom(
  refDesigns: Iterable<string>,
  others: Iterable<string>,
): string[] {
  const present = new Set<string>();
  for (const other of others) present.add(refDesignKey(other));
  const missing = new Map<string, string>();
  for (const refDesign of refDesigns) {
    const key = refDesignKey(refDesign);
    if (key !== '' && !present.has(key) && !missing.has(key)) missing.set(key, refDesign.trim());
  }
  return [...missing.values()];
}
