import { describe, expect, it } from 'vitest';
import { toFieldMessages, validationResult } from './validation-result.ts';

describe('validation results', () => {
  it('is valid exactly when there are no errors', () => {
    expect(validationResult([])).toEqual({ valid: true, errors: [] });
    expect(validationResult([{ field: 'a', message: 'A' }]).valid).toBe(false);
  });

  it('gives one message per field for the 422 body, joining messages of the same field', () => {
    expect(
      toFieldMessages([
        { field: 'boardWidth', message: 'Board sizes should be selected' },
        { field: 'rout_width_horizontal', message: 'Rout width should be selected' },
        { field: 'rout_width_horizontal', message: 'Rout width should be between 2 and 10 mm' },
      ]),
    ).toEqual({
      boardWidth: 'Board sizes should be selected',
      rout_width_horizontal:
        'Rout width should be selected\nRout width should be between 2 and 10 mm',
    });
    expect(toFieldMessages([])).toEqual({});
  });
});
