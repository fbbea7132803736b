import type { CompanySummary, User } from '@circuits/contracts';
import { useUserPreference } from '../../../hooks/use-user-preference.ts';
import { seesAllCompanies } from '../../../lib/permissions.ts';

// SPEC §6: admins and moderators may fix one company; it is remembered per user in browser storage
// and the projects list shows only that company. null means every company.

export function parseFixedCompany(stored: unknown): CompanySummary | null {
  if (typeof stored !== 'object' || stored === null) return null;
  const { id, name } = stored as { id?: unknown; name?: unknown };
  if (typeof id !== 'number' || !Number.isInteger(id) || id <= 0) return null;
  if (typeof name !== 'string') return null;
  return { id, name };
}

export function useFixedCompany(user: User | undefined) {
  const [fixed, setFixed] = useUserPreference(user?.id, 'fixedCompany', parseFixedCompany);
  // Members work in their own company; a value stored while they were staff means nothing now.
  const applies = user !== undefined && seesAllCompanies(user);
  return { fixedCompany: applies ? fixed : null, setFixedCompany: setFixed };
}
