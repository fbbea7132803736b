/** A BOM row's designator (SPEC §3 `refDesign` list entry). */
export type BomRefDesign = { refDesign: string; doNotPopulate: boolean };

/** What confirmation reads of a BOM row; a full BOM row (SPEC §3) fits. */
export type BomRowForConfirmation = {
  part_id: number | null;
  confirmed_by: number | string | null;
  custWillSupply: boolean | null;
  substitutions_rows: readonly unknown[] | null;
  refDesign: readonly BomRefDesign[];
};

/**
 * SPEC §4: a BOM row is confirmed when a catalogue part is linked, someone confirmed it,
 * substitutions are listed, the customer supplies the part, or every designator is
 * do-not-populate (nothing is placed, so no part is needed). A row without designators is
 * not "all do-not-populate": it places nothing because it is incomplete.
 */
export function isBomRowConfirmed(row: BomRowForConfirmation): boolean {
  return (
    row.part_id !== null ||
    (row.confirmed_by !== null && row.confirmed_by !== '') ||
    (row.substitutions_rows?.length ?? 0) > 0 ||
    (row.refDesign.length > 0 && row.refDesign.every((ref) => ref.doNotPopulate)) ||
    row.custWillSupply === true
  );
}
