import { COUNTRIES } from '@circuits/domain';
import { Select, type SelectProps } from '@mantine/core';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';

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
