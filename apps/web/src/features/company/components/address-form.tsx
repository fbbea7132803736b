import { type Address, AddressInput } from '@circuits/contracts';
import { Button, Checkbox, Grid, Group, Stack, TextInput } from '@mantine/core';
import type { DefaultValues } from 'react-hook-form';
import type { z } from 'zod';
import { CountryField } from '../../../components/country-select.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { useContractForm } from '../../../hooks/use-contract-form.ts';
import { registerField } from '../../../lib/form-fields.ts';

type AddressFields = z.input<typeof AddressInput>;

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
  const { form, submit } = useContractForm(AddressInput, {
    defaultValues: initialValues(address),
    onSubmit,
  });
  const { errors, isSubmitting } = form.formState;

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
              {...registerField(form, 'contact_name')}
            />
          </Grid.Col>
          <Grid.Col span={6}>
            <TextInput
              label="Phone"
              type="tel"
              autoComplete="tel"
              {...registerField(form, 'phone')}
            />
          </Grid.Col>
          <Grid.Col span={12}>
            <TextInput
              label="Street address"
              autoComplete="address-line1"
              required
              {...registerField(form, 'line1')}
            />
          </Grid.Col>
          <Grid.Col span={12}>
            <TextInput
              label="Address line 2"
              placeholder="Suite, floor, building (optional)"
              autoComplete="address-line2"
              {...registerField(form, 'line2')}
            />
          </Grid.Col>
          <Grid.Col span={6}>
            <TextInput
              label="City"
              autoComplete="address-level2"
              required
              {...registerField(form, 'city')}
            />
          </Grid.Col>
          <Grid.Col span={6}>
            <TextInput
              label="State or province"
              autoComplete="address-level1"
              {...registerField(form, 'region')}
            />
          </Grid.Col>
          <Grid.Col span={6}>
            <TextInput
              label="Postal code"
              autoComplete="postal-code"
              required
              {...registerField(form, 'postal_code')}
            />
          </Grid.Col>
          <Grid.Col span={6}>
            <CountryField control={form.control} name="country_code" label="Country" required />
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
