import { eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** Which companies' rows a query may touch; repositories apply it to every company-owned table. */
export type CompanyScope = { type: 'all' } | { type: 'company'; companyId: number };

export function inScope(scope: CompanyScope, companyIdColumn: PgColumn): SQL | undefined {
  return scope.type === 'all' ? undefined : eq(companyIdColumn, scope.companyId);
}
