import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../testing/render.tsx';
import { CountrySelect } from './country-select.tsx';

function Picker({ dropdownOpened }: { dropdownOpened?: boolean }) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <>
      <CountrySelect
        label="Country"
        value={value}
        onChange={setValue}
        {...(dropdownOpened === undefined ? {} : { dropdownOpened })}
      />
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

  it('picks the option the arrow keys moved to', async () => {
    // Guinea, then Guinea-Bissau (the name starts so), then Equatorial and Papua New Guinea.
    expect(await typeThenEnter('Guinea{ArrowDown}')).toBe('GW');
  });

  it('leaves the value alone when nothing matches', async () => {
    expect(await typeThenEnter('Atlantis')).toBe('none');
  });

  it('picks the typed country on Enter even before the list has opened', async () => {
    // The list held shut: Enter finds no highlighted option, as when typed faster than it opens.
    renderInApp(<Picker dropdownOpened={false} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Country' }));
    await user.keyboard('Guinea{Enter}');
    expect(screen.getByRole('status', { name: 'Chosen' }).textContent).toBe('GN');
  });
});
