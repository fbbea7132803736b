import { describe, expect, it } from 'vitest';
import {
  decideNavigation,
  needsUser,
  pathAfterSignIn,
  type SessionState,
  shouldRecordPath,
} from './navigation-guard.ts';

const anonymous: SessionState = { type: 'anonymous' };
const tokenOnly: SessionState = { type: 'token-only' };
const unconfirmed: SessionState = { type: 'member', isConfirmedEmail: false, isStaff: false };
const confirmed: SessionState = { type: 'member', isConfirmedEmail: true, isStaff: false };
const staff: SessionState = { type: 'member', isConfirmedEmail: true, isStaff: true };

describe('decideNavigation', () => {
  it('lets everyone open public routes', () => {
    for (const session of [anonymous, tokenOnly, unconfirmed, confirmed]) {
      expect(decideNavigation('public', session)).toEqual({ type: 'allow' });
    }
  });

  it('sends logged-in users away from login and register to /projects', () => {
    expect(decideNavigation('guest', anonymous)).toEqual({ type: 'allow' });
    for (const session of [tokenOnly, unconfirmed, confirmed]) {
      expect(decideNavigation('guest', session)).toEqual({ type: 'redirect', to: '/projects' });
    }
  });

  it('sends anonymous users on routes needing auth to /login', () => {
    expect(decideNavigation('member', anonymous)).toEqual({ type: 'redirect', to: '/login' });
    expect(decideNavigation('unconfirmed', anonymous)).toEqual({ type: 'redirect', to: '/login' });
  });

  it('sends users with an unconfirmed email to /confirmEmail', () => {
    expect(decideNavigation('member', unconfirmed)).toEqual({
      type: 'redirect',
      to: '/confirmEmail',
    });
    expect(decideNavigation('unconfirmed', unconfirmed)).toEqual({ type: 'allow' });
  });

  it('lets confirmed users in and sends them from /confirmEmail to /projects', () => {
    expect(decideNavigation('member', confirmed)).toEqual({ type: 'allow' });
    expect(decideNavigation('unconfirmed', confirmed)).toEqual({
      type: 'redirect',
      to: '/projects',
    });
  });

  it('lets only administrators and moderators open staff routes; other members are not allowed', () => {
    expect(decideNavigation('staff', staff)).toEqual({ type: 'allow' });
    expect(decideNavigation('staff', confirmed)).toEqual({ type: 'forbidden' });
    // A user who could not be loaded is not taken for staff.
    expect(decideNavigation('staff', tokenOnly)).toEqual({ type: 'forbidden' });
    expect(decideNavigation('staff', anonymous)).toEqual({ type: 'redirect', to: '/login' });
    expect(decideNavigation('staff', { ...staff, isConfirmedEmail: false })).toEqual({
      type: 'redirect',
      to: '/confirmEmail',
    });
  });

  it('asks for the user only where email confirmation or the role matters', () => {
    expect(needsUser('public')).toBe(false);
    expect(needsUser('guest')).toBe(false);
    expect(needsUser('member')).toBe(true);
    expect(needsUser('unconfirmed')).toBe(true);
    expect(needsUser('staff')).toBe(true);
  });
});

describe('shouldRecordPath', () => {
  it('records every path except login, register and confirmEmail', () => {
    expect(shouldRecordPath('/cabinet')).toBe(true);
    expect(shouldRecordPath('/product/12')).toBe(true);
    expect(shouldRecordPath('/')).toBe(true);
    expect(shouldRecordPath('/login')).toBe(false);
    expect(shouldRecordPath('/register')).toBe(false);
    expect(shouldRecordPath('/confirmEmail')).toBe(false);
    expect(shouldRecordPath('/confirmEmail/')).toBe(false);
  });

  it('does not record the password pages: nobody wants to land there after logging in', () => {
    expect(shouldRecordPath('/forgotPassword')).toBe(false);
    expect(shouldRecordPath('/resetPassword')).toBe(false);
    expect(pathAfterSignIn('/resetPassword?token=abc')).toBe('/workspace');
    expect(shouldRecordPath('/account')).toBe(true);
  });
});

describe('pathAfterSignIn', () => {
  it('returns to the last recorded path', () => {
    expect(pathAfterSignIn('/cabinet')).toBe('/cabinet');
    expect(pathAfterSignIn('/product/7?initTab=Files')).toBe('/product/7?initTab=Files');
  });

  it('goes to the workspace when nothing was recorded', () => {
    expect(pathAfterSignIn(null)).toBe('/workspace');
  });

  it('never returns to a path that is not recorded', () => {
    expect(pathAfterSignIn('/login')).toBe('/workspace');
    expect(pathAfterSignIn('/confirmEmail?code=abc')).toBe('/workspace');
  });
});
