import { describe, expect, it } from 'vitest';
import { pageTitle } from './page-title.ts';

describe('pageTitle', () => {
  it('is the route title for routes without parameters', () => {
    expect(pageTitle({ title: 'Circuits' }, {})).toBe('Circuits');
  });

  it('adds a colon and the id for routes with parameters', () => {
    expect(pageTitle({ title: 'Product', idParam: 'id' }, { id: '42' })).toBe('Product: 42');
    expect(pageTitle({ title: 'Create document', idParam: 'id' }, { type: 'order', id: '7' })).toBe(
      'Create document: 7',
    );
    expect(pageTitle({ title: 'Payment', idParam: 'doc_id' }, { doc_id: '301' })).toBe(
      'Payment: 301',
    );
  });
});
