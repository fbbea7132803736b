import { ChangePasswordInput, ResetPasswordInput } from '@circuits/contracts/auth';
import { z } from 'zod';

// The forms that choose a password ask for it twice; the second copy never leaves the browser.

export const PASSWORDS_DIFFER_MESSAGE = 'The two passwords are not the same';

const confirmation = { confirm_password: z.string() };

function samePasswords(values: { password: string; confirm_password: string }): boolean {
  return values.password === values.confirm_password;
}

const mismatch = { message: PASSWORDS_DIFFER_MESSAGE, path: ['confirm_password'] };

export const ChangePasswordForm = ChangePasswordInput.extend(confirmation).refine(
  samePasswords,
  mismatch,
);

export const ResetPasswordForm = ResetPasswordInput.omit({ token: true })
  .extend(confirmation)
  .refine(samePasswords, mismatch);
