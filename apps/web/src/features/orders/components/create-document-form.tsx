import type { Address, Company, PaymentMethods, ShippingAgent } from '@circuits/contracts';
import { type CurrencyCode, currenciesFirst, currencyCodeOf, taxOf } from '@circuits/domain';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  Radio,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import { money } from '../lib/order-format.ts';

/** A cart line as the order review shows it (prices from the server's cart, in 3 currencies). */
export type ReviewLine = {
  product_id: number;
  title: string;
  pn: string | null;
  amount: number;
  material: string | null;
  line_price: Record<CurrencyCode, number> | null;
  error: string | null;
};

export type DocumentChoice = {
  name: string;
  address_id: number;
  agent_id: number;
  service_id: number;
  shipping_account_id: number | null;
  currency_id: number;
  create_proforma: boolean;
  payment_method: 'online' | 'bank_transfer';
};

const CURRENCY_IDS: Record<CurrencyCode, number> = { CAD: 1, USD: 2, EUR: 3 };

function addressLabel(address: Address): string {
  return [address.contact_name, address.line1, address.city, address.country_code]
    .filter(Boolean)
    .join(', ');
}

const isComplete = (address: Address) =>
  Boolean(address.line1 && address.city && address.postal_code);

/**
 * Review and place an order or a pre-order: shipping address, carrier, service and account,
 * currency, proforma and (for an order) how to pay; the lines and their prices as the cart
 * priced them. The server prices the order again and is what counts.
 */
export function CreateDocumentForm({
  type,
  company,
  taxPercent,
  addresses,
  agents,
  lines,
  methods,
  placing,
  onPlace,
}: {
  type: 'order' | 'preorder';
  company: Pick<Company, 'id' | 'default_address_id' | 'shipping_account_id' | 'currency'> & {
    shipping_accounts: Company['shipping_accounts'];
  };
  taxPercent: number;
  addresses: Address[];
  agents: ShippingAgent[];
  lines: ReviewLine[];
  /** How orders can be paid here: a way that is off is shown, greyed out, with why. */
  methods: PaymentMethods;
  placing: boolean;
  onPlace: (choice: DocumentChoice) => void;
}) {
  const complete = addresses.filter(isComplete);
  const defaultAccount = company.shipping_accounts.find(
    (account) => account.id === company.shipping_account_id,
  );
  const [addressId, setAddressId] = useState<string | null>(() => {
    const preferred = complete.find((address) => address.id === company.default_address_id);
    return String((preferred ?? complete[0])?.id ?? '') || null;
  });
  const [agentId, setAgentId] = useState<string | null>(
    String(defaultAccount?.agent_id ?? agents[0]?.id ?? '') || null,
  );
  const agent = agents.find((entry) => String(entry.id) === agentId);
  const [serviceId, setServiceId] = useState<string | null>(
    String(agent?.services[0]?.id ?? '') || null,
  );
  const [accountId, setAccountId] = useState<string>(
    defaultAccount ? String(defaultAccount.id) : 'none',
  );
  const order = currenciesFirst(currencyCodeOf(company.currency.id) ?? 'USD');
  const [currency, setCurrency] = useState<CurrencyCode>(order[0]!);
  const [name, setName] = useState(
    `${type === 'preorder' ? 'Pre-order' : 'Order'} of ${new Date().toISOString().slice(0, 10)}`,
  );
  const [proforma, setProforma] = useState(type === 'order');
  const [payment, setPayment] = useState<'online' | 'bank_transfer'>(
    methods.online.available || !methods.bank_transfer.available ? 'online' : 'bank_transfer',
  );
  const payable = type === 'preorder' || methods[payment].available;

  const accounts = company.shipping_accounts.filter(
    (account) => String(account.agent_id) === agentId,
  );
  const priced = lines.filter((line) => line.line_price);
  const subtotal = priced.reduce((sum, line) => sum + line.line_price![currency], 0);
  const tax = taxOf(subtotal, taxPercent);
  const refused = lines.filter((line) => line.error);
  const ready = Boolean(
    addressId && agentId && serviceId && lines.length > 0 && refused.length === 0 && payable,
  );

  return (
    <Stack gap="lg">
      <Card padding="lg" component="section" aria-label="Boards">
        <Title order={2} fz={18} mb="sm">
          Boards
        </Title>
        <ScrollTable minWidth={520} verticalSpacing={6}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>#</Table.Th>
              <Table.Th>Board</Table.Th>
              <Table.Th>Material</Table.Th>
              <Table.Th ta="right">Qty</Table.Th>
              <Table.Th ta="right">Price</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((line, index) => (
              <Table.Tr key={line.product_id}>
                <Table.Td>{index + 1}</Table.Td>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {line.title}
                  </Text>
                  {line.pn ? (
                    <Text size="xs" c="dimmed">
                      {line.pn}
                    </Text>
                  ) : null}
                  {line.error ? (
                    <Text size="xs" c="red">
                      {line.error}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>{line.material ?? '—'}</Table.Td>
                <Table.Td ta="right">{line.amount}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {line.line_price ? money(line.line_price[currency], currency) : '—'}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ScrollTable>
        <Stack gap={2} mt="sm" ml="auto" w={{ base: '100%', xs: 300 }}>
          <Group justify="space-between">
            <Text size="sm">Subtotal</Text>
            <Text size="sm">{money(subtotal, currency)}</Text>
          </Group>
          <Group justify="space-between">
            <Text size="sm">Tax {taxPercent} %</Text>
            <Text size="sm">{money(tax, currency)}</Text>
          </Group>
          <Group justify="space-between">
            <Text fw={700}>Total</Text>
            <Text fw={700} data-testid="review-total">
              {money(subtotal + tax, currency)}
            </Text>
          </Group>
        </Stack>
      </Card>

      <Card padding="lg" component="section" aria-label="Delivery and payment">
        <Title order={2} fz={18} mb="sm">
          Delivery and payment
        </Title>
        <Stack gap="md">
          <TextInput
            label="Your reference"
            value={name}
            maxLength={200}
            onChange={(event) => setName(event.currentTarget.value)}
          />
          {complete.length === 0 ? (
            <Alert color="yellow" title="No complete address">
              Add a shipping address with street, city and postal code in the company cabinet.
            </Alert>
          ) : (
            <Select
              label="Ship to"
              data={complete.map((address) => ({
                value: String(address.id),
                label: addressLabel(address),
              }))}
              value={addressId}
              onChange={setAddressId}
              allowDeselect={false}
            />
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Shipping agent"
              data={agents.map((entry) => ({ value: String(entry.id), label: entry.name }))}
              value={agentId}
              allowDeselect={false}
              onChange={(value) => {
                setAgentId(value);
                const next = agents.find((entry) => String(entry.id) === value);
                setServiceId(String(next?.services[0]?.id ?? '') || null);
                setAccountId('none');
              }}
            />
            <Select
              label="Service"
              data={(agent?.services ?? []).map((service) => ({
                value: String(service.id),
                label: service.name,
              }))}
              value={serviceId}
              allowDeselect={false}
              onChange={setServiceId}
            />
          </SimpleGrid>
          <Select
            label="Shipping account"
            description="Your own account with the carrier is billed for shipping; without one, shipping is included"
            data={[
              { value: 'none', label: 'None: shipping included' },
              ...accounts.map((account) => ({
                value: String(account.id),
                label: `${account.agent_name} ${account.account_number}`,
              })),
            ]}
            value={accountId}
            allowDeselect={false}
            onChange={(value) => setAccountId(value ?? 'none')}
          />
          <div>
            <Text size="sm" fw={500} mb={4}>
              Currency
            </Text>
            <SegmentedControl
              data={order}
              value={currency}
              onChange={(value) => setCurrency(value as CurrencyCode)}
            />
          </div>
          <Checkbox
            label="Make a proforma invoice"
            checked={proforma || (type === 'order' && payment === 'bank_transfer')}
            disabled={type === 'order' && payment === 'bank_transfer'}
            onChange={(event) => setProforma(event.currentTarget.checked)}
          />
          {type === 'order' ? (
            <Radio.Group
              label="Payment"
              value={payment}
              onChange={(value) => setPayment(value as 'online' | 'bank_transfer')}
            >
              <Stack gap="xs" mt={4}>
                <Radio
                  value="online"
                  label={
                    methods.online.provider === 'sandbox'
                      ? 'Pay online now (demo sandbox: no money moves)'
                      : 'Pay online now'
                  }
                  disabled={!methods.online.available}
                  description={methods.online.message}
                />
                <Radio
                  value="bank_transfer"
                  label="Bank transfer against the proforma invoice"
                  disabled={!methods.bank_transfer.available}
                  description={
                    methods.bank_transfer.message ??
                    (methods.bank_transfer.sample
                      ? 'This demo server prints a sample bank account: nobody is to pay into it'
                      : null)
                  }
                />
              </Stack>
            </Radio.Group>
          ) : (
            <Text size="sm" c="dimmed">
              A pre-order fixes the boards, settings and prices; nothing is made or charged until
              you order it.
            </Text>
          )}
          {type === 'order' && !methods.online.available && !methods.bank_transfer.available ? (
            <Alert color="yellow" title="Orders cannot be paid here yet">
              No way to pay is set up on this server: save a pre-order instead, and order it once
              one is.
            </Alert>
          ) : null}
          <Button
            size="md"
            disabled={!ready}
            loading={placing}
            onClick={() =>
              onPlace({
                name,
                address_id: Number(addressId),
                agent_id: Number(agentId),
                service_id: Number(serviceId),
                shipping_account_id: accountId === 'none' ? null : Number(accountId),
                currency_id: CURRENCY_IDS[currency],
                create_proforma: proforma || (type === 'order' && payment === 'bank_transfer'),
                payment_method: payment,
              })
            }
          >
            {type === 'order' ? 'Place order' : 'Save pre-order'}
          </Button>
        </Stack>
      </Card>
    </Stack>
  );
}
