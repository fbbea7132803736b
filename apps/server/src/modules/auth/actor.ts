import type { CompanyRole, Role } from '@circuits/contracts';

/** Who is calling: resolved from the bearer token for every non-public endpoint. */
export type Actor = {
  userId: number;
  companyId: number;
  role: Role;
  companyRole: CompanyRole;
  emailConfirmed: boolean;
  /** The token the request carries, so logout can revoke exactly it. */
  tokenId: number;
};

/** Acts with admin rights for start-up tasks (demo data); never the result of a request. */
export const SYSTEM_ACTOR: Actor = {
  userId: 0,
  companyId: 0,
  role: 'admin',
  companyRole: 'edit',
  emailConfirmed: true,
  tokenId: 0,
};
