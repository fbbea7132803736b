import { describe, expect, it } from 'vitest';
import {
  readLastUserId,
  readLastVisitedPath,
  readToken,
  readUserPreference,
  writeLastUserId,
  writeLastVisitedPath,
  writeToken,
  writeUserPreference,
} from './browser-storage.ts';

describe('browser storage', () => {
  it('keeps and forgets the token', () => {
    expect(readToken()).toBeNull();
    writeToken('abc');
    expect(readToken()).toBe('abc');
    writeToken(null);
    expect(readToken()).toBeNull();
  });

  it('keeps the last user id and ignores a damaged value', () => {
    writeLastUserId(12);
    expect(readLastUserId()).toBe(12);
    window.localStorage.setItem('lastUserId', 'twelve');
    expect(readLastUserId()).toBeNull();
  });

  it('only returns same-site paths as the last visited path', () => {
    writeLastVisitedPath('/product/4?initTab=Files');
    expect(readLastVisitedPath()).toBe('/product/4?initTab=Files');
    writeLastVisitedPath('//evil.example/phish');
    expect(readLastVisitedPath()).toBeNull();
    writeLastVisitedPath('https://evil.example');
    expect(readLastVisitedPath()).toBeNull();
  });

  it('keeps preferences per user', () => {
    writeUserPreference(1, 'fixedCompany', { id: 3 });
    writeUserPreference(2, 'fixedCompany', { id: 9 });
    expect(readUserPreference(1, 'fixedCompany')).toEqual({ id: 3 });
    expect(readUserPreference(2, 'fixedCompany')).toEqual({ id: 9 });
    expect(readUserPreference(3, 'fixedCompany')).toBeUndefined();
    window.localStorage.setItem('user:1:cartTemplates', '{not json');
    expect(readUserPreference(1, 'cartTemplates')).toBeUndefined();
    writeUserPreference(1, 'fixedCompany', undefined);
    expect(readUserPreference(1, 'fixedCompany')).toBeUndefined();
  });
});
