import { describe, expect, it } from 'vitest';
import type { Actor } from './actor.ts';
import { assertCanEditCompany, canReadCompany, companyScope } from './authorization.ts';

function actor(overrides: Partial<Actor>): Actor {
  return {
    userId: 1,
    companyId: 10,
    role: 'other',
    companyRole: 'edit',
    emailConfirmed: true,
    tokenId: 1,
    ...overrides,
  };
}

describe('company authorisation', () => {
  it('limits members to their own company', () => {
    const member = actor({});
    expect(companyScope(member)).toEqual({ type: 'company', companyId: 10 });
    expect(canReadCompany(member, 10)).toBe(true);
    expect(canReadCompany(member, 11)).toBe(false);
  });

  it('lets admins and moderators read every company', () => {
    for (const role of ['admin', 'moderator'] as const) {
      expect(companyScope(actor({ role }))).toEqual({ type: 'all' });
      expect(canReadCompany(actor({ role }), 11)).toBe(true);
    }
  });

  it('lets editors and admins change company data, not viewers or visiting moderators', () => {
    expect(() => assertCanEditCompany(actor({}), 10)).not.toThrow();
    expect(() =>
      assertCanEditCompany(actor({ role: 'admin', companyRole: 'view' }), 11),
    ).not.toThrow();
    expect(() => assertCanEditCompany(actor({ companyRole: 'view' }), 10)).toThrow(
      'Only company editors can change company details',
    );
    expect(() => assertCanEditCompany(actor({ role: 'moderator' }), 11)).toThrow(
      'Moderators can view other companies but cannot change them',
    );
  });
});
