import type { Company, User } from '@circuits/contracts';
import type { UserRow } from './users.repository.ts';

export function presentUser(row: UserRow, company: Company): User {
  return {
    id: row.id,
    name: row.name,
    lastname: row.lastname,
    // A detached account shows the address it was registered with (users.tables.ts).
    email: row.claimedEmail ?? row.email,
    role: row.role,
    company_role: row.companyRole,
    isConfirmedEmail: row.emailConfirmedAt !== null,
    company,
  };
}
