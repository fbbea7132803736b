import { createHash } from 'node:crypto';
import type {
  Address,
  CreateOrderInput,
  CreatePreorderInput,
  DocumentType,
  Order,
  OrderSummary,
  ProductOrder,
} from '@circuits/contracts';
import { type BoardFacts, CURRENCIES, type CurrencyCode, taxOf } from '@circuits/domain';
import type { z } from 'zod';
import type { Clock } from '../../clock.ts';
import type { Transactor } from '../../db/database.ts';
import {
  AppError,
  conflict,
  forbidden,
  invalidField,
  notFound,
  validationFailed,
} from '../../http/errors.ts';
import type { Logger } from '../../logger.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { Actor } from '../auth/actor.ts';
import { assertAdmin, canReadCompany, companyScope } from '../auth/authorization.ts';
import type { CompaniesService } from '../companies/companies.service.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import type { ShippingService } from '../shipping/shipping.service.ts';
import type { UsersService } from '../users/users.service.ts';
import { documentFileName, documentsOf, orderPdf } from './order-documents.ts';
import { orderEmail } from './order-emails.ts';
import type { OrderPricing } from './order-pricing.ts';
import { presentOrder, presentOrderSummary, presentProductOrder } from './orders.presenter.ts';
import type { OrderRow, OrdersRepository } from './orders.repository.ts';
import type { AddressSnapshot, OrderKind, OrderSnapshot, OrderStatus } from './orders.tables.ts';

type OrderData = z.output<typeof CreateOrderInput>;
type PreorderData = z.output<typeof CreatePreorderInput>;
type DocumentData = PreorderData & { payment_method?: OrderData['payment_method'] };

/** What an order needs of a product (the products area answers it for the actor). */
export type OrderableProduct = {
  id: number;
  companyId: number;
  name: string;
  partNumber: string | null;
  settings: import('@circuits/domain').BoardSettings;
  settingsError: string | null;
  analysis: { widthMm: number | null; lengthMm: number | null; copperLayers: number | null } | null;
  filesHash: string | null;
};

export type OrderProducts = {
  orderable(actor: Actor, productId: number): Promise<OrderableProduct>;
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

function snapshotOf(address: Address): AddressSnapshot {
  return {
    contactName: address.contact_name,
    line1: address.line1,
    line2: address.line2,
    city: address.city,
    region: address.region,
    postalCode: address.postal_code,
    countryCode: address.country_code,
    phone: address.phone,
  };
}

/** The declared settings are recorded with what the server measured, both priced from. */
function measuredOf(analysis: OrderableProduct['analysis']): BoardFacts | null {
  if (!analysis) return null;
  return {
    widthMm: analysis.widthMm,
    lengthMm: analysis.lengthMm,
    copperLayers: analysis.copperLayers,
  };
}

function today(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/**
 * Orders and pre-orders (SPEC §7 POST /api/documents, /api/documents/preorder): priced on the
 * server from the boards' saved settings and files, with everything they were made with frozen
 * into them (prices and the price book version, rates, settings, files hash, names and
 * addresses). An order is made once per idempotency key, in one transaction with its lines, its
 * first status and its payment record; the provider's payment is made after, idempotently.
 */
export function createOrdersService(deps: {
  repository: OrdersRepository;
  products: OrderProducts;
  companies: CompaniesService;
  shipping: ShippingService;
  users: UsersService;
  payments: PaymentsService;
  pricing: () => OrderPricing;
  mailer: Mailer;
  transactor: Transactor;
  clock: Clock;
  logger: Logger;
  appUrl: string;
  bankDetails: string;
}) {
  const { repository, products, companies, shipping, users, payments, mailer } = deps;
  const { transactor, clock, logger, appUrl } = deps;

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

  async function sendEmail(row: OrderRow, event: 'placed' | 'paid'): Promise<void> {
    try {
      const order = await fullOrder(row);
      const attachments = await Promise.all(
        order.documents.map(async (document) => ({
          filename: document.file_name,
          content: await orderPdf(
            row,
            await repository.listLines(row.id),
            document.type,
            deps.bankDetails,
          ),
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

  /** Checks who may order for the company: its editors, and admins. */
  function assertMayOrder(actor: Actor, companyId: number): void {
    if (!canReadCompany(actor, companyId)) throw notFound('company');
    if (actor.role === 'admin') return;
    if (actor.companyId === companyId && actor.companyRole === 'edit') return;
    if (actor.companyId === companyId) {
      throw forbidden('Only company editors can place orders; ask an editor of your company');
    }
    throw forbidden('Moderators can view other companies but cannot order for them');
  }

  async function validated(actor: Actor, input: DocumentData) {
    // Who may order is checked first: another company's id answers 404 whether it exists or not.
    assertMayOrder(actor, input.company_id);
    const company = await companies.getCompany(input.company_id);
    const addresses = await companies.listAddresses(actor, input.company_id);
    const address = addresses.find((entry) => entry.id === input.address_id);
    if (!address) throw invalidField('address_id', "Choose one of the company's addresses");
    if (!address.line1 || !address.city || !address.postal_code) {
      throw invalidField(
        'address_id',
        'The shipping address is incomplete: give it a street, city and postal code in the cabinet',
      );
    }
    const companyAddress = addresses.find((entry) => entry.is_company_address) ?? null;
    const agent = await shipping.findAgent(input.agent_id);
    if (!agent) throw invalidField('agent_id', 'Choose one of the listed shipping agents');
    const service = agent.services.find((entry) => entry.id === input.service_id);
    if (!service) {
      throw invalidField('service_id', `Choose one of the services of ${agent.name}`);
    }
    let accountNumber: string | null = null;
    if (input.shipping_account_id) {
      const account = company.shipping_accounts.find(
        (entry) => entry.id === input.shipping_account_id,
      );
      if (!account) {
        throw invalidField('shipping_account_id', "Choose one of the company's shipping accounts");
      }
      if (account.agent_id !== agent.id) {
        throw invalidField(
          'shipping_account_id',
          `This account is with ${account.agent_name}, not ${agent.name}`,
        );
      }
      accountNumber = account.account_number;
    }
    const currency = CURRENCIES.find((entry) => entry.id === input.currency_id);
    if (!currency) throw invalidField('currency_id', 'Choose one of the offered currencies');

    const numbers = new Set<number>();
    const productIds = new Set<number>();
    const problems: Record<string, string> = {};
    const boards: {
      product: OrderableProduct;
      amount: number;
      material: string | null;
      index: number;
    }[] = [];
    for (const [index, line] of input.lines.entries()) {
      if (numbers.has(line.line_number)) {
        problems[`lines.${index}.line_number`] = `Line number ${line.line_number} is used twice`;
        continue;
      }
      numbers.add(line.line_number);
      if (productIds.has(line.product_id)) {
        problems[`lines.${index}.product_id`] =
          `Product ${line.product_id} is in the order twice: order it on one line`;
        continue;
      }
      productIds.add(line.product_id);
      const product = await products.orderable(actor, line.product_id).catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'not_found') return undefined;
        throw error;
      });
      const field = `lines.${index}.product_id`;
      if (!product) {
        problems[field] = `Product ${line.product_id} not found`;
      } else if (product.companyId !== input.company_id) {
        problems[field] = `${product.name} belongs to another company`;
      } else if (product.settingsError) {
        problems[field] = `${product.name}: ${product.settingsError}`;
      } else if (!product.filesHash) {
        problems[field] = `${product.name} has no board files to make it from`;
      } else {
        boards.push({ product, amount: line.amount, material: line.material ?? null, index });
      }
    }
    if (Object.keys(problems).length > 0) throw validationFailed(problems);

    const priced = await deps.pricing().priceBoards(
      boards.map((board) => ({
        productId: board.product.id,
        quantity: board.amount,
        material: board.material,
      })),
    );
    const code = currency.code as CurrencyCode;
    const lines = boards.map((board, position) => {
      const result = priced.boards[position]!;
      if (result.type === 'unpriceable') {
        problems[`lines.${board.index}.product_id`] = `${board.product.name}: ${result.message}`;
        return undefined;
      }
      const line = input.lines[board.index]!;
      const total = result.total[code];
      return {
        lineNumber: line.line_number,
        productId: board.product.id,
        productName: board.product.name,
        partNumber: board.product.partNumber,
        amount: board.amount,
        material: result.material,
        settings: board.product.settings,
        measured: measuredOf(board.product.analysis),
        filesHash: board.product.filesHash!,
        prices: result.lines.map((entry) => ({
          rule: entry.rule,
          reason: entry.reason,
          amountMinor: entry.amount[code],
        })),
        unitPriceMinor: Math.round(total / board.amount),
        lineTotalMinor: total,
      };
    });
    if (Object.keys(problems).length > 0) throw validationFailed(problems);
    const priceLines = lines.filter((line) => line !== undefined);
    const subtotal = priceLines.reduce((sum, line) => sum + line.lineTotalMinor, 0);
    const taxMinor = taxOf(subtotal, company.tax);
    const user = await users.getEmailRecipient(actor.userId);
    const snapshot: OrderSnapshot = {
      companyName: company.name,
      companyAddress: companyAddress && snapshotOf(companyAddress),
      shippingAddress: snapshotOf(address),
      agentName: agent.name,
      serviceName: service.name,
      shippingAccountNumber: accountNumber,
      userName: user.name,
      userEmail: user.email,
    };
    return {
      company,
      currency: { id: currency.id, code },
      priced,
      lines: priceLines.sort((a, b) => a.lineNumber - b.lineNumber),
      subtotal,
      taxMinor,
      snapshot,
    };
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

    const made = await validated(actor, input);
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
      await repository.insertLines(made.lines.map((line) => ({ ...line, orderId: row.id })));
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

  async function startPayment(row: OrderRow) {
    return payments.start({
      orderId: row.id,
      reference: `CIRCUITS-${row.id}`,
      description: `Circuits order ${row.id}: ${row.name}`.slice(0, 127),
    });
  }

  return {
    async createOrder(actor: Actor, input: OrderData, headerKey: string | undefined) {
      const { row, created } = await place(actor, 'order', input, headerKey);
      if (created) await sendEmail(row, 'placed');
      const payment = row.paymentMethod === 'online' ? await startPayment(row) : null;
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

    async pdf(actor: Actor, type: DocumentType, id: number) {
      const row = await requireOrder(actor, id);
      if (!documentsOf(row).some((entry) => entry.type === type)) throw notFound('document');
      const lines = await repository.listLines(row.id);
      return {
        fileName: documentFileName(row, type),
        content: await orderPdf(row, lines, type, deps.bankDetails),
      };
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
      assertMayOrder(actor, row.companyId);
      return startPayment(row);
    },

    async markPaid(actor: Actor, id: number): Promise<Order> {
      assertAdmin(actor);
      const row = await requireOrder(actor, id);
      await payments.transferReceived(row.id);
      return fullOrder((await repository.findOrder({ type: 'all' }, id))!);
    },

    /**
     * Staff set the status of any order (callers have checked the actor is an administrator);
     * the note joins the order's timeline, which the customer sees. Answers the status before.
     */
    async changeStatus(
      id: number,
      status: OrderStatus,
      note: string,
    ): Promise<{ before: OrderStatus; order: Order }> {
      const before = await transactor.transaction(async () => {
        const row = await repository.findOrder({ type: 'all' }, id);
        if (!row) throw notFound('order');
        const now = clock.now();
        await repository.setStatus(id, status, now);
        await repository.insertEvent({ orderId: id, status, note, at: now });
        return row.status;
      });
      return { before, order: await fullOrder((await repository.findOrder({ type: 'all' }, id))!) };
    },

    async ordersOfProduct(productId: number): Promise<ProductOrder[]> {
      const rows = await repository.linesOfProduct(productId);
      return rows.map(({ line, order }) => presentProductOrder(order, line));
    },

    /** The payments area reports outcomes here, inside its transaction. */
    outcomes: {
      async paid(orderId: number, note: string): Promise<void> {
        const now = clock.now();
        await repository.setStatus(orderId, 'paid', now);
        await repository.insertEvent({ orderId, status: 'paid', note, at: now });
      },
      /** After the payment's transaction committed. */
      async afterPaid(orderId: number): Promise<void> {
        const row = await repository.findOrder({ type: 'all' }, orderId);
        if (row) await sendEmail(row, 'paid');
      },
      async paymentNote(orderId: number, note: string): Promise<void> {
        const row = (await repository.findOrder({ type: 'all' }, orderId))!;
        await repository.insertEvent({ orderId, status: row.status, note, at: clock.now() });
      },
    },
  };

  function formatTotal(row: OrderRow): string {
    return `${(row.totalMinor / 100).toFixed(2)} ${row.currencyCode}`;
  }
}

export type OrdersService = ReturnType<typeof createOrdersService>;
