import {
  createContext,
  type ReactNode,
  startTransition,
  useContext,
  useEffect,
  useState,
} from 'react';

/** Whether the Deferred parts inside may start rendering; see DeferredGate. */
const GateOpen = createContext(true);

/**
 * Holds back every Deferred inside until `open`, so that what a page shows first (the board of
 * the Board tab) does not wait behind their rendering.
 */
export function DeferredGate({ open, children }: { open: boolean; children: ReactNode }) {
  return <GateOpen.Provider value={open}>{children}</GateOpen.Provider>;
}

/**
 * Renders `children` in a transition after the rest of the page: React then renders them in
 * slices between the browser's other work instead of in one block, so what the page shows first
 * is not held up by them. `fallback` stands in until they are ready.
 */
export function Deferred({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const open = useContext(GateOpen);
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (open) startTransition(() => setShown(true));
  }, [open]);
  return shown ? children : fallback;
}
