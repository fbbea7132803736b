import { getPackages, updatePackage } from '@circuits/contracts';
import type { Router } from '../../http/router.ts';
import type { PackagesService } from './packages.service.ts';

export function registerPackageRoutes(router: Router, packages: PackagesService): void {
  router.route(getPackages, async ({ query }) => ({
    categories: await packages.byCategory(query.category_ids),
  }));
  router.route(updatePackage, async ({ actor, params, body }) => ({
    package: await packages.updatePackage(actor, params.id, body),
  }));
}
