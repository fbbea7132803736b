import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../testing/render.tsx';
import { CountrySelect } from './country-select.tsx';

function Picker() {
  const [value, setValue] = useState<string | null>(null);
  return (
    <>
      <CountrySelect label="Country" value={value} onChange={setValue} />
      <output aria-label="Chosen">{value ?? 'none'}</output>
    </>
  );
}

async function typeThenEnter(text: string) {
  renderInApp(<Picker />);
  const user = userEvent.setup();
  await user.click(screen.getByRole('combobox', { name: 'Country' }));
  await user.keyboard(text);
  await user.keyboard('{Enter}');
  return screen.getByRole('status', { name: 'Chosen' }).textContent;
}

describe('CountrySelect', () => {
  it('picks the country typed when Enter is pressed', async () => {
    expect(await typeThenEnter('Canada')).toBe('CA');
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveProperty('value', 'Canada');
  });

  it('picks the country named exactly before others containing the name', async () => {
    expect(await typeThenEnter('Guinea')).toBe('GN');
  });

  it('picks by the start of the name', async () => {
    expect(await typeThenEnter('germ')).toBe('DE');
  });

  it('takes an ISO code for its country', async () => {
    expect(await typeThenEnter('us')).toBe('US');
  });
});
