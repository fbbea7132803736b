import { type ReactNode, startTransition, useEffect, useState } from 'react';

/**
 * Renders `children` in a transition after the rest of the page: React then renders them in
 * slices between the browser's other work instead of in one block, so what the page shows first
 * is not held up by them. `fallback` stands in until they are ready.
 */
export function Deferred({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => startTransition(() => setShown(true)), []);
  return shown ? children : fallback;
}
