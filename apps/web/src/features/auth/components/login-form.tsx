import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { FormError } from '../../../components/form-error.tsx';
import { useLazyContractForm } from '../../../hooks/use-lazy-contract-form.ts';
import { registerField } from '../../../lib/form-fields.ts';
import { useLogin } from '../api/auth-api.ts';
import { loadLoginSchema } from '../lib/form-schemas.ts';

interface LoginFormProps {
  onLoggedIn: () => void;
  /** Filled in when the user comes back from setting a new password. */
  initialEmail?: string;
}

export function LoginForm({ onLoggedIn, initialEmail = '' }: LoginFormProps) {
  const login = useLogin();
  const { form, submit } = useLazyContractForm(loadLoginSchema, {
    defaultValues: { email: initialEmail, password: '' },
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
          autoFocus={initialEmail === ''}
          required
          {...registerField(form, 'email')}
        />
        <Stack gap={6}>
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            autoFocus={initialEmail !== ''}
            required
            {...registerField(form, 'password')}
          />
          <Group justify="flex-end">
            <Anchor
              component={Link}
              to="/forgotPassword"
              // The email typed so far goes along, so it need not be typed again.
              state={{ email: form.watch('email') }}
              size="sm"
            >
              Forgot your password?
            </Anchor>
          </Group>
        </Stack>
        <Button type="submit" fullWidth loading={isSubmitting} mt="xs">
          Log in
        </Button>
      </Stack>
    </form>
  );
}
