import {
  cancelPayment,
  capturePayment,
  createOrder,
  createPreorder,
  downloadDocument,
  getDocument,
  getOrder,
  listOrders,
  markOrderPaid,
  payPalWebhook,
  startPayment,
} from '@circuits/contracts';
import type { Router } from '../../http/router.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import type { OrdersService } from './orders.service.ts';

function headerKey(value: string | string[] | undefined): string | undefined {
  const key = Array.isArray(value) ? value[0] : value;
  return key && /^[A-Za-z0-9_.:-]{8,100}$/.test(key) ? key : undefined;
}

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export function registerOrderRoutes(
  router: Router,
  orders: OrdersService,
  payments: PaymentsService,
): void {
  router.route(createOrder, ({ actor, body, request }) =>
    orders.createOrder(actor, body, headerKey(request.headers['idempotency-key'])),
  );

  router.route(createPreorder, ({ actor, body, request }) =>
    orders.createPreorder(actor, body, headerKey(request.headers['idempotency-key'])),
  );

  router.route(listOrders, async ({ actor, query }) => ({
    orders: await orders.list(actor, query.companyId),
  }));

  router.route(getOrder, async ({ actor, params }) => ({
    order: await orders.get(actor, params.id),
  }));

  router.route(getDocument, ({ actor, params }) => orders.document(actor, params.type, params.id));

  router.route(startPayment, async ({ actor, params }) => ({
    payment: await orders.startPayment(actor, params.id),
  }));

  router.route(markOrderPaid, async ({ actor, params }) => ({
    order: await orders.markPaid(actor, params.id),
  }));

  router.route(capturePayment, async ({ actor, body }) => {
    const { orderId, payment } = await payments.capture(actor, body.token);
    const order = await orders.get(actor, orderId);
    return { order_id: orderId, status: order.status, payment };
  });

  router.route(cancelPayment, async ({ actor, body }) => {
    const { orderId, payment } = await payments.cancel(actor, body.token);
    const order = await orders.get(actor, orderId);
    return { order_id: orderId, status: order.status, payment };
  });

  router.route(payPalWebhook, async ({ body, request }) => {
    const headers = request.headers;
    await payments.webhook(
      {
        authAlgo: header(headers['paypal-auth-algo']),
        certUrl: header(headers['paypal-cert-url']),
        transmissionId: header(headers['paypal-transmission-id']),
        transmissionSig: header(headers['paypal-transmission-sig']),
        transmissionTime: header(headers['paypal-transmission-time']),
      },
      body,
    );
    return { received: true as const };
  });

  router.route(downloadDocument, async ({ actor, params, request, reply }) => {
    const { fileName, content } = await orders.pdf(actor, params.type, params.id, request.ip);
    reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'private, no-store');
    // Fastify sends a Buffer as it is: the response schema (binary) only documents it.
    return content as unknown as string;
  });
}
