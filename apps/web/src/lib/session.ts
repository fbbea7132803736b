import { isTokenStorageEvent, readToken, writeToken } from './browser-storage.ts';
import { queryClient } from './query-client.ts';

// The session is the token in browser storage (SPEC §4). It is re-read on every navigation and
// request, so logging out in another tab takes effect here on the next click.

export type SessionEndReason =
  /** The user chose to log out. */
  | 'logout'
  /** Expired or invalid token, or a 401. */
  | 'expired'
  /** disabledAccountError. */
  | 'disabled';

type SessionEndListener = (reason: SessionEndReason) => void;

const endListeners = new Set<SessionEndListener>();
const changeListeners = new Set<() => void>();
let lastSeenToken: string | null = readToken();

function notifyChange(): void {
  for (const listener of changeListeners) listener();
}

/** The token in storage now; server state cached for another token is dropped. */
export function currentToken(): string | null {
  const token = readToken();
  if (token !== lastSeenToken) {
    lastSeenToken = token;
    queryClient.clear();
    notifyChange();
  }
  return token;
}

export function startSession(token: string): void {
  writeToken(token);
  currentToken();
}

/** Ends the session; listeners take the user where the reason says (app/router.tsx). */
export function endSession(reason: SessionEndReason): void {
  writeToken(null);
  lastSeenToken = null;
  notifyChange();
  for (const listener of endListeners) listener(reason);
}

export function onSessionEnd(listener: SessionEndListener): () => void {
  endListeners.add(listener);
  return () => endListeners.delete(listener);
}

/** For useSyncExternalStore: called when the token changes here or in another tab. */
export function subscribeToSession(listener: () => void): () => void {
  changeListeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (isTokenStorageEvent(event)) currentToken();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    changeListeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function sessionSnapshot(): string | null {
  return lastSeenToken;
}
