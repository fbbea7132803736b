import { COUNTRIES } from '@circuits/domain';
import {
  type ComboboxParsedItem,
  type OptionsFilter,
  Select,
  type SelectProps,
} from '@mantine/core';
import { type KeyboardEvent, useState } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';

const COUNTRY_OPTIONS = COUNTRIES.map((country) => ({ value: country.code, label: country.name }));

type CountryOption = (typeof COUNTRY_OPTIONS)[number];

/**
 * How well a country matches what was typed, best first: the name itself, its ISO code, a name
 * starting with it, a word of the name starting with it, then any name containing it; null for
 * no match. So "Guinea" puts Guinea before Equatorial Guinea, and "us" the United States first.
 */
function matchRank(option: CountryOption, search: string): number | null {
  const name = option.label.toLowerCase();
  if (name === search) return 0;
  if (option.value.toLowerCase() === search) return 1;
  if (name.startsWith(search)) return 2;
  if (name.split(/[\s,()-]+/).some((word) => word.startsWith(search))) return 3;
  return name.includes(search) ? 4 : null;
}

/** The countries matching the search, best match first (the one Enter picks). */
const filterCountries: OptionsFilter = ({ options, search, limit }) => {
  const wanted = search.trim().toLowerCase();
  const ranked: { option: ComboboxParsedItem; rank: number; index: number }[] = [];
  options.forEach((option, index) => {
    if (!('value' in option)) return;
    const rank = wanted === '' ? 0 : matchRank(option as CountryOption, wanted);
    if (rank !== null) ranked.push({ option, rank, index });
  });
  ranked.sort((a, b) => a.rank - b.rank || a.index - b.index);
  return ranked.slice(0, limit).map((entry) => entry.option);
};

/** The best match for what was typed, or undefined when no country matches. */
function bestCountry(search: string): CountryOption | undefined {
  const [best] = filterCountries({ options: COUNTRY_OPTIONS, search, limit: 1 });
  return best as CountryOption | undefined;
}

/** The option highlighted in the open list of the input, if any. */
function highlightedCountry(input: HTMLInputElement): CountryOption | undefined {
  const listId = input.getAttribute('aria-controls');
  const list = listId ? document.getElementById(listId) : null;
  const label = list?.querySelector('[data-combobox-selected]')?.textContent?.trim();
  return label ? COUNTRY_OPTIONS.find((option) => option.label === label) : undefined;
}

/**
 * Any country by name; the value is its ISO 3166-1 alpha-2 code. Typing highlights the best
 * match and Enter picks it. Enter is handled here, not left to the list: typed or pasted faster
 * than the list opens, nothing is highlighted yet and Enter would submit the form instead.
 */
export function CountrySelect({ onKeyDown, onChange, ...props }: Omit<SelectProps, 'data'>) {
  const [opened, setOpened] = useState(false);
  const pickOnEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(event);
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    const input = event.currentTarget;
    const chosen = (opened ? highlightedCountry(input) : undefined) ?? bestCountry(input.value);
    if (!chosen) return;
    event.preventDefault();
    onChange?.(chosen.value, chosen);
    setOpened(false);
  };
  return (
    <Select
      searchable
      selectFirstOptionOnChange
      filter={filterCountries}
      nothingFoundMessage="No country by that name"
      placeholder="Choose a country"
      maxDropdownHeight={260}
      dropdownOpened={opened}
      onDropdownOpen={() => setOpened(true)}
      onDropdownClose={() => setOpened(false)}
      {...props}
      onChange={onChange}
      onKeyDown={pickOnEnter}
      data={COUNTRY_OPTIONS}
    />
  );
}

export function countryName(code: string): string {
  return COUNTRIES.find((country) => country.code === code)?.name ?? code;
}

interface CountryFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  label: string;
  description?: string;
  required?: boolean;
}

/** CountrySelect bound to a react-hook-form field, showing the field's error. */
export function CountryField<T extends FieldValues>({
  control,
  name,
  ...props
}: CountryFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <CountrySelect
          {...props}
          name={field.name}
          ref={field.ref}
          value={(field.value as string | undefined) || null}
          onChange={(value) => field.onChange(value ?? undefined)}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
