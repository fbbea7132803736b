import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';

// The toasts' container, with its transitions, is loaded with the first toast: most first pages
// never show one.
const Toasts = lazy(() => import('./toasts.tsx').then((module) => ({ default: module.Toasts })));

export function ToastOutlet() {
  const { notifications, queue } = useNotifications();
  const [shown, setShown] = useState(false);
  // Once shown, the container stays: it animates the toasts out and takes the next ones.
  if (!shown && (notifications.length > 0 || queue.length > 0)) setShown(true);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  );
}
