import { ADMIN_ONLY_MESSAGE, STAFF_ONLY_MESSAGE } from '@circuits/contracts';
import type { CompanyScope } from '../../db/company-scope.ts';
import { forbidden } from '../../http/errors.ts';
import type { Actor } from './actor.ts';

// Authorisation rules shared by every area. Reads: members see their own company, admins and
// moderators every company. Writes to company data: the company's editors, and admins.

export function seesAllCompanies(actor: Actor): boolean {
  return actor.role === 'admin' || actor.role === 'moderator';
}

export function companyScope(actor: Actor): CompanyScope {
  return seesAllCompanies(actor)
    ? { type: 'all' }
    : { type: 'company', companyId: actor.companyId };
}

export function canReadCompany(actor: Actor, companyId: number): boolean {
  return seesAllCompanies(actor) || actor.companyId === companyId;
}

/** Whether the actor may change the company's data (the rule assertCanEditCompany enforces). */
export function canEditCompany(actor: Actor, companyId: number): boolean {
  return actor.role === 'admin' || (actor.companyId === companyId && actor.companyRole === 'edit');
}

/** Call after the company is known to be readable (so outsiders got a 404 already). */
export function assertCanEditCompany(
  actor: Actor,
  companyId: number,
  what = 'company details',
): void {
  if (actor.role === 'admin') return;
  if (actor.companyId === companyId) {
    if (actor.companyRole === 'edit') return;
    throw forbidden(`Only company editors can change ${what}`);
  }
  throw forbidden('Moderators can view other companies but cannot change them');
}

export function assertAdmin(actor: Actor): void {
  if (actor.role !== 'admin') throw forbidden('Only administrators can do this');
}

/** The admin panel: administrators and moderators read it; everyone else is refused. */
export function assertStaff(actor: Actor): void {
  if (!seesAllCompanies(actor)) throw forbidden(STAFF_ONLY_MESSAGE);
}

/** A change in the admin panel: administrators only (moderators read, others are refused). */
export function assertPanelAdmin(actor: Actor): void {
  assertStaff(actor);
  if (actor.role !== 'admin') throw forbidden(ADMIN_ONLY_MESSAGE);
}
