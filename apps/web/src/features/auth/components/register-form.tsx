import { Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { CountryField } from '../../../components/country-select.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { useLazyContractForm } from '../../../hooks/use-lazy-contract-form.ts';
import { registerField } from '../../../lib/form-fields.ts';
import { useRegister } from '../api/auth-api.ts';
import { loadRegisterSchema } from '../lib/form-schemas.ts';

export interface Registration {
  email: string;
  isEmailWithConfirmWasSend: boolean;
}

export function RegisterForm({ onRegistered }: { onRegistered: (result: Registration) => void }) {
  const registerAccount = useRegister();
  const { form, submit } = useLazyContractForm(loadRegisterSchema, {
    defaultValues: {
      name: '',
      lastname: '',
      email: '',
      password: '',
      company_name: '',
      country_code: undefined,
    },
    onSubmit: async (values) => {
      const result = await registerAccount.mutateAsync(values);
      onRegistered({
        email: result.user.email,
        isEmailWithConfirmWasSend: result.isEmailWithConfirmWasSend,
      });
    },
  });
  const { errors, isSubmitting } = form.formState;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormError message={errors.root?.server?.message} />
        <Group grow align="flex-start">
          <TextInput
            label="First name"
            autoComplete="given-name"
            autoFocus
            required
            {...registerField(form, 'name')}
          />
          <TextInput
            label="Last name"
            autoComplete="family-name"
            required
            {...registerField(form, 'lastname')}
          />
        </Group>
        <TextInput
          label="Work email"
          type="email"
          autoComplete="email"
          required
          {...registerField(form, 'email')}
        />
        <PasswordInput
          label="Password"
          description="At least 8 characters"
          autoComplete="new-password"
          required
          {...registerField(form, 'password')}
        />
        <TextInput
          label="Company name"
          autoComplete="organization"
          required
          {...registerField(form, 'company_name')}
        />
        <CountryField
          control={form.control}
          name="country_code"
          label="Country"
          description="Sets the currency you are quoted in"
          required
        />
        <Button type="submit" fullWidth loading={isSubmitting} mt="xs">
          Create account
        </Button>
        <Text size="xs" c="dimmed" ta="center">
          We send a link to confirm your email before you can start.
        </Text>
      </Stack>
    </form>
  );
}
