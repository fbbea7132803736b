import {
  addShippingAccount,
  createAddress,
  getCompanyShort,
  listAddresses,
  updateAddress,
  updateCompanyCurrency,
  updateShippingAccount,
} from '@circuits/contracts';
import type { Router } from '../../http/router.ts';
import type { CompaniesService } from './companies.service.ts';

export function registerCompanyRoutes(router: Router, companies: CompaniesService): void {
  router.route(getCompanyShort, async ({ actor }) => ({
    companies: await companies.listCompanies(actor),
  }));

  router.route(listAddresses, async ({ actor, query }) => ({
    addresses: await companies.listAddresses(actor, query.companyId),
  }));

  router.route(createAddress, ({ actor, query, body }) =>
    companies.createAddress(actor, query.companyId, body),
  );

  router.route(updateAddress, ({ actor, params, body }) =>
    companies.updateAddress(actor, params.id, body),
  );

  router.route(addShippingAccount, ({ actor, query, body }) =>
    companies.addShippingAccount(actor, query.companyId, body),
  );

  router.route(updateShippingAccount, ({ actor, body }) =>
    companies.updateShippingAccount(actor, body),
  );

  router.route(updateCompanyCurrency, async ({ actor, query, body }) => ({
    company: await companies.updateCurrency(actor, query.companyId, body.currency),
  }));
}
