import { describe, expect, it } from 'vitest';
import { sampleUser } from '../testing/fake-server.ts';
import { canEditCompanyData, seesAllCompanies } from './permissions.ts';

describe('canEditCompanyData', () => {
  it('lets company editors change their own company only', () => {
    const editor = sampleUser({ company_role: 'edit' });
    expect(canEditCompanyData(editor, editor.company.id)).toBe(true);
    expect(canEditCompanyData(editor, editor.company.id + 1)).toBe(false);
  });

  it('keeps read-only members and other moderators out', () => {
    const viewer = sampleUser({ company_role: 'view' });
    expect(canEditCompanyData(viewer, viewer.company.id)).toBe(false);
    const moderator = sampleUser({ role: 'moderator', company_role: 'edit' });
    expect(canEditCompanyData(moderator, moderator.company.id)).toBe(true);
    expect(canEditCompanyData(moderator, moderator.company.id + 1)).toBe(false);
  });

  it('lets admins change every company', () => {
    const admin = sampleUser({ role: 'admin', company_role: 'view' });
    expect(canEditCompanyData(admin, 999)).toBe(true);
  });
});

describe('seesAllCompanies', () => {
  it('is true for admins and moderators only', () => {
    expect(seesAllCompanies(sampleUser({ role: 'admin' }))).toBe(true);
    expect(seesAllCompanies(sampleUser({ role: 'moderator' }))).toBe(true);
    expect(seesAllCompanies(sampleUser({ role: 'other' }))).toBe(false);
  });
});
