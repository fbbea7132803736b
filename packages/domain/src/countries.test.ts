import { describe, expect, it } from 'vitest';
import { COUNTRIES, countryName, isCountryCode } from './countries.ts';

describe('ISO 3166-1 alpha-2 countries', () => {
  it('lists the 249 assigned codes once each', () => {
    expect(COUNTRIES).toHaveLength(249);
    expect(new Set(COUNTRIES.map((country) => country.code)).size).toBe(249);
  });

  it('accepts assigned codes and rejects the rest', () => {
    expect(isCountryCode('CA')).toBe(true);
    expect(isCountryCode('FR')).toBe(true);
    expect(isCountryCode('XK')).toBe(false); // user-assigned, not ISO
    expect(isCountryCode('UK')).toBe(false); // exceptionally reserved; GB is the code
    expect(isCountryCode('ca')).toBe(false);
    expect(isCountryCode('')).toBe(false);
  });

  it('names countries', () => {
    expect(countryName('DE')).toBe('Germany');
    expect(countryName('ZZ')).toBeUndefined();
  });
});
