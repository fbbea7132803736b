import type { CompanyRole, Role } from '@circuits/contracts';
import { login } from '@circuits/contracts';
import { SYSTEM_ACTOR } from '../src/modules/auth/actor.ts';
import type { TestServer } from './test-server.ts';

// People to act as in tests: two companies with an editor and a read-only member each, plus an
// admin and a moderator. Created through the services (no HTTP endpoint creates staff), then
// logged in through HTTP for real tokens.

export const TEST_PASSWORD = 'test-password-1';

export type Member = { userId: number; email: string; companyId: number; token: string };

export type Team = { companyId: number; editor: Member; viewer: Member };

export type People = { acme: Team; globex: Team; admin: Member; moderator: Member };

let counter = 0;

async function createMember(
  server: TestServer,
  companyId: number,
  role: Role,
  companyRole: CompanyRole,
  label: string,
): Promise<Member> {
  counter += 1;
  const email = `${label}-${counter}-${process.pid}@test.example`;
  const passwordHash = await server.services.users.hashPassword(TEST_PASSWORD);
  const user = await server.services.users.createUser({
    companyId,
    name: label,
    lastname: 'Tester',
    email,
    passwordHash,
    role,
    companyRole,
    emailConfirmed: true,
  });
  const response = await server.call(login, { body: { email, password: TEST_PASSWORD } });
  if (response.status !== 200) throw new Error(`login of ${email} failed: ${response.text}`);
  return { userId: user.id, email, companyId, token: response.data.token };
}

export async function createTeam(
  server: TestServer,
  name: string,
  countryCode = 'US',
): Promise<Team> {
  const companyId = await server.services.companies.createCompany({ name, countryCode });
  return {
    companyId,
    editor: await createMember(server, companyId, 'other', 'edit', 'editor'),
    viewer: await createMember(server, companyId, 'other', 'view', 'viewer'),
  };
}

export async function createPeople(server: TestServer): Promise<People> {
  const acme = await createTeam(server, 'Acme Circuits', 'US');
  const globex = await createTeam(server, 'Globex Boards', 'DE');
  const staffCompany = await server.services.companies.createCompany({
    name: 'Circuits Staff',
    countryCode: 'US',
  });
  return {
    acme,
    globex,
    admin: await createMember(server, staffCompany, 'admin', 'edit', 'admin'),
    moderator: await createMember(server, staffCompany, 'moderator', 'view', 'moderator'),
  };
}

/** A complete address of the company, made by an administrator. */
export async function addAddress(server: TestServer, companyId: number, countryCode: string) {
  return server.services.companies.createAddress(SYSTEM_ACTOR, companyId, {
    line1: '1 Test Street',
    city: 'Testville',
    postal_code: '12345',
    country_code: countryCode,
  });
}
