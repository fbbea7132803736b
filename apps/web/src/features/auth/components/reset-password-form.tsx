import { Button, PasswordInput, Stack } from '@mantine/core';
import { FormError } from '../../../components/form-error.tsx';
import { useContractForm } from '../../../hooks/use-contract-form.ts';
import { registerField } from '../../../lib/form-fields.ts';
import { useResetPassword } from '../api/auth-api.ts';
import { ResetPasswordForm as ResetPasswordSchema } from '../lib/password-forms.ts';

export const NEW_PASSWORD_HINT = 'At least 8 characters; not a common password, your name or email';

interface ResetPasswordFormProps {
  token: string;
  /** The account's email, for password managers. */
  email: string;
  onReset: (email: string) => void;
}

/** Sets the new password with the token of the emailed link. */
export function ResetPasswordForm({ token, email, onReset }: ResetPasswordFormProps) {
  const reset = useResetPassword();
  const { form, submit } = useContractForm(ResetPasswordSchema, {
    defaultValues: { password: '', confirm_password: '' },
    onSubmit: async ({ password }) => {
      const result = await reset.mutateAsync({ token, password });
      onReset(result.email);
    },
  });
  const { errors, isSubmitting } = form.formState;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormError message={errors.root?.server?.message} />
        {/* Lets password managers file the new password under the right account. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <PasswordInput
          label="New password"
          description={NEW_PASSWORD_HINT}
          autoComplete="new-password"
          autoFocus
          required
          {...registerField(form, 'password')}
        />
        <PasswordInput
          label="New password again"
          autoComplete="new-password"
          required
          {...registerField(form, 'confirm_password')}
        />
        <Button type="submit" fullWidth loading={isSubmitting} mt="xs">
          Set the new password
        </Button>
      </Stack>
    </form>
  );
}
