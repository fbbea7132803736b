import { describe, expect, it } from 'vitest';
import { GerberError } from './errors.ts';
import { validateOptions } from './options.ts';

function messageOf(options: unknown): string {
  try {
    validateOptions(options);
  } catch (error) {
    expect(error).toBeInstanceOf(GerberError);
    expect((error as GerberError).code).toBe('invalid-options');
    return (error as Error).message;
  }
  throw new Error('expected an error');
}

describe('parser options (SPEC §5)', () => {
  it('accepts the five options', () => {
    expect(
      validateOptions({ places: [2, 4], zero: 'L', filetype: 'drill', units: 'mm', notation: 'I' }),
    ).toEqual({ places: [2, 4], zero: 'L', filetype: 'drill', units: 'mm', notation: 'I' });
    expect(validateOptions(undefined)).toEqual({});
  });

  it('names what is wrong', () => {
    expect(messageOf({ places: [2] })).toBe(
      'places must be two whole numbers from 0 to 9, e.g. [2, 4]',
    );
    expect(messageOf({ places: [2, 1.5] })).toBe(
      'places must be two whole numbers from 0 to 9, e.g. [2, 4]',
    );
    expect(messageOf({ zero: 'D' })).toBe("zero must be 'L' or 'T'");
    expect(messageOf({ filetype: 'pdf' })).toBe("filetype must be 'gerber' or 'drill'");
    expect(messageOf({ units: 'cm' })).toBe("units must be 'in' or 'mm'");
    expect(messageOf({ notation: 'X' })).toBe("notation must be 'A' or 'I'");
    expect(messageOf({ colour: 'red' })).toBe("unknown option 'colour'");
    expect(messageOf('fast')).toBe('options must be an object');
  });
});
