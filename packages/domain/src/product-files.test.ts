import { describe, expect, it } from 'vitest';
import {
  isFilesTabValid,
  isProductFileTypeId,
  isProductInfoValid,
  PRODUCT_FILE_TYPE_IDS,
  PRODUCT_FILE_TYPES,
} from './product-files.ts';

describe('product rules (SPEC §5)', () => {
  it('has the SPEC file type ids, and names every id it offers', () => {
    expect(PRODUCT_FILE_TYPE_IDS).toMatchObject({ initial: 1, bom: 4, pickAndPlace: 5 });
    expect(PRODUCT_FILE_TYPES.map((type) => type.id)).toEqual(
      Object.values(PRODUCT_FILE_TYPE_IDS).sort(),
    );
    expect(isProductFileTypeId(3)).toBe(true);
    expect(isProductFileTypeId(6)).toBe(false);
  });

  it('accepts product info only with a non-empty name', () => {
    expect(isProductInfoValid({ name: 'Controller' })).toBe(true);
    expect(isProductInfoValid({ name: '' })).toBe(false);
    expect(isProductInfoValid({ name: '   ' })).toBe(false);
    expect(isProductInfoValid({ name: null })).toBe(false);
  });

  it('accepts the files tab with at least one file and none of type 1', () => {
    expect(isFilesTabValid([{ type_id: 4 }])).toBe(true);
    expect(isFilesTabValid([{ type_id: 2 }, { type_id: 5 }])).toBe(true);
    expect(isFilesTabValid([])).toBe(false);
    expect(isFilesTabValid([{ type_id: 4 }, { type_id: 1 }])).toBe(false);
  });
});
