import { createHash } from 'node:crypto';
import type {
  CreateOrderInput,
  CreatePreorderInput,
  DocumentType,
  Order,
  OrderSummary,
  ProductOrder,
} from '@circuits/contracts';
import { addWorkingDays, checkOrderMove, type StateActor } from '@circuits/domain';
import type { z } from 'zod';
import type { Clock } from '../../clock.ts';
import type { Transactor } from '../../db/database.ts';
import { conflict, notFound } from '../../http/errors.ts';
import type { Logger } from '../../logger.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { Actor } from '../auth/actor.ts';
import { assertAdmin, canReadCompany, companyScope } from '../auth/authorization.ts';
import type { CompaniesService } from '../companies/companies.service.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import type { RateLimitsService } from '../rate-limits/rate-limits.service.ts';
import type { ShippingService } from '../shipping/shipping.service.ts';
import type { StorageService } from '../storage/storage.service.ts';
import type { UsersService } from '../users/users.service.ts';
import {
  type DocumentPayment,
  documentFileName,
  documentPdfInput,
  documentsOf,
} from './order-documents.ts';
import { orderEmail } from './order-emails.ts';
import { createOrderPdfCache } from './order-pdf-cache.ts';
import type { OrderPricing } from './order-pricing.ts';
import { createOrderRequests, type DocumentData, type OrderProducts } from './order-requests.ts';
import { presentOrder, presentOrderSummary, presentProductOrder } from './orders.presenter.ts';
import type { OrderRow, OrdersRepository } from './orders.repository.ts';
import type { OrderKind, OrderStatus } from './orders.tables.ts';

export type { OrderableProduct, OrderProducts } from './order-requests.ts';

type OrderData = z.output<typeof CreateOrderInput>;
type PreorderData = z.output<typeof CreatePreorderInput>;

/** What placing an order does to the cart of the user who placed it (the cart area answers). */
export type OrderCart = {
  /** The ordered boards leave the user's cart (inside the order's transaction). */
  removeOrdered(userId: number, productIds: readonly number[]): Promise<void>;
};

const ORDER_STATUS_TEXT: Record<OrderStatus, string> = {
  preorder: 'Pre-order saved',
  awaiting_payment: 'Order placed; awaiting payment',
  awaiting_transfer: 'Order placed; awaiting the bank transfer against the proforma',
  paid: 'Paid',
  in_production: 'In production',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

function today(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** As whom an actor who may order for the company moves its orders and payments. */
function stateActorOf(actor: Actor): StateActor {
  return actor.role === 'admin' ? 'admin' : 'editor';
}

/**
 * Orders and pre-orders (SPEC §7 POST /api/documents, /api/documents/preorder): priced on the
 * server from the boards' saved settings and files, with everything they were made with frozen
 * into them (prices and the price book version, rates, settings, files hash, names, addresses
 * and the tax basis). An order is made once per idempotency key, in one transaction with its
 * lines, its first status, its payment record and the removal of its boards from the cart; the
 * provider's payment is made after, idempotently. Every change of status is a move the domain's
 * state machine allows (`checkOrderMove`), made with a condition on the status it moves from.
 */
export function createOrdersService(deps: {
  repository: OrdersRepository;
  products: OrderProducts;
  companies: CompaniesService;
  shipping: ShippingService;
  users: UsersService;
  payments: PaymentsService;
  cart: () => OrderCart;
  pricing: () => OrderPricing;
  storage: StorageService;
  rateLimits: RateLimitsService;
  mailer: Mailer;
  transactor: Transactor;
  clock: Clock;
  logger: Logger;
  appUrl: string;
}) {
  const { repository, payments, mailer, transactor, clock, logger, appUrl } = deps;
  const requests = createOrderRequests({
    products: deps.products,
    companies: deps.companies,
    shipping: deps.shipping,
    users: deps.users,
    pricing: deps.pricing,
    paymentMethods: () => payments.methods(),
  });
  const pdfCache = createOrderPdfCache({
    repository,
    storage: deps.storage,
    transactor,
    logger,
  });

  function requestHash(kind: OrderKind, input: DocumentData): string {
    const { idempotency_key: _key, ...rest } = input;
    return createHash('sha256')
      .update(JSON.stringify({ kind, ...rest }))
      .digest('hex');
  }

  async function requireOrder(actor: Actor, id: number): Promise<OrderRow> {
    const row = await repository.findOrder(companyScope(actor), id);
    if (!row) throw notFound('order');
    return row;
  }

  async function fullOrder(row: OrderRow): Promise<Order> {
    const [lines, events, payment] = await Promise.all([
      repository.listLines(row.id),
      repository.listEvents(row.id),
      payments.paymentOf(row.id),
    ]);
    return presentOrder(row, lines, events, payment);
  }

  /** A document's PDF as it reads now (kept per version; `charge` runs before a render). */
  async function documentPdf(row: OrderRow, type: DocumentType, charge?: () => Promise<void>) {
    const [lines, payment] = await Promise.all([
      repository.listLines(row.id),
      payments.paymentOf(row.id),
    ]);
    const documentPayment: DocumentPayment = {
      method: row.paymentMethod,
      status: payment?.status ?? null,
      capturedAt: payment?.captured_at ? new Date(payment.captured_at) : null,
    };
    const input = documentPdfInput(row, lines, type, {
      payment: documentPayment,
      bank: payments.bankAccount(),
      paymentLink: `${appUrl}/payment/${row.id}`,
    });
    const fileName = documentFileName(row, type);
    const content = await pdfCache.pdf(
      { orderId: row.id, companyId: row.companyId, type, fileName },
      input,
      charge,
    );
    return { fileName, content };
  }

  async function sendEmail(row: OrderRow, event: 'placed' | 'paid'): Promise<void> {
    try {
      const order = await fullOrder(row);
      const attachments = await Promise.all(
        order.documents.map(async (document) => ({
          filename: document.file_name,
          content: (await documentPdf(row, document.type)).content,
          contentType: 'application/pdf',
        })),
      );
      await mailer.send({
        ...orderEmail({
          order,
          event,
          to: row.snapshot.userEmail,
          link: `${appUrl}/order/${row.id}`,
          paymentLink: `${appUrl}/payment/${row.id}`,
        }),
        attachments,
      });
    } catch (error) {
      // The order stands whether or not its email went out; the order page shows it all.
      logger.error({ err: error, orderId: row.id, event }, 'an order email could not be sent');
    }
  }

  /**
   * Makes the order (or answers the one its idempotency key made already). `created` says
   * whether this call made it.
   */
  async function place(
    actor: Actor,
    kind: OrderKind,
    input: DocumentData,
    headerKey: string | undefined,
  ): Promise<{ row: OrderRow; created: boolean }> {
    const key = input.idempotency_key ?? headerKey;
    const hash = requestHash(kind, { ...input, idempotency_key: undefined });
    const existing = key ? await repository.findByIdempotencyKey(actor.userId, key) : undefined;
    if (existing) return { row: sameRequest(existing, hash), created: false };

    const made = await requests.validated(actor, kind, input);
    const online = kind === 'order' && input.payment_method !== 'bank_transfer';
    const status: OrderStatus =
      kind === 'preorder' ? 'preorder' : online ? 'awaiting_payment' : 'awaiting_transfer';
    const now = clock.now();
    const result = await transactor.transaction(async () => {
      const row = await repository.insertOrder({
        companyId: input.company_id,
        userId: actor.userId,
        kind,
        typeId: 1,
        name: input.name || `${kind === 'preorder' ? 'Pre-order' : 'Order'} of ${today(now)}`,
        orderDate: input.date ?? today(now),
        status,
        paymentMethod: kind === 'preorder' ? 'none' : online ? 'online' : 'bank_transfer',
        agentId: input.agent_id,
        serviceId: input.service_id,
        shippingAccountId: input.shipping_account_id ?? null,
        addressId: input.address_id,
        currencyId: made.currency.id,
        currencyCode: made.currency.code,
        taxPercent: made.company.tax,
        // Paying against the proforma needs the proforma.
        createProforma: input.create_proforma || (kind === 'order' && !online),
        priceBookVersion: made.priced.version,
        rates: made.priced.rates,
        subtotalMinor: made.subtotal,
        taxMinor: made.taxMinor,
        totalMinor: made.subtotal + made.taxMinor,
        snapshot: made.snapshot,
        idempotencyKey: key ?? null,
        requestHash: hash,
        createdAt: now,
        updatedAt: now,
      });
      // The same key was used by a request that got there first: it made the order.
      if (!row) return undefined;
      // The build starts when the order is made, not on an earlier date the request names.
      const buildStart = [row.orderDate, today(now)].sort().at(-1)!;
      await repository.insertLines(
        made.lines.map((line) => ({
          ...line,
          orderId: row.id,
          shipDate: addWorkingDays(buildStart, line.leadTime.workingDays),
        })),
      );
      await repository.insertEvent({
        orderId: row.id,
        status,
        note: ORDER_STATUS_TEXT[status],
        at: now,
      });
      if (kind === 'order') {
        await payments.record({
          orderId: row.id,
          companyId: row.companyId,
          online,
          amountMinor: row.totalMinor,
          currencyCode: row.currencyCode,
        });
      }
      // Ordered boards leave the cart with the order, so they are not ordered twice by accident.
      await deps.cart().removeOrdered(
        actor.userId,
        made.lines.map((line) => line.productId),
      );
      return row;
    });
    if (!result) {
      const winner = (await repository.findByIdempotencyKey(actor.userId, key!))!;
      return { row: sameRequest(winner, hash), created: false };
    }
    return { row: result, created: true };
  }

  function sameRequest(row: OrderRow, hash: string): OrderRow {
    if (row.requestHash !== hash) {
      throw conflict({
        idempotency_key: 'This idempotency key was already used for a different order',
      });
    }
    return row;
  }

  async function startPayment(row: OrderRow, by: StateActor) {
    return payments.start({
      orderId: row.id,
      reference: `CIRCUITS-${row.id}`,
      description: `Circuits order ${row.id}: ${row.name}`.slice(0, 127),
      by,
    });
  }

  /** An order of every company, or 404. */
  async function anyOrder(id: number): Promise<OrderRow> {
    const row = await repository.findOrder({ type: 'all' }, id);
    if (!row) throw notFound('order');
    return row;
  }

  /** Moves the order along the state machine, from the status it is in; 409 when it moved. */
  async function move(row: OrderRow, to: OrderStatus, note: string): Promise<void> {
    const now = clock.now();
    if (!(await repository.moveStatus(row.id, row.status, to, now))) {
      throw conflict('The order changed meanwhile: reload it and try again');
    }
    await repository.insertEvent({ orderId: row.id, status: to, note, at: now });
  }

  return {
    async createOrder(actor: Actor, input: OrderData, headerKey: string | undefined) {
      const { row, created } = await place(actor, 'order', input, headerKey);
      if (created) await sendEmail(row, 'placed');
      const payment =
        row.paymentMethod === 'online' ? await startPayment(row, stateActorOf(actor)) : null;
      const message =
        row.paymentMethod === 'online'
          ? `Order ${row.id} placed: pay ${formatTotal(row)} to start production`
          : `Order ${row.id} placed: pay ${formatTotal(row)} by bank transfer against proforma invoice PF-${row.id}`;
      return {
        success: true as const,
        message,
        payment: { payer_action_url: payment?.payer_action_url ?? null },
        output: { id: row.id },
      };
    },

    async createPreorder(actor: Actor, input: PreorderData, headerKey: string | undefined) {
      const { row, created } = await place(actor, 'preorder', input, headerKey);
      if (created) await sendEmail(row, 'placed');
      return {
        success: true as const,
        message: `Pre-order ${row.id} saved`,
        doc: { id: row.id },
      };
    },

    async list(actor: Actor, companyId: number | undefined): Promise<OrderSummary[]> {
      if (companyId !== undefined && !canReadCompany(actor, companyId)) throw notFound('company');
      const rows = await repository.listOrders(companyScope(actor), companyId);
      return rows.map(({ row, linesCount }) => presentOrderSummary(row, linesCount));
    },

    async get(actor: Actor, id: number): Promise<Order> {
      return fullOrder(await requireOrder(actor, id));
    },

    async document(actor: Actor, type: DocumentType, id: number) {
      const row = await requireOrder(actor, id);
      const order = await fullOrder(row);
      const document = order.documents.find((entry) => entry.type === type);
      if (!document) throw notFound('document');
      return { document, order };
    },

    /**
     * A document as a PDF. A version not rendered before counts against the PDF renders of the
     * user and of the client address (429 when spent); a kept one is free.
     */
    async pdf(actor: Actor, type: DocumentType, id: number, address: string) {
      const row = await requireOrder(actor, id);
      if (!documentsOf(row).some((entry) => entry.type === type)) throw notFound('document');
      return documentPdf(row, type, () =>
        deps.rateLimits.consume(
          { limit: 'pdfRendersPerUser', subject: actor.userId },
          { limit: 'pdfRendersPerAddress', subject: address },
        ),
      );
    },

    async startPayment(actor: Actor, id: number) {
      const row = await requireOrder(actor, id);
      if (row.paymentMethod !== 'online') {
        throw conflict(
          row.kind === 'preorder'
            ? 'A pre-order is not paid: place it as an order to pay'
            : 'This order is paid by bank transfer against its proforma',
        );
      }
      requests.assertMayOrder(actor, row.companyId);
      return startPayment(row, stateActorOf(actor));
    },

    /** An administrator records the bank transfer of an order as received. */
    async markPaid(actor: Actor, id: number): Promise<Order> {
      assertAdmin(actor);
      const row = await requireOrder(actor, id);
      await payments.transferReceived(row.id, 'Bank transfer received');
      return fullOrder(await anyOrder(id));
    },

    /**
     * Staff set the status of any order (callers have checked the actor is an administrator),
     * as the state machine allows; the note joins the order's timeline, which the customer
     * sees. "Paid" is the bank transfer recorded. `within` runs inside the change's transaction
     * (the audit log). Answers the status before.
     */
    async changeStatus(
      id: number,
      status: OrderStatus,
      note: string,
      within: (change: { before: OrderStatus; order: OrderRow }) => Promise<void>,
    ): Promise<{ before: OrderStatus; order: Order }> {
      const row = await anyOrder(id);
      const allowed = checkOrderMove(row.status, status, 'admin');
      if (!allowed.allowed) throw conflict(allowed.reason);
      if (status === 'paid') {
        await payments.transferReceived(id, note, () => within({ before: row.status, order: row }));
      } else {
        await transactor.transaction(async () => {
          await move(row, status, note);
          await within({ before: row.status, order: row });
        });
      }
      return { before: row.status, order: await fullOrder(await anyOrder(id)) };
    },

    async ordersOfProduct(productId: number): Promise<ProductOrder[]> {
      const rows = await repository.linesOfProduct(productId);
      return rows.map(({ line, order }) => presentProductOrder(order, line));
    },

    /** The payments area asks and reports here; `paid` runs inside its transaction. */
    outcomes: {
      async assertPayable(orderId: number, by: StateActor): Promise<void> {
        const row = await anyOrder(orderId);
        const allowed = checkOrderMove(row.status, 'paid', by);
        if (!allowed.allowed) throw conflict(allowed.reason);
      },

      async paid(orderId: number, note: string, by: StateActor): Promise<boolean> {
        const row = await anyOrder(orderId);
        const allowed = checkOrderMove(row.status, 'paid', by);
        if (allowed.allowed) {
          await move(row, 'paid', note);
          return true;
        }
        if (by !== 'provider') throw conflict(allowed.reason);
        // The provider took the money after the order stopped waiting for it (cancelled
        // meanwhile): the payment is kept, the order stays as it is, and staff see why.
        logger.error(
          { orderId, status: row.status },
          'a payment was captured for an order that cannot be paid',
        );
        await repository.insertEvent({
          orderId,
          status: row.status,
          note: `${note}, but the order is ${ORDER_STATUS_TEXT[row.status]}: our staff will refund the payment`,
          at: clock.now(),
        });
        return false;
      },

      /** After the payment's transaction committed. */
      async afterPaid(orderId: number): Promise<void> {
        const row = await repository.findOrder({ type: 'all' }, orderId);
        if (row) await sendEmail(row, 'paid');
      },

      async paymentNote(orderId: number, note: string): Promise<void> {
        const row = await anyOrder(orderId);
        await repository.insertEvent({ orderId, status: row.status, note, at: clock.now() });
      },
    },
  };

  function formatTotal(row: OrderRow): string {
    return `${(row.totalMinor / 100).toFixed(2)} ${row.currencyCode}`;
  }
}

export type OrdersService = ReturnType<typeof createOrdersService>;
