import type { CurrencyCode } from '@circuits/domain';
import { Alert, Button, Container, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { LoadErrorBlock, LoadingBlock } from '../../components/load-states.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useCurrentUser } from '../../features/auth/api/auth-api.ts';
import { CART_QUERY_KEY, useCart } from '../../features/cart/api/cart-api.ts';
import { usePreOrderLines } from '../../features/cart/hooks/use-pre-order-lines.ts';
import { useShippingAgents } from '../../features/company/api/company-api.ts';
import { useCompanyAddresses, usePlaceDocument } from '../../features/orders/api/orders-api.ts';
import { usePaymentMethods } from '../../features/orders/api/payments-api.ts';
import {
  CreateDocumentForm,
  type DocumentChoice,
} from '../../features/orders/components/create-document-form.tsx';
import { canEditCompanyData } from '../../lib/permissions.ts';
import { showToast } from '../../lib/toasts.ts';
import { NotFoundView } from './not-found.tsx';
import { parseOrderId } from './order-id.ts';

const TYPES = ['order', 'preorder'] as const;

/**
 * /createDocument/{type}/{id}: review the cart and place an order (type "order") or a pre-order
 * ("preorder") for company {id}. SPEC §4: an order with a payer action URL goes to
 * /payment/{id}; otherwise the success message, the cart emptied and /orders. A pre-order
 * empties the cart and goes to /document/order/{id}. The server takes the ordered boards out of
 * the cart with the order; the page reloads the cart.
 */
export function CreateDocumentView() {
  const params = useParams();
  const type = TYPES.find((entry) => entry === params.type) ?? null;
  const companyId = parseOrderId(params.id);
  const user = useCurrentUser();
  const own = user.data?.company.id === companyId;
  const cart = useCart(true);
  // /createDocument/preorder/{id}?from=preorder: the pre-order cart kept in this browser.
  const [searchParams] = useSearchParams();
  const fromPreOrder = type === 'preorder' && searchParams.get('from') === 'preorder';
  const preOrder = usePreOrderLines(user.data?.id, fromPreOrder);
  const addresses = useCompanyAddresses(companyId ?? 0, own);
  const agents = useShippingAgents();
  const methods = usePaymentMethods();
  const place = usePlaceDocument();
  const queryClient = useQueryClient();
  // The server took the ordered boards out of the cart with the order.
  const cartChanged = () => queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY });
  const navigate = useNavigate();
  // One key per visit of this page: a double click or a retry gives the same order.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  // A second click while the first is under way sends nothing (the key would give the same
  // order anyway).
  const inFlight = useRef(false);

  if (type === null || companyId === null) return <NotFoundView />;
  const title = type === 'order' ? 'Place the order' : 'Make a pre-order';

  const loading =
    user.isPending ||
    cart.isPending ||
    preOrder.loading ||
    addresses.isPending ||
    agents.isPending ||
    methods.isPending;
  const failed = [user, cart, addresses, agents, methods].find((query) => query.isError);

  const onPlace = async (choice: DocumentChoice) => {
    const lines = fromPreOrder
      ? preOrder.lines.map((line, index) => ({
          line_number: index + 1,
          product_id: line.product_id,
          amount: line.amount,
          material: line.material,
        }))
      : (cart.data?.cart ?? []).map((line, index) => ({
          line_number: index + 1,
          product_id: line.product_id,
          amount: line.amount,
          material: line.material,
          lead_time: line.lead_time,
        }));
    const common = {
      name: choice.name,
      service_id: choice.service_id,
      agent_id: choice.agent_id,
      shipping_account_id: choice.shipping_account_id,
      company_id: companyId,
      address_id: choice.address_id,
      currency_id: choice.currency_id,
      create_proforma: choice.create_proforma,
      lines,
      idempotency_key: idempotencyKey,
    };
    const result =
      type === 'order'
        ? await place.mutateAsync({
            type: 'order',
            body: { type_id: 1, ...common, payment_method: choice.payment_method },
          })
        : await place.mutateAsync({ type: 'preorder', body: { type_id: 1, ...common } });
    if (result.type === 'order') {
      const { answer } = result;
      if (answer.payment.payer_action_url) {
        navigate(`/payment/${answer.output.id}`);
      } else {
        showToast('success', answer.message, { id: `order-placed-${answer.output.id}` });
        navigate('/orders');
      }
    } else {
      // SPEC §4: a pre-order clears the cart it was made from.
      if (fromPreOrder) preOrder.clear();
      showToast('success', result.answer.message, { id: `order-placed-${result.answer.doc.id}` });
      navigate(`/document/order/${result.answer.doc.id}`);
    }
    // Once away from this page, which would show the emptied cart meanwhile.
    void cartChanged();
  };

  return (
    <Container size="lg" py="xl">
      <PageHeader
        title={title}
        description={
          type === 'order'
            ? 'Check the boards, where they go and how you pay. The server prices the order again from the saved settings and files.'
            : 'A pre-order records the boards, their settings and prices; nothing is made or charged until it is ordered.'
        }
      />
      {loading ? (
        <LoadingBlock label="Loading the cart…" />
      ) : failed ? (
        <LoadErrorBlock what="The cart" error={failed.error} onRetry={() => failed.refetch()} />
      ) : !user.data || !(own || user.data.role === 'admin') ? (
        <Alert color="red" title="Not allowed">
          You can order for your own company only.
        </Alert>
      ) : !canEditCompanyData(user.data, companyId) ? (
        <Alert color="yellow" title="Only company editors can place orders">
          Ask an editor of your company to place this order.
        </Alert>
      ) : (fromPreOrder ? preOrder.lines.length : (cart.data?.cart.length ?? 0)) === 0 ? (
        <Stack align="center" gap="sm" py="xl">
          <Text fw={600}>The cart is empty</Text>
          <Text size="sm" c="dimmed">
            Put boards in the cart from their product pages first.
          </Text>
          <Button component={Link} to="/workspace" variant="light">
            Go to the workspace
          </Button>
        </Stack>
      ) : (
        <CreateDocumentForm
          type={type}
          company={
            own
              ? user.data.company
              : {
                  ...user.data.company,
                  id: companyId,
                  shipping_accounts: [],
                  shipping_account_id: null,
                  default_address_id: null,
                }
          }
          taxPercent={fromPreOrder ? preOrder.taxPercent : cart.data!.totals.tax_percent}
          addresses={addresses.data ?? []}
          agents={agents.data ?? []}
          lines={
            fromPreOrder
              ? preOrder.lines
              : cart.data!.cart.map((line) => ({
                  product_id: line.product_id,
                  title: line.title,
                  pn: line.pn,
                  amount: line.amount,
                  material: line.material,
                  line_price: line.line_price as Record<CurrencyCode, number> | null,
                  error: line.error,
                }))
          }
          methods={methods.data!}
          placing={place.isPending}
          onPlace={(choice) => {
            if (inFlight.current) return;
            inFlight.current = true;
            onPlace(choice)
              .catch(() => {
                // The failure was shown as a toast by the API client.
              })
              .finally(() => {
                inFlight.current = false;
              });
          }}
        />
      )}
    </Container>
  );
}
