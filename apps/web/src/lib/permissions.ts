import type { User } from '@circuits/contracts';

// The server decides; the UI only hides controls the server would refuse. Same rule as the
// server's authorisation: admins change every company, company editors their own company.

export function canEditCompanyData(user: User, companyId: number): boolean {
  if (user.role === 'admin') return true;
  return user.company.id === companyId && user.company_role === 'edit';
}

/** Admins and moderators see every company and may pick one to work in (SPEC §6). */
export function seesAllCompanies(user: User): boolean {
  return user.role === 'admin' || user.role === 'moderator';
}
