import { Button, Stack } from '@mantine/core';
import { FormError } from '../../../components/form-error.tsx';
import { useLazyContractForm } from '../../../hooks/use-lazy-contract-form.ts';
import { useResetPassword } from '../api/auth-api.ts';
import { loadResetPasswordSchema } from '../lib/form-schemas.ts';
import { NewPasswordFields } from './new-password-fields.tsx';

interface ResetPasswordFormProps {
  token: string;
  /** The account's email, for password managers. */
  email: string;
  onReset: (email: string) => void;
}

/** Sets the new password with the token of the emailed link. */
export function ResetPasswordForm({ token, email, onReset }: ResetPasswordFormProps) {
  const reset = useResetPassword();
  const { form, submit } = useLazyContractForm(loadResetPasswordSchema, {
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
        <NewPasswordFields form={form} email={email} autoFocus />
        <Button type="submit" fullWidth loading={isSubmitting} mt="xs">
          Set the new password
        </Button>
      </Stack>
    </form>
  );
}
