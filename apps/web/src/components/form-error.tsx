import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/** The form-level message: what the server said that belongs to no single field. */
export function FormError({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertCircle size={18} />}
      role="alert"
      style={{ whiteSpace: 'pre-line' }}
    >
      {message}
    </Alert>
  );
}
