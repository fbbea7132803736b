import { COUNTRIES } from '@circuits/domain';
import { Select, type SelectProps } from '@mantine/core';

const COUNTRY_OPTIONS = COUNTRIES.map((country) => ({ value: country.code, label: country.name }));

/** Any country by name; the value is its ISO 3166-1 alpha-2 code. */
export function CountrySelect(props: Omit<SelectProps, 'data'>) {
  return (
    <Select
      searchable
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
