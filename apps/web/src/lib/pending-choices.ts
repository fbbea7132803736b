import { useCallback, useState } from 'react';

/**
 * Holds what the user just picked on a controlled switch or field until the server has stored it.
 * The state is set inside the change event, so React renders the new value at once; reading it
 * from a mutation's variables instead lets the control flick back for a moment, because the
 * mutation reports that it is pending only after the event has been handled.
 */
export function usePendingChoices<Key, Value>() {
  const [pending, setPending] = useState<ReadonlyMap<Key, Value>>(() => new Map());
  const choose = useCallback((key: Key, value: Value) => {
    setPending((current) => new Map(current).set(key, value));
  }, []);
  const settle = useCallback((key: Key) => {
    setPending((current) => {
      const next = new Map(current);
      next.delete(key);
      return next;
    });
  }, []);
  return { chosen: (key: Key) => pending.get(key), choose, settle };
}
