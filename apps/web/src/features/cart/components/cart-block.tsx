import type { CartAnswer, CartLine } from '@circuits/contracts';
import { type CurrencyCode, currenciesFirst, currencyCodeOf } from '@circuits/domain';
import {
  ActionIcon,
  Alert,
  Button,
  Drawer,
  Group,
  Indicator,
  Loader,
  Stack,
  Tabs,
  Text,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconShoppingCart } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { showToast } from '../../../lib/toasts.ts';
import { useCart, useClearCart, useRemoveFromCart, useUpdateCartLine } from '../api/cart-api.ts';
import { type BoardLine, useBoardPrices } from '../hooks/use-board-prices.ts';
import { CartLineView, type LocalLine } from './cart-line-view.tsx';
import { CartTemplates } from './cart-templates.tsx';
import { PreOrderPanel } from './pre-order-panel.tsx';
import { PriceAmounts } from './price-amounts.tsx';

function localLine(line: CartLine): LocalLine {
  const { product_id, title, pn, img, material, materials, panelization, amount, lead_time } = line;
  return { product_id, title, pn, img, material, materials, panelization, amount, lead_time };
}

/**
 * The lines as the server keeps them, merged into what is being edited: lines added or removed
 * elsewhere come and go, lines being edited keep the amount typed.
 */
function mergeLines(local: readonly LocalLine[] | null, server: CartAnswer): LocalLine[] {
  if (!local) return server.cart.map(localLine);
  const byId = new Map(local.map((line) => [line.product_id, line]));
  return server.cart.map((line) => {
    const edited = byId.get(line.product_id);
    return edited
      ? {
          ...localLine(line),
          amount: edited.amount,
          material: edited.material,
          lead_time: edited.lead_time ?? line.lead_time,
        }
      : localLine(line);
  });
}

const validAmount = (amount: number | string) =>
  typeof amount === 'number' && Number.isInteger(amount) && amount >= 1 ? amount : null;

/**
 * The cart block in the header (SPEC §2): the number of boards in the cart, and a panel with each
 * line (image, title, part number, amount, material, panelization, price per piece and per line
 * in the three currencies, the company's first) and the totals. Prices reload after any change;
 * a line the server rejects is removed with its message as a warning.
 */
export function CartBlock({ userId, companyId }: { userId: number; companyId: number }) {
  const [opened, drawer] = useDisclosure(false);
  const cart = useCart(true);
  const update = useUpdateCartLine();
  const remove = useRemoveFromCart();
  const clear = useClearCart();
  const [lines, setLines] = useState<LocalLine[] | null>(null);
  const [tab, setTab] = useState<'cart' | 'preorder'>('cart');

  useEffect(() => {
    if (cart.data) setLines((current) => mergeLines(current, cart.data));
  }, [cart.data]);

  const shown = lines ?? [];
  const wanted: BoardLine[] = shown.flatMap((line) => {
    const amount = validAmount(line.amount);
    return amount === null
      ? []
      : [{ id: line.product_id, amount, material: line.material, lead_time: line.lead_time }];
  });
  const prices = useBoardPrices(wanted, {
    enabled: opened,
    onRejected: (rejected) => {
      for (const line of rejected) {
        setLines((current) =>
          (current ?? []).filter((entry) => entry.product_id !== line.product_id),
        );
        remove.mutate(line.product_id);
        showToast('warning', line.message, { id: `cart-rejected-${line.product_id}` });
      }
    },
  });
  const customer = prices.data?.customer_currency ?? cart.data?.customer_currency;
  const order: CurrencyCode[] = currenciesFirst((customer && currencyCodeOf(customer.id)) || 'USD');
  const priceOf = new Map(prices.data?.prices.map((price) => [price.id, price]));
  const count = cart.data?.cart.length ?? 0;

  const changeLine = (
    productId: number,
    change: Partial<Pick<LocalLine, 'amount' | 'material' | 'lead_time'>>,
  ) => {
    if (change.amount === 0) {
      // SPEC §4: decreasing to 0 removes the line.
      setLines((current) => (current ?? []).filter((line) => line.product_id !== productId));
      remove.mutate(productId);
      return;
    }
    setLines((current) =>
      (current ?? []).map((line) =>
        line.product_id === productId ? { ...line, ...change } : line,
      ),
    );
    const amount = change.amount === undefined ? undefined : validAmount(change.amount);
    if (change.amount !== undefined && amount === null) return;
    update.mutate({
      productId,
      ...(amount === null || amount === undefined ? {} : { amount }),
      ...(change.material === undefined ? {} : { material: change.material }),
      ...(change.lead_time === undefined ? {} : { lead_time: change.lead_time }),
    });
  };

  return (
    <>
      <Indicator
        label={count}
        size={18}
        offset={4}
        disabled={count === 0}
        color="teal"
        aria-hidden={false}
      >
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          onClick={drawer.open}
          aria-label={`Cart, ${count} ${count === 1 ? 'board' : 'boards'}`}
          data-testid="cart-button"
        >
          <IconShoppingCart size={22} />
        </ActionIcon>
      </Indicator>
      <Drawer
        opened={opened}
        onClose={drawer.close}
        position="right"
        size="lg"
        title={<Text fw={600}>Cart</Text>}
        closeButtonProps={{ 'aria-label': 'Close the cart' }}
      >
        <Tabs value={tab} onChange={(value) => setTab(value === 'preorder' ? 'preorder' : 'cart')}>
          <Tabs.List mb="md">
            <Tabs.Tab value="cart">Cart ({count})</Tabs.Tab>
            <Tabs.Tab value="preorder">Pre-order</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="cart">
            {cart.isPending ? (
              <Group gap="xs">
                <Loader size="sm" />
                <Text size="sm">Loading the cart…</Text>
              </Group>
            ) : cart.isError ? (
              <Alert color="red">The cart could not be loaded.</Alert>
            ) : shown.length === 0 ? (
              <Stack gap="sm" align="flex-start">
                <Text>Your cart is empty.</Text>
                <Text size="sm" c="dimmed">
                  Open a board in the workspace and use “Add to cart” to price and order it.
                </Text>
                <Button component={Link} to="/workspace" variant="light" onClick={drawer.close}>
                  Go to the workspace
                </Button>
                <CartTemplates userId={userId} lines={[]} />
              </Stack>
            ) : (
              <Stack gap="md">
                {shown.map((line) => {
                  const price = priceOf.get(line.product_id);
                  return (
                    <CartLineView
                      key={line.product_id}
                      line={line}
                      price={price}
                      pending={
                        prices.loading || !price || price.amount !== validAmount(line.amount)
                      }
                      order={order}
                      onChange={(change) => changeLine(line.product_id, change)}
                      onNavigate={drawer.close}
                      leadTimes={cart.data?.lead_times}
                    />
                  );
                })}
                {prices.failed ? <Alert color="red">The prices could not be loaded.</Alert> : null}
                {prices.data ? (
                  <Stack gap={4} style={{ opacity: prices.loading ? 0.45 : 1 }}>
                    {prices.data.totals.tax_percent > 0 ? (
                      <>
                        <TotalRow
                          label="Subtotal"
                          amounts={prices.data.totals.subtotal}
                          order={order}
                        />
                        <TotalRow
                          label={`Tax ${prices.data.totals.tax_percent} %`}
                          amounts={prices.data.totals.tax}
                          order={order}
                        />
                      </>
                    ) : null}
                    <TotalRow
                      label="Total"
                      amounts={prices.data.totals.total}
                      order={order}
                      strong
                    />
                    <Text size="xs" c="dimmed">
                      Rates of price book version {prices.data.book_version}:{' '}
                      {prices.data.currencies
                        .map((currency) => `${currency.name} ${currency.rate}`)
                        .join(' · ')}{' '}
                      per USD.
                    </Text>
                  </Stack>
                ) : null}
                {/* The order is reviewed and placed from the cart as the server keeps it. */}
                <Group grow wrap="wrap">
                  <Button
                    component={Link}
                    to={`/createDocument/order/${companyId}`}
                    onClick={drawer.close}
                    disabled={update.isPending || remove.isPending}
                  >
                    Place order
                  </Button>
                  <Button
                    component={Link}
                    to={`/createDocument/preorder/${companyId}`}
                    onClick={drawer.close}
                    variant="light"
                    disabled={update.isPending || remove.isPending}
                  >
                    Pre-order
                  </Button>
                </Group>
                <Group justify="space-between">
                  <CartTemplates userId={userId} lines={wanted} />
                  <Button
                    variant="subtle"
                    color="red"
                    onClick={() => clear.mutate()}
                    loading={clear.isPending}
                  >
                    Empty the cart
                  </Button>
                </Group>
              </Stack>
            )}
          </Tabs.Panel>
          <Tabs.Panel value="preorder">
            <PreOrderPanel userId={userId} companyId={companyId} onNavigate={drawer.close} />
          </Tabs.Panel>
        </Tabs>
      </Drawer>
    </>
  );
}

function TotalRow({
  label,
  amounts,
  order,
  strong = false,
}: {
  label: string;
  amounts: Record<CurrencyCode, number>;
  order: CurrencyCode[];
  strong?: boolean;
}) {
  return (
    <Group justify="space-between" align="flex-start">
      <Text fw={strong ? 700 : 400}>{label}</Text>
      <PriceAmounts amounts={amounts} order={order} label={label} size={strong ? 'md' : 'sm'} />
    </Group>
  );
}
