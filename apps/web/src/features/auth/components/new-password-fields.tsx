import { PasswordInput } from '@mantine/core';
import type { UseFormReturn } from 'react-hook-form';
import { registerField } from '../../../lib/form-fields.ts';

export const NEW_PASSWORD_HINT = 'At least 8 characters; not a common password, your name or email';

type NewPasswordValues = { password: string; confirm_password: string };

interface NewPasswordFieldsProps<T extends NewPasswordValues> {
  form: UseFormReturn<T, unknown, unknown>;
  /** The account's email, so password managers file the new password under it. */
  email: string;
  autoFocus?: boolean;
}

/** The new password, typed twice. */
export function NewPasswordFields<T extends NewPasswordValues>({
  form,
  email,
  autoFocus,
}: NewPasswordFieldsProps<T>) {
  // The generic form's field names are known to exist: T extends NewPasswordValues.
  const typed = form as unknown as UseFormReturn<NewPasswordValues, unknown, unknown>;
  return (
    <>
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <PasswordInput
        label="New password"
        description={NEW_PASSWORD_HINT}
        autoComplete="new-password"
        autoFocus={autoFocus}
        required
        {...registerField(typed, 'password')}
      />
      <PasswordInput
        label="New password again"
        autoComplete="new-password"
        required
        {...registerField(typed, 'confirm_password')}
      />
    </>
  );
}
