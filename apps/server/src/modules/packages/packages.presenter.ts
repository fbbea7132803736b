import type { Package } from '@circuits/contracts';
import type { PackageRow } from './packages.repository.ts';

export function presentPackage(row: PackageRow): Package {
  return {
    id: row.id,
    pkgName: row.pkgName,
    aliases: row.aliases,
    minX: row.minXMm,
    maxX: row.maxXMm,
    minY: row.minYMm,
    maxY: row.maxYMm,
    imgLink: row.imgLink,
    mountType: row.mountType,
    numOfPins: row.numOfPins,
  };
}
