import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, failureMessage } from './api-error.ts';

/**
 * Puts the server's field messages on the form fields they name; anything else (a plain message,
 * a field the form does not show) goes to the form-level `root.server` error.
 */
export function showServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): void {
  if (!(error instanceof ApiError)) {
    setError('root.server', { type: 'server', message: 'Something went wrong' });
    return;
  }
  const unplaced: string[] = [];
  for (const [field, message] of Object.entries(error.fieldErrors)) {
    const known = fields.find((name) => name === field);
    if (known) setError(known, { type: 'server', message }, { shouldFocus: true });
    else unplaced.push(message);
  }
  if (error.failure.type !== 'fields') {
    setError('root.server', { type: 'server', message: failureMessage(error.failure) });
  } else if (unplaced.length > 0) {
    setError('root.server', { type: 'server', message: unplaced.join('\n') });
  }
}
