import { useCallback, useState } from 'react';
import {
  readUserPreference,
  type UserPreferenceKey,
  writeUserPreference,
} from '../lib/browser-storage.ts';

/**
 * A value remembered per user in browser storage (SPEC §9). `parse` turns what is stored into the
 * value, or the fallback when it is missing or in a shape this version does not know.
 */
export function useUserPreference<T>(
  userId: number | undefined,
  key: UserPreferenceKey,
  parse: (stored: unknown) => T,
): [T, (value: T) => void] {
  const [state, setState] = useState(() => ({
    userId,
    value: parse(userId === undefined ? undefined : readUserPreference(userId, key)),
  }));
  // Another user logged in on this tab: their own value, not the previous user's.
  let current = state;
  if (state.userId !== userId) {
    current = {
      userId,
      value: parse(userId === undefined ? undefined : readUserPreference(userId, key)),
    };
    setState(current);
  }
  const update = useCallback(
    (value: T) => {
      if (userId !== undefined) writeUserPreference(userId, key, value);
      setState({ userId, value });
    },
    [userId, key],
  );
  return [current.value, update];
}
