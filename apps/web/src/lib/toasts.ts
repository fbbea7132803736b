import { notifications } from '@mantine/notifications';

// SPEC §2/§9: toasts are titled Success, Error, Warning or Notification.
export type ToastType = 'success' | 'error' | 'warning' | 'info';

const TOAST_STYLE: Record<ToastType, { title: string; color: string }> = {
  success: { title: 'Success', color: 'teal' },
  error: { title: 'Error', color: 'red' },
  warning: { title: 'Warning', color: 'yellow' },
  info: { title: 'Notification', color: 'blue' },
};

interface ToastOptions {
  /** A toast with the same id replaces the one shown: repeating an action never stacks copies. */
  id?: string;
}

export function showToast(type: ToastType, message: string, { id }: ToastOptions = {}): void {
  const style = TOAST_STYLE[type];
  if (id) notifications.hide(id);
  notifications.show({
    id,
    title: style.title,
    message,
    color: style.color,
    withBorder: true,
    // Errors stay until read a little longer than confirmations.
    autoClose: type === 'error' || type === 'warning' ? 8000 : 4000,
    // Line breaks of joined field messages show; a long address or file name breaks anywhere.
    style: { whiteSpace: 'pre-line', overflowWrap: 'anywhere' },
    closeButtonProps: { 'aria-label': 'Dismiss' },
    'data-toast-type': type,
  });
}
