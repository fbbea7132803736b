import { ApiError, failureMessage } from './api-error.ts';
import { showToast } from './toasts.ts';

// SPEC §8: a failed file upload shows the toast "Files not added"; the server's reason follows, so
// the user knows what to change (a file too large, too many files, an unsafe archive).

export const FILES_NOT_ADDED = 'Files not added';

const FILE_FIELDS = new Set(['files', 'files[]', 'cover']);

/** Whether a refused request was refused because of its files (not, say, a missing name). */
export function isFileRefusal(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.status === 413 || error.status === 415) return true;
  return Object.keys(error.fieldErrors).some((field) => FILE_FIELDS.has(field));
}

export function uploadFailureReason(error: unknown): string {
  return error instanceof ApiError ? failureMessage(error.failure) : 'Something went wrong';
}

export function showFilesNotAdded(error: unknown): void {
  // A dead session was already explained by the API client; it has nothing to add.
  if (error instanceof ApiError && error.failure.type === 'session-expired') return;
  showToast('error', `${FILES_NOT_ADDED}\n${uploadFailureReason(error)}`);
}
