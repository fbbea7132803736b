import { Alert, Progress, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { OrderStep } from '../api/quote-api.ts';

/** Where "Order this board" stands: placing it step by step, waiting for the email, or failed. */
export type Ordering =
  | { type: 'idle' }
  | { type: 'asking' }
  | { type: 'placing'; step: OrderStep; progress?: number | undefined }
  | { type: 'needsConfirmation' }
  | { type: 'failed'; message: string };

const ORDER_STEP_TEXT: Record<OrderStep, string> = {
  project: 'Creating the project…',
  upload: 'Uploading the files…',
  settings: 'Saving the board settings…',
  cart: 'Putting the board in the cart…',
};

export function OrderingState({ ordering }: { ordering: Ordering }) {
  switch (ordering.type) {
    case 'placing':
      return (
        <Stack gap={4} role="status">
          <Text size="sm">{ORDER_STEP_TEXT[ordering.step]}</Text>
          {ordering.step === 'upload' && ordering.progress !== undefined ? (
            <Progress value={ordering.progress * 100} aria-label="Upload progress" />
          ) : null}
        </Stack>
      );
    case 'needsConfirmation':
      return (
        <Alert color="blue" title="Confirm your email to order">
          Your board waits in this browser. Open the link we emailed you; the board is then put in
          your cart. <Link to="/confirmEmail">Confirm the email</Link>
        </Alert>
      );
    case 'failed':
      return (
        <Alert color="red" title="Not ordered">
          {ordering.message}
        </Alert>
      );
    default:
      return null;
  }
}
