import { useCallback, useRef, useState } from 'react';

interface Choice<Value> {
  value: Value;
  /** The stored value the choice was made on. */
  from: Value;
}

/**
 * Shows what the user just picked on a controlled switch or field while the server stores it.
 *
 * The pick is set inside the change event, so React renders it at once; reading it from a
 * mutation's variables instead lets the control flick back for a moment, because the mutation
 * reports that it is pending only after the event. The pick also outlives the request: it shows
 * until the stored value the control is given has changed, since the component holding the
 * control may render with the old value once more after the request has succeeded.
 */
export function usePendingChoices<Key, Value>() {
  const choices = useRef(new Map<Key, Choice<Value>>());
  const [, setVersion] = useState(0);
  const changed = useCallback(() => setVersion((version) => version + 1), []);

  /** What the control shows: the user's pick until the stored value moves on from `stored`. */
  const shown = (key: Key, stored: Value): Value => {
    const choice = choices.current.get(key);
    if (!choice) return stored;
    if (Object.is(choice.from, stored)) return choice.value;
    // The stored value has moved on (to the pick, or elsewhere): it is the truth from now on.
    choices.current.delete(key);
    return stored;
  };
  const choose = useCallback(
    (key: Key, value: Value, stored: Value) => {
      choices.current.set(key, { value, from: stored });
      changed();
    },
    [changed],
  );
  /** Drops a pick the server refused, so the control shows the stored value again. */
  const drop = useCallback(
    (key: Key) => {
      if (choices.current.delete(key)) changed();
    },
    [changed],
  );
  return { shown, choose, drop };
}
