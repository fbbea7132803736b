import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../../testing/render.tsx';
import { AboutView } from './about.tsx';
import { HomeView } from './home.tsx';

// The public pages describe what the product does now: what is missing is said to be missing,
// never promised or described as working.

const NOT_BUILT =
  /order and pay|pay online|live stock|prices? (each|in|boards)|parts catalogue with/i;

describe.each([
  ['home', HomeView],
  ['about', AboutView],
])('the %s page', (_name, View) => {
  it('lists what is not available yet as not available', () => {
    renderInApp(<View />);
    expect(
      screen.getByText(
        'Not available yet: the parts catalogue, bill of materials and placement editing, prices, the cart, ordering and payment.',
      ),
    ).toBeTruthy();
  });

  it('does not describe ordering, payment, prices or the parts catalogue as working', () => {
    renderInApp(<View />);
    const text = document.body.textContent ?? '';
    expect(text).not.toMatch(NOT_BUILT);
    expect(text).toMatch(/Gerber/);
  });
});
