import { COUNTRIES } from '@circuits/domain';
import {
  type ComboboxParsedItem,
  type OptionsFilter,
  Select,
  type SelectProps,
} from '@mantine/core';
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
export const filterCountries: OptionsFilter = ({ options, search, limit }) => {
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

/**
 * Any country by name; the value is its ISO 3166-1 alpha-2 code. Typing highlights the best
 * match, which Enter (or leaving the field) picks.
 */
export function CountrySelect(props: Omit<SelectProps, 'data'>) {
  return (
    <Select
      searchable
      selectFirstOptionOnChange
      autoSelectOnBlur
      filter={filterCountries}
      nothingFoundMessage="No country by that name"
      placeholder="Choose a country"
      maxDropdownHeight={260}
      {...props}
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
