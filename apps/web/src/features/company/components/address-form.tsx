import { type Address, AddressInput } from '@circuits/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Checkbox, Grid, Group, Stack, TextInput } from '@mantine/core';
import { Controller, type DefaultValues, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { CountrySelect } from '../../../components/country-select.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { showServerErrors } from '../../../lib/form-errors.ts';

type AddressFields = z.input<typeof AddressInput>;

const FIELDS = [
  'contact_name',
  'line1',
  'line2',
  'city',
  'region',
  'postal_code',
  'country_code',
  'phone',
  'is_company_address',
  'is_default',
] as const;

function initialValues(address: Address | null): DefaultValues<AddressFields> {
  return {
    contact_name: address?.contact_name ?? '',
    line1: address?.line1 ?? '',
    line2: address?.line2 ?? '',
    city: address?.city ?? '',
    region: address?.region ?? '',
    postal_code: address?.postal_code ?? '',
    country_code: address?.country_code,
    phone: address?.phone ?? '',
    is_company_address: address?.is_company_address ?? false,
    is_default: address?.is_default ?? false,
  };
}

interface AddressFormProps {
  address: Address | null;
  onSubmit: (input: z.output<typeof AddressInput>) => Promise<unknown>;
  onCancel: () => void;
}

export function AddressForm({ address, onSubmit, onCancel }: AddressFormProps) {
  const form = useForm<AddressFields, unknown, z.output<typeof AddressInput>>({
    resolver: zodResolver(AddressInput),
    defaultValues: initialValues(address),
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      showServerErrors(error, form.setError, FIELDS);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormError message={errors.root?.server?.message} />
        <Grid gap="md">
          <Grid.Col span={6}>
            <TextInput
              label="Contact name"
              autoComplete="name"
              data-autofocus
              {...form.register('contact_name')}
              error={errors.contact_name?.message}
            />
          </Grid.Col>
          <Grid.Col span={6}>
            <TextInput
              label="Phone"
              type="tel"
              autoComplete="tel"
              {...form.register('phone')}
              error={errors.phone?.message}
            />
          </Grid.Col>
          <Grid.Col span={12}>
            <TextInput
              label="Street address"
              autoComplete="address-line1"
              required
              {...form.register('line1')}
              error={errors.line1?.message}
            />
          </Grid.Col>
          <Grid.Col span={12}>
            <TextInput
              label="Address line 2"
              placeholder="Suite, floor, building (optional)"
              autoComplete="address-line2"
              {...form.register('line2')}
              error={errors.line2?.message}
            />
          </Grid.Col>
          <Grid.Col span={6}>
            <TextInput
              label="City"
              autoComplete="address-level2"
              required
              {...form.register('city')}
              error={errors.city?.message}
            />
          </Grid.Col>
          <Grid.Col span={6}>
            <TextInput
              label="State or province"
              autoComplete="address-level1"
              {...form.register('region')}
              error={errors.region?.message}
            />
          </Grid.Col>
          <Grid.Col span={6}>
            <TextInput
              label="Postal code"
              autoComplete="postal-code"
              required
              {...form.register('postal_code')}
              error={errors.postal_code?.message}
            />
          </Grid.Col>
          <Grid.Col span={6}>
            <Controller
              control={form.control}
              name="country_code"
              render={({ field }) => (
                <CountrySelect
                  label="Country"
                  required
                  name={field.name}
                  ref={field.ref}
                  value={field.value || null}
                  onChange={(value) => field.onChange(value ?? undefined)}
                  onBlur={field.onBlur}
                  error={errors.country_code?.message}
                  comboboxProps={{ withinPortal: true }}
                />
              )}
            />
          </Grid.Col>
        </Grid>
        <Stack gap="xs">
          <Checkbox
            label="Company address (billing; its country sets the currency and tax)"
            disabled={address?.is_company_address}
            {...form.register('is_company_address')}
          />
          <Checkbox
            label="Default shipping address"
            disabled={address?.is_default}
            {...form.register('is_default')}
          />
        </Stack>
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onCancel} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {address ? 'Save address' : 'Add address'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
