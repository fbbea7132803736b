import { describe, expect, it } from 'vitest';
import { DEFAULT_PRODUCT_TAB, productPath, productTabFromParam } from './product-tabs.ts';

describe('productTabFromParam', () => {
  it('opens the tab initTab names', () => {
    expect(productTabFromParam('Files')).toBe('Files');
    expect(productTabFromParam('Board')).toBe('Board');
    expect(productTabFromParam('ProductInfo')).toBe('ProductInfo');
    expect(productTabFromParam('Placement')).toBe('Placement');
    expect(productTabFromParam('BOM')).toBe('BOM');
  });

  it('accepts other spellings of the same tab', () => {
    expect(productTabFromParam('files')).toBe('Files');
    expect(productTabFromParam('Product info')).toBe('ProductInfo');
    expect(productTabFromParam('product_info')).toBe('ProductInfo');
    expect(productTabFromParam('bom')).toBe('BOM');
  });

  it('falls back to the default tab', () => {
    expect(productTabFromParam(null)).toBe(DEFAULT_PRODUCT_TAB);
    expect(productTabFromParam('Orders')).toBe(DEFAULT_PRODUCT_TAB);
    expect(productTabFromParam('')).toBe(DEFAULT_PRODUCT_TAB);
  });
});

it('links to the product view on a tab', () => {
  expect(productPath(12, 'Board')).toBe('/product/12?initTab=Board');
});
