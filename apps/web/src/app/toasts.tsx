import { Notifications } from '@mantine/notifications';
import toastClasses from './toasts.module.css';

/** Where toasts appear (SPEC §9): bottom left, clear of the table actions, four at most. */
export function Toasts() {
  return <Notifications position="bottom-left" classNames={toastClasses} limit={4} />;
}
