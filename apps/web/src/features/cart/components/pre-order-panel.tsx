import { type CurrencyCode, currenciesFirst, currencyCodeOf } from '@circuits/domain';
import { Alert, Button, Chip, Group, Loader, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useUserPreference } from '../../../hooks/use-user-preference.ts';
import { showToast } from '../../../lib/toasts.ts';
import { useCartData } from '../api/cart-api.ts';
import { useBoardPrices } from '../hooks/use-board-prices.ts';
import {
  changePreOrderLine,
  PRE_ORDER_SIDES,
  type PreOrderSide,
  parsePreOrderCart,
  removeFromPreOrder,
} from '../lib/pre-order-cart.ts';
import { CartLineView, type LocalLine } from './cart-line-view.tsx';
import { PriceAmounts } from './price-amounts.tsx';

const UNAVAILABLE = 'This board is not available';

/**
 * The pre-order cart, kept per user in this browser (SPEC §9): boards with their amount, material
 * and sides (top and bottom), priced by the server like the cart.
 */
export function PreOrderPanel({
  userId,
  companyId,
  onNavigate,
}: {
  userId: number;
  companyId: number;
  onNavigate: () => void;
}) {
  const [lines, setLines] = useUserPreference(userId, 'preOrderCart', parsePreOrderCart);
  const data = useCartData(
    lines.map((line) => line.id),
    true,
  );
  const prices = useBoardPrices(lines, {
    onRejected: (rejected) => {
      setLines(
        removeFromPreOrder(
          lines,
          rejected.map((line) => line.product_id),
        ),
      );
      for (const line of rejected) {
        showToast('warning', line.message, { id: `pre-order-rejected-${line.product_id}` });
      }
    },
  });
  // Boards deleted (or no longer visible) since they were added leave the pre-order too.
  const missing = data.data?.missing ?? [];
  useEffect(() => {
    if (missing.length === 0) return;
    setLines(removeFromPreOrder(lines, missing));
    showToast('warning', UNAVAILABLE, { id: 'pre-order-missing' });
  }, [missing, lines, setLines]);

  if (lines.length === 0) {
    return (
      <Stack gap="xs">
        <Text>The pre-order cart is empty.</Text>
        <Text size="sm" c="dimmed">
          “Add to pre-order” on a board’s page puts it here; it is kept in this browser.
        </Text>
      </Stack>
    );
  }
  if (data.isPending) {
    return (
      <Group gap="xs">
        <Loader size="sm" />
        <Text size="sm">Loading the pre-order…</Text>
      </Group>
    );
  }
  if (data.isError) return <Alert color="red">The pre-order could not be loaded.</Alert>;

  const customer = prices.data?.customer_currency;
  const order: CurrencyCode[] = currenciesFirst((customer && currencyCodeOf(customer.id)) || 'USD');
  const info = new Map(data.data.products.map((product) => [product.id, product]));
  const priceOf = new Map(prices.data?.prices.map((price) => [price.id, price]));

  return (
    <Stack gap="md">
      {lines.map((line) => {
        const product = info.get(line.id);
        if (!product) return null;
        const local: LocalLine = {
          product_id: line.id,
          title: product.title,
          pn: product.pn,
          img: product.img,
          materials: product.materials,
          panelization: product.panelization,
          material: line.material ?? product.material,
          amount: line.amount,
        };
        const price = priceOf.get(line.id);
        return (
          <CartLineView
            key={line.id}
            line={local}
            price={price}
            pending={prices.loading || price?.amount !== line.amount}
            order={order}
            testId="pre-order-line"
            onNavigate={onNavigate}
            onChange={(change) => {
              const amount = change.amount;
              if (
                amount !== undefined &&
                (typeof amount !== 'number' || !Number.isInteger(amount))
              ) {
                return;
              }
              setLines(
                changePreOrderLine(lines, line.id, {
                  ...(amount === undefined ? {} : { amount }),
                  ...(change.material === undefined ? {} : { material: change.material }),
                }),
              );
            }}
            extra={
              <Group gap="xs">
                <Text size="xs" c="dimmed">
                  Sides
                </Text>
                <Chip.Group
                  multiple
                  value={line.sides}
                  onChange={(sides) =>
                    setLines(changePreOrderLine(lines, line.id, { sides: sides as PreOrderSide[] }))
                  }
                >
                  {PRE_ORDER_SIDES.map((side) => (
                    <Chip key={side} value={side} size="xs">
                      {side === 'top' ? 'Top' : 'Bottom'}
                    </Chip>
                  ))}
                </Chip.Group>
              </Group>
            }
          />
        );
      })}
      {prices.data ? (
        <Group
          justify="space-between"
          align="flex-start"
          style={{ opacity: prices.loading ? 0.45 : 1 }}
        >
          <Text fw={700}>
            {prices.data.totals.tax_percent > 0
              ? `Total with ${prices.data.totals.tax_percent} % tax`
              : 'Total'}
          </Text>
          <PriceAmounts amounts={prices.data.totals.total} order={order} label="Pre-order total" />
        </Group>
      ) : null}
      <Group justify="flex-end">
        <Button variant="subtle" color="red" onClick={() => setLines([])}>
          Empty the pre-order
        </Button>
        <Button
          component={Link}
          to={`/createDocument/preorder/${companyId}?from=preorder`}
          onClick={onNavigate}
        >
          Make the pre-order
        </Button>
      </Group>
    </Stack>
  );
}
