import { useSyncExternalStore } from 'react';
import { sessionSnapshot, subscribeToSession } from '../lib/session.ts';

/** The session token, re-rendering when the user logs in or out (here or in another tab). */
export function useSessionToken(): string | null {
  return useSyncExternalStore(subscribeToSession, sessionSnapshot, () => null);
}
