import { describe, expect, it } from 'vitest';
import { partNumberKey } from './part-numbers.ts';

describe('part number keys', () => {
  it('ignore case, spaces, dashes and underscores', () => {
    expect(partNumberKey('RC0603FR-074K7L')).toBe('RC0603FR074K7L');
    expect(partNumberKey(' rc0603fr 07–4k7l ')).toBe('RC0603FR074K7L');
    expect(partNumberKey('GRM188_R71H104')).toBe('GRM188R71H104');
  });

  it('keep dots and slashes, which change the part', () => {
    expect(partNumberKey('SMAJ5.0A')).not.toBe(partNumberKey('SMAJ50A'));
    expect(partNumberKey('MAX1452AAE+T')).toBe('MAX1452AAE+T');
  });
});
