import * as admin from './admin.contract.ts';
import * as adminOptions from './admin-board-options.contract.ts';
import * as auth from './auth.contract.ts';
import * as board from './board.contract.ts';
import * as bom from './bom.contract.ts';
import * as cart from './cart.contract.ts';
import * as company from './company.contract.ts';
import * as dfm from './dfm.contract.ts';
import type { Endpoint } from './endpoint.ts';
import * as moderation from './moderation.contract.ts';
import * as order from './order.contract.ts';
import * as parts from './parts.contract.ts';
import * as payment from './payment.contract.ts';
import * as placement from './placement.contract.ts';
import * as pricing from './pricing.contract.ts';
import * as product from './product.contract.ts';
import * as project from './project.contract.ts';
import * as quote from './quote.contract.ts';
import * as system from './system.contract.ts';

export * from './admin.contract.ts';
export * from './admin-board-options.contract.ts';
export * from './auth.contract.ts';
export * from './board.contract.ts';
export * from './bom.contract.ts';
export * from './cart.contract.ts';
export * from './company.contract.ts';
export * from './dfm.contract.ts';
export * from './endpoint.ts';
export * from './error-body.ts';
export * from './fields.ts';
export * from './moderation.contract.ts';
export * from './order.contract.ts';
export * from './parts.contract.ts';
export * from './payment.contract.ts';
export * from './placement.contract.ts';
export * from './pricing.contract.ts';
export * from './product.contract.ts';
export * from './project.contract.ts';
export * from './quote.contract.ts';
export * from './spa-routes.ts';
export * from './system.contract.ts';

function endpointsOf(module: Record<string, unknown>): Endpoint[] {
  return Object.values(module).filter(
    (value): value is Endpoint =>
      typeof value === 'object' && value !== null && 'method' in value && 'path' in value,
  );
}

/** Every endpoint, for the OpenAPI document and for checks that each one is served. */
export const ENDPOINTS: readonly Endpoint[] = [
  ...endpointsOf(system),
  ...endpointsOf(auth),
  ...endpointsOf(company),
  ...endpointsOf(project),
  ...endpointsOf(product),
  ...endpointsOf(board),
  ...endpointsOf(dfm),
  ...endpointsOf(parts),
  ...endpointsOf(order),
  ...endpointsOf(payment),
  ...endpointsOf(pricing),
  ...endpointsOf(cart),
  ...endpointsOf(bom),
  ...endpointsOf(placement),
  ...endpointsOf(quote),
  ...endpointsOf(admin),
  ...endpointsOf(adminOptions),
  ...endpointsOf(moderation),
];
