import type { OrderStatus } from '@circuits/contracts';
import { Badge } from '@mantine/core';
import { STATUS_COLORS, statusLabel } from '../lib/order-format.ts';

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" data-status={status}>
      {statusLabel(status)}
    </Badge>
  );
}
