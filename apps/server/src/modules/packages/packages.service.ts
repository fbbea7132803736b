import type { Package } from '@circuits/contracts';
import { forbidden, notFound } from '../../http/errors.ts';
import type { Actor } from '../auth/actor.ts';
import { seesAllCompanies } from '../auth/authorization.ts';
import { presentPackage } from './packages.presenter.ts';
import type { PackagesRepository } from './packages.repository.ts';

export function createPackagesService(deps: {
  repository: PackagesRepository;
  /** Category names by id (the parts area owns categories). */
  categoryNames: () => Promise<Map<number, string>>;
}) {
  const { repository } = deps;
  return {
    async findPackage(id: number): Promise<Package | undefined> {
      const row = await repository.findPackage(id);
      return row && presentPackage(row);
    },

    packagesNamed: repository.packagesNamed,

    async packagesById(ids: readonly number[]): Promise<Map<number, Package>> {
      if (ids.length === 0) return new Map();
      const rows = await repository.listPackages(ids);
      return new Map(rows.map((row) => [row.id, presentPackage(row)]));
    },

    /** Packages grouped by the part categories that use them (all categories, or those asked). */
    async byCategory(categoryIds: readonly number[] | undefined) {
      const names = await deps.categoryNames();
      const links = await repository.categoryLinks(categoryIds);
      const packages = new Map(
        (await repository.listPackages()).map((row) => [row.id, presentPackage(row)]),
      );
      const wanted = categoryIds ?? [...names.keys()];
      return wanted
        .filter((id) => names.has(id))
        .map((id) => ({
          id,
          name: names.get(id)!,
          packages: links
            .filter((link) => link.categoryId === id)
            .map((link) => packages.get(link.packageId))
            .filter((pkg): pkg is Package => pkg !== undefined)
            .sort((a, b) => a.pkgName.localeCompare(b.pkgName, 'en', { numeric: true })),
        }));
    },

    async updatePackage(
      actor: Actor,
      id: number,
      changes: { mountType?: 'SMD' | 'THT' | undefined; numOfPins?: number | undefined },
    ): Promise<Package> {
      if (!seesAllCompanies(actor)) {
        throw forbidden('Only administrators and moderators can change packages');
      }
      const row = await repository.findPackage(id);
      if (!row) throw notFound('package');
      await repository.updatePackage(id, {
        ...(changes.mountType !== undefined && { mountType: changes.mountType }),
        ...(changes.numOfPins !== undefined && { numOfPins: changes.numOfPins }),
      });
      return presentPackage((await repository.findPackage(id))!);
    },
  };
}

export type PackagesService = ReturnType<typeof createPackagesService>;
