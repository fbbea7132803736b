// What one page hands the next through the router's navigation state.

/** The email typed on the page before (login, forgotten password), to fill in again. */
export function emailFromState(state: unknown): string {
  if (typeof state !== 'object' || state === null) return '';
  const email = (state as { email?: unknown }).email;
  return typeof email === 'string' ? email : '';
}
