// Everything the app keeps in the browser (SPEC §9) goes through this module, so keys are named
// once and a value another version of the app wrote in a different shape is ignored, not trusted.

const TOKEN_KEY = 'token';
const LAST_USER_ID_KEY = 'lastUserId';
const LAST_VISITED_PATH_KEY = 'lastVisitedPath';

/** Values remembered per user (SPEC §9); later features read and write their own entry. */
export type UserPreferenceKey =
  | 'fixedCompany'
  | 'workspaceSettings'
  | 'preOrderCart'
  | 'partSearchFilters'
  | 'cartTemplates';

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage may be full or disabled (private mode); the app keeps working for this page view.
  }
}

export function readToken(): string | null {
  const token = read(TOKEN_KEY);
  return token && token.length > 0 ? token : null;
}

export function writeToken(token: string | null): void {
  write(TOKEN_KEY, token);
}

/** Whether a `storage` event (another tab) may have changed the token. */
export function isTokenStorageEvent(event: StorageEvent): boolean {
  return event.key === null || event.key === TOKEN_KEY;
}

export function readLastUserId(): number | null {
  const value = Number(read(LAST_USER_ID_KEY));
  return Number.isInteger(value) && value > 0 ? value : null;
}

export function writeLastUserId(userId: number): void {
  write(LAST_USER_ID_KEY, String(userId));
}

export function readLastVisitedPath(): string | null {
  const path = read(LAST_VISITED_PATH_KEY);
  // Only same-origin absolute paths: never send the user to another site after login.
  return path?.startsWith('/') && !path.startsWith('//') ? path : null;
}

export function writeLastVisitedPath(path: string): void {
  write(LAST_VISITED_PATH_KEY, path);
}

function userPreferenceKey(userId: number, key: UserPreferenceKey): string {
  return `user:${userId}:${key}`;
}

export function readUserPreference(userId: number, key: UserPreferenceKey): unknown {
  const raw = read(userPreferenceKey(userId, key));
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

export function writeUserPreference(userId: number, key: UserPreferenceKey, value: unknown): void {
  write(userPreferenceKey(userId, key), value === undefined ? null : JSON.stringify(value));
}
