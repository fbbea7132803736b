import { LoginInput } from '@circuits/contracts';
import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { FormError } from '../../../components/form-error.tsx';
import { useContractForm } from '../../../hooks/use-contract-form.ts';
import { registerField } from '../../../lib/form-fields.ts';
import { useLogin } from '../api/auth-api.ts';

export function LoginForm({ onLoggedIn }: { onLoggedIn: () => void }) {
  const login = useLogin();
  const { form, submit } = useContractForm(LoginInput, {
    defaultValues: { email: '', password: '' },
    onSubmit: async (values) => {
      await login.mutateAsync(values);
      onLoggedIn();
    },
  });
  const { errors, isSubmitting } = form.formState;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormError message={errors.root?.server?.message} />
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          autoFocus
          required
          {...registerField(form, 'email')}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          required
          {...registerField(form, 'password')}
        />
        <Button type="submit" fullWidth loading={isSubmitting} mt="xs">
          Log in
        </Button>
      </Stack>
    </form>
  );
}
