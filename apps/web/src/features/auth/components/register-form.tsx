import { type RegisterInput as RegisterFields, RegisterInput } from '@circuits/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { CountrySelect } from '../../../components/country-select.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { showServerErrors } from '../../../lib/form-errors.ts';
import { useRegister } from '../api/auth-api.ts';

const FIELDS = ['name', 'lastname', 'email', 'password', 'company_name', 'country_code'] as const;

export interface Registration {
  email: string;
  isEmailWithConfirmWasSend: boolean;
}

export function RegisterForm({ onRegistered }: { onRegistered: (result: Registration) => void }) {
  const registerAccount = useRegister();
  const form = useForm<RegisterFields>({
    resolver: zodResolver(RegisterInput),
    defaultValues: {
      name: '',
      lastname: '',
      email: '',
      password: '',
      company_name: '',
      country_code: undefined,
    },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      const result = await registerAccount.mutateAsync(values);
      onRegistered({
        email: result.user.email,
        isEmailWithConfirmWasSend: result.isEmailWithConfirmWasSend,
      });
    } catch (error) {
      showServerErrors(error, form.setError, FIELDS);
    }
  });

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
            {...form.register('name')}
            error={errors.name?.message}
          />
          <TextInput
            label="Last name"
            autoComplete="family-name"
            required
            {...form.register('lastname')}
            error={errors.lastname?.message}
          />
        </Group>
        <TextInput
          label="Work email"
          type="email"
          autoComplete="email"
          required
          {...form.register('email')}
          error={errors.email?.message}
        />
        <PasswordInput
          label="Password"
          description="At least 8 characters"
          autoComplete="new-password"
          required
          {...form.register('password')}
          error={errors.password?.message}
        />
        <TextInput
          label="Company name"
          autoComplete="organization"
          required
          {...form.register('company_name')}
          error={errors.company_name?.message}
        />
        <Controller
          control={form.control}
          name="country_code"
          render={({ field }) => (
            <CountrySelect
              label="Country"
              description="Sets the currency you are quoted in"
              required
              name={field.name}
              ref={field.ref}
              value={field.value || null}
              onChange={(value) => field.onChange(value ?? undefined)}
              onBlur={field.onBlur}
              error={errors.country_code?.message}
            />
          )}
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
