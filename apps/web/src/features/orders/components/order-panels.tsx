import type { Order, OrderAddress } from '@circuits/contracts';
import { Button, Card, Group, Stack, Text, Timeline, Title } from '@mantine/core';
import { IconDownload, IconFileText } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { downloadPdf } from '../api/orders-api.ts';
import {
  money,
  PAYMENT_METHOD_TEXT,
  PAYMENT_STATUS_TEXT,
  statusLabel,
} from '../lib/order-format.ts';

/** "Faster build, 3 working days", or each build when the lines differ. */
function buildsText(order: Order): string {
  const builds = new Map(
    order.lines.map((line) => [
      line.lead_time.id,
      `${line.lead_time.label.toLowerCase()}, ${line.lead_time.working_days} working days`,
    ]),
  );
  return [...builds.values()].join('; ');
}

function addressText(address: OrderAddress | null): string[] {
  if (!address) return [];
  return [
    address.contact_name,
    address.line1,
    address.line2,
    [address.postal_code, address.city, address.region].filter(Boolean).join(' '),
    address.country_code,
  ].filter((line): line is string => Boolean(line));
}

function Lines({ lines }: { lines: string[] }) {
  return (
    <Stack gap={0}>
      {lines.map((line) => (
        <Text size="sm" key={line} style={{ overflowWrap: 'anywhere' }}>
          {line}
        </Text>
      ))}
    </Stack>
  );
}

/** Addresses, shipping, currency and what the prices were made with. */
export function OrderFacts({ order }: { order: Order }) {
  const rates = Object.entries(order.rates)
    .filter(([code]) => code !== 'USD')
    .map(([code, rate]) => `1 USD = ${rate} ${code}`)
    .join(', ');
  return (
    <Card padding="lg" component="section" aria-label="Shipping and billing">
      <Title order={2} fz={18} mb="sm">
        Shipping and billing
      </Title>
      <Stack gap="sm">
        <div>
          <Text size="xs" c="dimmed" fw={600}>
            Customer
          </Text>
          <Lines lines={[order.company_name, ...addressText(order.company_address)]} />
        </div>
        <div>
          <Text size="xs" c="dimmed" fw={600}>
            Ship to
          </Text>
          <Lines lines={addressText(order.shipping_address)} />
        </div>
        <div>
          <Text size="xs" c="dimmed" fw={600}>
            Carrier
          </Text>
          <Text size="sm">
            {order.agent_name}, {order.service_name}
            {order.shipping_account_number
              ? `; billed to your account ${order.shipping_account_number}`
              : '; included in the price'}
          </Text>
        </div>
        <div>
          <Text size="xs" c="dimmed" fw={600}>
            Ships by
          </Text>
          <Text size="sm" data-testid="order-ship-date">
            {formatDate(order.ship_date)} ({buildsText(order)}, working days from the order;
            weekends are not counted)
          </Text>
        </div>
        <div>
          <Text size="xs" c="dimmed" fw={600}>
            Prices
          </Text>
          <Text size="sm">
            In {order.currency}, price book version {order.price_book_version}
            {rates ? ` at ${rates}` : ''}, locked when the order was made. Ordered by{' '}
            {order.ordered_by}.
          </Text>
        </div>
      </Stack>
    </Card>
  );
}

export function OrderDocuments({ order }: { order: Order }) {
  const [busy, setBusy] = useState<string | null>(null);
  return (
    <Card padding="lg" component="section" aria-label="Documents">
      <Title order={2} fz={18} mb="sm">
        Documents
      </Title>
      <Stack gap="xs">
        {order.documents.map((document) => (
          <Group key={document.type} justify="space-between" gap="xs" wrap="wrap">
            <Text size="sm" fw={500}>
              {document.title}
            </Text>
            <Group gap="xs">
              <Button
                component={Link}
                to={`/document/${document.type}/${order.id}`}
                size="xs"
                variant="subtle"
                leftSection={<IconFileText size={14} />}
              >
                View
              </Button>
              <Button
                size="xs"
                variant="light"
                loading={busy === document.type}
                leftSection={<IconDownload size={14} />}
                onClick={async () => {
                  setBusy(document.type);
                  try {
                    await downloadPdf(document.type, order.id, document.file_name);
                  } finally {
                    setBusy(null);
                  }
                }}
              >
                PDF
              </Button>
            </Group>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}

export function OrderPayment({
  order,
  canPay,
  canMarkPaid,
  onMarkPaid,
  marking,
}: {
  order: Order;
  canPay: boolean;
  canMarkPaid: boolean;
  onMarkPaid: () => void;
  marking: boolean;
}) {
  const payment = order.payment;
  return (
    <Card padding="lg" component="section" aria-label="Payment">
      <Title order={2} fz={18} mb="sm">
        Payment
      </Title>
      {payment ? (
        <Stack gap="xs">
          <Text size="sm">{PAYMENT_METHOD_TEXT[payment.method]}</Text>
          <Text size="sm" fw={600} data-testid="payment-state">
            {PAYMENT_STATUS_TEXT[payment.status]}
          </Text>
          <Text size="sm">{money(payment.amount, payment.currency)}</Text>
          {payment.captured_at ? (
            <Text size="xs" c="dimmed">
              Paid {formatDateTime(payment.captured_at)}
            </Text>
          ) : null}
          {canPay &&
          payment.method !== 'bank_transfer' &&
          order.status === 'awaiting_payment' &&
          payment.status !== 'captured' ? (
            <Button component={Link} to={`/payment/${order.id}`} size="sm">
              Pay {money(payment.amount, payment.currency)}
            </Button>
          ) : null}
          {canMarkPaid &&
          payment.method === 'bank_transfer' &&
          order.status === 'awaiting_transfer' ? (
            <Button size="sm" variant="light" loading={marking} onClick={onMarkPaid}>
              Record the bank transfer as received
            </Button>
          ) : null}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          A pre-order is not paid: nothing is made or charged until it is ordered.
        </Text>
      )}
    </Card>
  );
}

export function OrderTimeline({ order }: { order: Order }) {
  return (
    <Card padding="lg" component="section" aria-label="Status">
      <Title order={2} fz={18} mb="sm">
        Status
      </Title>
      <Timeline active={order.events.length - 1} bulletSize={14} lineWidth={2}>
        {order.events.map((event) => (
          <Timeline.Item key={`${event.at}-${event.note}`} title={statusLabel(event.status)}>
            <Text size="sm">{event.note}</Text>
            <Text size="xs" c="dimmed">
              {formatDateTime(event.at)}
            </Text>
          </Timeline.Item>
        ))}
      </Timeline>
    </Card>
  );
}
