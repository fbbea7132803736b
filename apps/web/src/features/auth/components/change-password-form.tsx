import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { FormError } from '../../../components/form-error.tsx';
import { useContractForm } from '../../../hooks/use-contract-form.ts';
import { registerField } from '../../../lib/form-fields.ts';
import { showToast } from '../../../lib/toasts.ts';
import { useChangePassword } from '../api/auth-api.ts';
import { ChangePasswordForm as ChangePasswordSchema } from '../lib/password-forms.ts';
import { NewPasswordFields } from './new-password-fields.tsx';

function changedMessage(endedSessions: number): string {
  if (endedSessions === 0) return 'Your password is changed.';
  const sessions =
    endedSessions === 1 ? '1 other session was' : `${endedSessions} other sessions were`;
  return `Your password is changed. ${sessions} logged out.`;
}

/** Changes the password given the current one; the other sessions end, this one stays. */
export function ChangePasswordForm({ email }: { email: string }) {
  const change = useChangePassword();
  const { form, submit } = useContractForm(ChangePasswordSchema, {
    defaultValues: { current_password: '', password: '', confirm_password: '' },
    onSubmit: async ({ current_password, password }) => {
      const { endedSessions } = await change.mutateAsync({ current_password, password });
      form.reset();
      showToast('success', changedMessage(endedSessions));
    },
  });
  const { errors, isSubmitting } = form.formState;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={420}>
        <FormError message={errors.root?.server?.message} />
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          required
          {...registerField(form, 'current_password')}
        />
        <NewPasswordFields form={form} email={email} />
        <Group>
          <Button type="submit" loading={isSubmitting}>
            Change password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
