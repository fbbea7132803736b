import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../../testing/render.tsx';
import { AboutView } from './about.tsx';
import { HomeView } from './home.tsx';

// The public pages describe what the product does now: what is missing is said to be missing,
// never promised or described as working.

const NOT_BUILT = /live stock|parts catalogue with|bill of materials editor/i;

describe.each([
  ['home', HomeView],
  ['about', AboutView],
])('the %s page', (_name, View) => {
  it('has no view left to call "not available yet"', () => {
    renderInApp(<View />);
    expect(screen.queryByText(/not available yet/i)).toBeNull();
  });

  it('describes prices, orders and payment, which work', () => {
    renderInApp(<View />);
    const text = document.body.textContent ?? '';
    expect(text).not.toMatch(NOT_BUILT);
    expect(text).toMatch(/Gerber/);
    expect(text).toMatch(/pre-order/i);
    expect(text).toMatch(/proforma invoice/);
    expect(text).toMatch(/USD, CAD and EUR/);
  });

  it('describes the instant quote, which works', () => {
    renderInApp(<View />);
    expect(document.body.textContent).toMatch(/instant quote/i);
  });

  it('describes the bill of materials and placements, which work', () => {
    renderInApp(<View />);
    expect(document.body.textContent).toMatch(/pick-and-place file/);
    expect(document.body.textContent).toMatch(/bill of materials/i);
  });

  it('describes the parts search that works', () => {
    renderInApp(<View />);
    expect(document.body.textContent).toMatch(/parts catalogue/i);
    expect(document.body.textContent).toMatch(/price breaks/);
  });
});
