// Placements and package corrections as the API shows them: each placement with its catalogue
// package and, when a company correction applies to its package, the corrected position.

import type { Package, PackageCorrection, Placement, PlacementPackage } from '@circuits/contracts';
import { correctPlacement, packageNameKey } from '@circuits/domain';
import type { PackageCorrectionRecord, PlacementRecord } from './placements.repository.ts';

export function presentPackage(pkg: Package): PlacementPackage {
  const { aliases: _aliases, ...rest } = pkg;
  return rest;
}

/** A company's package corrections, found by the package name a file wrote or the catalogue's. */
export type Corrections = {
  byName: ReadonlyMap<string, PackageCorrectionRecord>;
  byPackage: ReadonlyMap<number, PackageCorrectionRecord>;
};

export const NO_CORRECTIONS: Corrections = { byName: new Map(), byPackage: new Map() };

export function correctionsOf(records: readonly PackageCorrectionRecord[]): Corrections {
  const byName = new Map<string, PackageCorrectionRecord>();
  const byPackage = new Map<number, PackageCorrectionRecord>();
  for (const record of records) {
    if (record.packageKey !== null) byName.set(record.packageKey, record);
    if (record.packageId !== null) byPackage.set(record.packageId, record);
  }
  return { byName, byPackage };
}

/** The name as the file wrote it is the more precise: it wins over the catalogue package. */
function correctionFor(
  row: Pick<PlacementRecord, 'packageName' | 'packageId'>,
  corrections: Corrections,
): PackageCorrectionRecord | undefined {
  return (
    (row.packageName === null
      ? undefined
      : corrections.byName.get(packageNameKey(row.packageName))) ??
    (row.packageId === null ? undefined : corrections.byPackage.get(row.packageId))
  );
}

export function presentPlacement(
  row: PlacementRecord,
  packagesById: ReadonlyMap<number, Package>,
  corrections: Corrections,
): Placement {
  const pkg = row.packageId === null ? undefined : packagesById.get(row.packageId);
  const correction = correctionFor(row, corrections);
  const corrected = correction
    ? correctPlacement({ side: row.side, xMm: row.xMm, yMm: row.yMm, angle: row.angle }, correction)
    : undefined;
  return {
    id: row.id,
    refDesign: row.refDesign,
    side: row.side,
    x: row.xMm,
    y: row.yMm,
    angle: row.angle,
    confirmed: row.confirmed,
    dnp: row.dnp,
    package: pkg ? presentPackage(pkg) : null,
    packageName: row.packageName,
    value: row.value,
    bom_id: row.bomId,
    product_file_id: row.productFileId,
    corrected:
      correction && corrected
        ? {
            correction_id: correction.id,
            x: corrected.xMm,
            y: corrected.yMm,
            angle: corrected.angle,
          }
        : null,
  };
}

export function presentCorrection(
  record: PackageCorrectionRecord,
  packagesById: ReadonlyMap<number, Package>,
  placements: readonly PlacementRecord[],
  corrections: Corrections,
): PackageCorrection {
  const pkg = record.packageId === null ? undefined : packagesById.get(record.packageId);
  return {
    id: record.id,
    packageName: record.packageName,
    package: pkg ? { id: pkg.id, pkgName: pkg.pkgName } : null,
    rotation: record.rotation,
    x: record.xMm,
    y: record.yMm,
    placements: placements.filter((row) => correctionFor(row, corrections)?.id === record.id)
      .length,
  };
}
