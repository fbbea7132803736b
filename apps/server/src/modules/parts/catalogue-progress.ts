// How far a catalogue load that runs while the server answers has come (the demo catalogue at a
// first start), so that the parts search can say the catalogue is not complete yet. Kept by the
// instance that loads; other instances know nothing of it.

export type CatalogueProgress = { loaded: number; total: number };

export function createCatalogueProgress() {
  let current: CatalogueProgress | undefined;
  return {
    set(loaded: number, total: number): void {
      current = { loaded, total };
    },
    clear(): void {
      current = undefined;
    },
    /** The load under way, or undefined when none is. */
    current(): CatalogueProgress | undefined {
      return current;
    },
  };
}

export type CatalogueProgressTracker = ReturnType<typeof createCatalogueProgress>;
