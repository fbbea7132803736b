import { type LoginInput as LoginFields, LoginInput } from '@circuits/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { FormError } from '../../../components/form-error.tsx';
import { showServerErrors } from '../../../lib/form-errors.ts';
import { useLogin } from '../api/auth-api.ts';

export function LoginForm({ onLoggedIn }: { onLoggedIn: () => void }) {
  const login = useLogin();
  const form = useForm<LoginFields>({
    resolver: zodResolver(LoginInput),
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      await login.mutateAsync(values);
      onLoggedIn();
    } catch (error) {
      showServerErrors(error, form.setError, ['email', 'password']);
    }
  });

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
          {...form.register('email')}
          error={errors.email?.message}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          required
          {...form.register('password')}
          error={errors.password?.message}
        />
        <Button type="submit" fullWidth loading={isSubmitting} mt="xs">
          Log in
        </Button>
      </Stack>
    </form>
  );
}
