import fs from 'node:fs';
import path from 'node:path';

// The rules a new password meets beyond its length (the contract checks that, and refuses one
// character repeated): not one of the most common passwords, not the user's email or name.

const COMMON_PASSWORDS_FILE = path.join(import.meta.dirname, 'common-passwords.txt');

let commonPasswords: ReadonlySet<string> | undefined;

/** The list in common-passwords.txt, read once. */
function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(
    fs
      .readFileSync(COMMON_PASSWORDS_FILE, 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#')),
  );
  return commonPasswords.has(password.toLowerCase());
}

/** The letters only, lower-cased: "Ada.Lovelace-1" → "adalovelace". */
function letters(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}]/gu, '');
}

/** Whose password it is: the account's email and name. */
export type PasswordOwner = { email: string; name: string; lastname: string };

export const COMMON_PASSWORD_MESSAGE =
  'Password is one of the most common passwords, which attackers try first: choose another';
export const EMAIL_IN_PASSWORD_MESSAGE = 'Password must not contain your email address';
export const NAME_AS_PASSWORD_MESSAGE = 'Password must not be your name';

/** Why `password` may not be chosen by `owner`, or undefined when it may. */
export function passwordProblem(password: string, owner: PasswordOwner): string | undefined {
  if (isCommonPassword(password)) return COMMON_PASSWORD_MESSAGE;
  const lower = password.toLowerCase();
  // The part before @ counts once it is long enough to be more than a common syllable.
  const localPart = owner.email.toLowerCase().split('@')[0] ?? '';
  if (
    lower.includes(owner.email.toLowerCase()) ||
    (localPart.length >= 5 && lower.includes(localPart))
  ) {
    return EMAIL_IN_PASSWORD_MESSAGE;
  }
  const name = letters(owner.name);
  const lastname = letters(owner.lastname);
  const spelled = letters(password);
  if (spelled !== '' && [name, lastname, name + lastname, lastname + name].includes(spelled)) {
    return NAME_AS_PASSWORD_MESSAGE;
  }
  return undefined;
}
