import { type CurrencyCode, formatMoney } from '@circuits/domain';
import {
  Alert,
  Button,
  Card,
  Collapse,
  Group,
  Loader,
  NumberInput,
  Select,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconChevronDown, IconShoppingCartPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useUserPreference } from '../../../hooks/use-user-preference.ts';
import { showToast } from '../../../lib/toasts.ts';
import { useAddToCart } from '../api/cart-api.ts';
import { useBoardPrices } from '../hooks/use-board-prices.ts';
import { addToPreOrder, parsePreOrderCart } from '../lib/pre-order-cart.ts';
import { PriceAmounts } from './price-amounts.tsx';
import { PriceLines } from './price-lines.tsx';

interface AddToCartCardProps {
  /** The pre-order cart is kept per user in this browser. */
  userId: number;
  productId: number;
  /** The material of the board settings; the order may choose another offered one. */
  boardMaterial: string | null;
  materials: readonly string[];
  /** SPEC §5: why the board may not go into the cart (its settings), or null. */
  settingsError: string | null;
  /** Editors of the company and administrators order; others only see the price. */
  canOrder: boolean;
  /** Changes whenever the board settings do, so the price reloads. */
  settingsKey: string;
}

/**
 * "Add to cart" on the product view: a quantity and a material, and the price with every line's
 * reason shown before anything is added. The price reloads as the inputs change.
 */
export function AddToCartCard({
  userId,
  productId,
  boardMaterial,
  materials,
  settingsError,
  canOrder,
  settingsKey,
}: AddToCartCardProps) {
  const [amount, setAmount] = useState<number | string>(5);
  const [material, setMaterial] = useState<string | null>(boardMaterial);
  const [showLines, setShowLines] = useState(true);
  const quantity =
    typeof amount === 'number' && Number.isInteger(amount) && amount >= 1 ? amount : null;
  // Typing "25" asks for the price of 25, not of 2 first.
  const [wantedQuantity] = useDebouncedValue(quantity, 250);
  const add = useAddToCart();
  const [preOrder, setPreOrder] = useUserPreference(userId, 'preOrderCart', parsePreOrderCart);
  const prices = useBoardPrices(
    wantedQuantity === null ? [] : [{ id: productId, amount: wantedQuantity, material }],
    { enabled: settingsError === null, refreshKey: settingsKey },
  );
  const price = prices.data?.prices.find((line) => line.id === productId);
  const rejected = prices.data?.rejected.find((line) => line.product_id === productId);
  const order = (prices.data?.currencies.map((currency) => currency.name) ?? []) as CurrencyCode[];
  const stale = prices.loading || wantedQuantity !== quantity;

  const addToCart = async () => {
    if (quantity === null) return;
    try {
      const answer = await add.mutateAsync({ product_id: productId, amount: quantity, material });
      if (answer.warning) showToast('warning', answer.warning);
      else showToast('success', 'Added to the cart');
    } catch {
      // The client has shown the server's message.
    }
  };

  const addToPreOrderCart = () => {
    if (quantity === null) return;
    const next = addToPreOrder(preOrder, { id: productId, amount: quantity, material });
    setPreOrder(next.lines);
    showToast(
      'success',
      next.updated ? `Pre-order amount set to ${quantity}` : 'Added to the pre-order cart',
    );
  };

  return (
    <Card padding="lg" component="section" aria-label="Order this board" mb="md">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={2} style={{ flex: '1 1 14rem' }}>
            <Title order={2} fz={18}>
              Order this board
            </Title>
            <Text size="sm" c="dimmed">
              {price?.quote.unit_name === 'panel'
                ? `Priced per panel of ${price.quote.boards_per_unit} boards.`
                : 'The price is computed from the board settings and its files.'}
            </Text>
          </Stack>
          {price && !stale ? (
            <Stack gap={0} align="flex-end" aria-live="polite">
              <PriceAmounts amounts={price.line_price} order={order} label="Price" size="lg" />
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                per {price.quote.unit_name}:{' '}
                {order[0] ? formatMoney(price.per_one[order[0]], order[0]) : null}
              </Text>
            </Stack>
          ) : settingsError === null && quantity !== null && !rejected ? (
            <Group gap={6} aria-live="polite">
              <Loader size="xs" />
              <Text size="sm" c="dimmed">
                Pricing…
              </Text>
            </Group>
          ) : null}
        </Group>

        {settingsError ? (
          <Alert color="yellow" title="Not ready to order">
            {settingsError}
          </Alert>
        ) : null}
        {rejected ? <Alert color="yellow">{rejected.message}</Alert> : null}
        {prices.failed ? (
          <Alert color="red">The price could not be loaded. Change a value to try again.</Alert>
        ) : null}

        <Group align="flex-end" gap="sm" wrap="wrap">
          <NumberInput
            label="Quantity"
            value={amount}
            onChange={setAmount}
            min={1}
            max={1_000_000}
            allowDecimal={false}
            allowNegative={false}
            w={120}
            error={quantity === null ? 'At least 1' : undefined}
          />
          <Select
            label="Material"
            data={[...materials]}
            value={material}
            onChange={(value) => setMaterial(value)}
            allowDeselect={false}
            w={180}
            comboboxProps={{ withinPortal: true }}
          />
          <Button
            leftSection={<IconShoppingCartPlus size={18} />}
            onClick={addToCart}
            loading={add.isPending}
            disabled={!canOrder || settingsError !== null || quantity === null}
          >
            Add to cart
          </Button>
          <Button
            variant="default"
            onClick={addToPreOrderCart}
            disabled={!canOrder || settingsError !== null || quantity === null}
          >
            Add to pre-order
          </Button>
        </Group>
        {canOrder ? null : (
          <Text size="sm" c="dimmed">
            Only company editors can order boards.
          </Text>
        )}

        {price ? (
          <>
            <UnstyledButton
              onClick={() => setShowLines((shown) => !shown)}
              aria-expanded={showLines}
            >
              <Group gap={4} wrap="nowrap" align="flex-start">
                <IconChevronDown
                  size={16}
                  style={{ transform: showLines ? 'none' : 'rotate(-90deg)' }}
                />
                <Text size="sm" fw={500}>
                  How the price is made (price book version {price.quote.book_version})
                </Text>
              </Group>
            </UnstyledButton>
            <Collapse expanded={showLines}>
              <div style={{ opacity: stale ? 0.5 : 1 }}>
                <PriceLines lines={price.quote.lines} order={order} />
              </div>
            </Collapse>
          </>
        ) : null}
      </Stack>
    </Card>
  );
}
