import type { AddressInput, CompanyRole, Role } from '@circuits/contracts';
import { SYSTEM_ACTOR } from '../modules/auth/actor.ts';
import type { Services } from '../services.ts';

export const DEMO_PASSWORD = 'circuits-demo';

type DemoCompany = {
  name: string;
  address: AddressInput & { country_code: string };
  shippingAccount?: { agentId: number; accountNumber: string; description: string };
  users: { email: string; name: string; lastname: string; role: Role; companyRole: CompanyRole }[];
};

const DEMO_COMPANIES: DemoCompany[] = [
  {
    name: 'Circuits',
    address: {
      contact_name: 'Circuits Operations',
      line1: '350 Fifth Avenue',
      city: 'New York',
      region: 'NY',
      postal_code: '10118',
      country_code: 'US',
      phone: '+1 212 555 0100',
    },
    users: [
      {
        email: 'admin@circuits.example',
        name: 'Alex',
        lastname: 'Admin',
        role: 'admin',
        companyRole: 'edit',
      },
      {
        email: 'moderator@circuits.example',
        name: 'Morgan',
        lastname: 'Moderator',
        role: 'moderator',
        companyRole: 'view',
      },
    ],
  },
  {
    name: 'Northwind Electronics',
    address: {
      contact_name: 'Receiving',
      line1: '100 Queen Street West',
      city: 'Toronto',
      region: 'ON',
      postal_code: 'M5H 2N2',
      country_code: 'CA',
      phone: '+1 416 555 0142',
    },
    shippingAccount: { agentId: 1, accountNumber: 'A1B2C3', description: 'Northwind UPS account' },
    users: [
      {
        email: 'editor@northwind.example',
        name: 'Erin',
        lastname: 'Editor',
        role: 'other',
        companyRole: 'edit',
      },
      {
        email: 'viewer@northwind.example',
        name: 'Victor',
        lastname: 'Viewer',
        role: 'other',
        companyRole: 'view',
      },
    ],
  },
];

export type DemoLogin = { email: string; password: string; description: string };

export const DEMO_LOGINS: DemoLogin[] = DEMO_COMPANIES.flatMap((company) =>
  company.users.map((user) => ({
    email: user.email,
    password: DEMO_PASSWORD,
    description:
      user.role === 'other'
        ? `${company.name}, company_role ${user.companyRole}`
        : `${user.role}, ${company.name}`,
  })),
);

/** Seeds the demo companies and users into a database without users; true when it did. */
export async function seedDemoData(services: Services): Promise<boolean> {
  if ((await services.users.countUsers()) > 0) return false;
  const passwordHash = await services.users.hashPassword(DEMO_PASSWORD);
  await services.transactor.transaction(async () => {
    for (const demo of DEMO_COMPANIES) {
      const companyId = await services.companies.createCompany({
        name: demo.name,
        countryCode: demo.address.country_code,
      });
      const { address_id } = await services.companies.getCompany(companyId);
      await services.companies.updateAddress(SYSTEM_ACTOR, address_id!, {
        ...demo.address,
        is_default: true,
      });
      if (demo.shippingAccount) {
        await services.companies.addShippingAccount(SYSTEM_ACTOR, companyId, {
          agent_id: demo.shippingAccount.agentId,
          account_number: demo.shippingAccount.accountNumber,
          description: demo.shippingAccount.description,
        });
      }
      for (const user of demo.users) {
        await services.users.createUser({ ...user, companyId, passwordHash, emailConfirmed: true });
      }
    }
  });
  return true;
}

/** Whether the demo logins still exist (they are printed at start only then). */
export async function hasDemoLogins(services: Services): Promise<boolean> {
  return services.users.isEmailTaken(DEMO_LOGINS[0]!.email);
}
