import { ApiError } from './api-error.ts';
import { readToken } from './browser-storage.ts';

// SPEC §8: unexpected UI errors are reported to the server when a token exists.

export interface ErrorReport {
  trace: string;
  message: string;
  error_name: string;
  location: string;
}

export function toErrorReport(error: unknown, location: string): ErrorReport {
  if (error instanceof Error) {
    return {
      trace: error.stack ?? `${error.name}: ${error.message}`,
      message: error.message,
      error_name: error.name,
      location,
    };
  }
  const message = typeof error === 'string' ? error : (JSON.stringify(error) ?? String(error));
  return { trace: message, message: message || 'Unknown error', error_name: 'Error', location };
}

const recentlyReported = new Map<string, number>();
const REPEAT_WINDOW_MS = 60_000;

/** Sends an unexpected error to the server once a minute at most per message. */
export function reportError(error: unknown): void {
  // A failed call was already handled by the catalogue; it is not a UI error.
  if (error instanceof ApiError) return;
  if (readToken() === null) return;
  const report = toErrorReport(error, window.location.href);
  const key = `${report.error_name}:${report.message}`;
  const now = Date.now();
  const last = recentlyReported.get(key);
  if (last !== undefined && now - last < REPEAT_WINDOW_MS) return;
  recentlyReported.set(key, now);
  // The API client (and the contracts it checks against) loads with the first report, not
  // with the first page.
  Promise.all([import('@circuits/contracts'), import('./api-client.ts')])
    .then(([{ storeErrorReport }, { apiRequest }]) =>
      apiRequest(storeErrorReport, { body: report, errors: 'silent' }),
    )
    .catch((failure: unknown) => {
      console.warn('The error report could not be sent', failure);
    });
}

/** Reports errors that escape every boundary: event handlers, timers, promise chains. */
export function reportUncaughtErrors(): void {
  window.addEventListener('error', (event) => reportError(event.error ?? event.message));
  window.addEventListener('unhandledrejection', (event) => reportError(event.reason));
}
