// Who may see and change what in the catalogue: staff see all, companies their own unconfirmed rows.

import { type SQL, sql } from 'drizzle-orm';
import { forbidden } from '../../http/errors.ts';
import type { Actor } from '../auth/actor.ts';
import { seesAllCompanies } from '../auth/authorization.ts';
import type { PartRow, UnconfirmedScope } from './parts.repository.ts';

export function isStaff(actor: Actor): boolean {
  return seesAllCompanies(actor);
}

export function assertStaff(actor: Actor, what: string): void {
  if (!isStaff(actor)) throw forbidden(`Only administrators and moderators can change ${what}`);
}

export function assertContributor(actor: Actor, what: string): void {
  if (!isStaff(actor) && actor.companyRole !== 'edit') {
    throw forbidden(`Only company editors can add ${what}`);
  }
}

export function scopeOf(actor: Actor, showUnconfirmed: boolean): UnconfirmedScope {
  if (!showUnconfirmed) return { type: 'none' };
  return isStaff(actor) ? { type: 'all' } : { type: 'company', companyId: actor.companyId };
}

/** What any reader may see: confirmed rows, their company's unconfirmed ones, staff all. */
export function readScope(actor: Actor): UnconfirmedScope {
  return scopeOf(actor, true);
}

export function canSee(
  actor: Actor,
  row: { confirmed: boolean; companyId: number | null },
): boolean {
  return row.confirmed || isStaff(actor) || row.companyId === actor.companyId;
}

export function canEditPart(actor: Actor, part: PartRow): boolean {
  if (isStaff(actor)) return true;
  return !part.confirmed && part.companyId === actor.companyId && actor.companyRole === 'edit';
}

export function readScopeSql(actor: Actor): SQL {
  const scope = readScope(actor);
  if (scope.type === 'all') return sql`true`;
  if (scope.type === 'company') return sql`(p.confirmed or p.company_id = ${scope.companyId})`;
  return sql`p.confirmed`;
}
