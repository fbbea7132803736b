import type {
  Address,
  CreateOrderInput,
  CreatePreorderInput,
  PaymentMethods,
} from '@circuits/contracts';
import {
  type BoardFacts,
  CURRENCIES,
  type CurrencyCode,
  taxBasisOf,
  taxOf,
} from '@circuits/domain';
import type { z } from 'zod';
import {
  AppError,
  forbidden,
  invalidField,
  notFound,
  validationFailed,
} from '../../http/errors.ts';
import type { Actor } from '../auth/actor.ts';
import { canReadCompany } from '../auth/authorization.ts';
import type { CompaniesService } from '../companies/companies.service.ts';
import type { ShippingService } from '../shipping/shipping.service.ts';
import type { UsersService } from '../users/users.service.ts';
import type { OrderPricing } from './order-pricing.ts';
import type { AddressSnapshot, OrderKind, OrderSnapshot } from './orders.tables.ts';

// An order request checked and priced: who may order for the company, the address, carrier,
// account, currency and payment method it names, each board orderable and priced on the
// server. What the order is made of comes out; nothing is written.

type OrderData = z.output<typeof CreateOrderInput>;
type PreorderData = z.output<typeof CreatePreorderInput>;
export type DocumentData = PreorderData & { payment_method?: OrderData['payment_method'] };

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

export type OrderRequests = ReturnType<typeof createOrderRequests>;

/** The declared settings are recorded with what the server measured, both priced from. */
function measuredOf(analysis: OrderableProduct['analysis']): BoardFacts | null {
  if (!analysis) return null;
  return {
    widthMm: analysis.widthMm,
    lengthMm: analysis.lengthMm,
    copperLayers: analysis.copperLayers,
  };
}

export function createOrderRequests(deps: {
  products: OrderProducts;
  companies: CompaniesService;
  shipping: ShippingService;
  users: UsersService;
  pricing: () => OrderPricing;
  paymentMethods: () => PaymentMethods;
}) {
  const { products, companies, shipping, users } = deps;

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

  async function validated(actor: Actor, kind: OrderKind, input: DocumentData) {
    // Who may order is checked first: another company's id answers 404 whether it exists or not.
    assertMayOrder(actor, input.company_id);
    assertPaymentOffered(kind, input);
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
      leadTime: string | null;
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
        boards.push({
          product,
          amount: line.amount,
          material: line.material ?? null,
          leadTime: line.lead_time ?? null,
          index,
        });
      }
    }
    if (Object.keys(problems).length > 0) throw validationFailed(problems);

    const priced = await deps.pricing().priceBoards(
      boards.map((board) => ({
        productId: board.product.id,
        quantity: board.amount,
        material: board.material,
        leadTime: board.leadTime,
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
        leadTime: result.leadTime,
        settings: board.product.settings,
        measured: measuredOf(board.product.analysis),
        filesHash: board.product.filesHash!,
        prices: result.lines
          // The rounding of the unit price, where it rounded nothing in this currency, is no line.
          .filter((entry) => entry.rule !== 'rounding' || entry.amount[code] !== 0)
          .map((entry) => ({
            rule: entry.rule,
            reason: entry.reason,
            amountMinor: entry.amount[code],
          })),
        // The engine rounds the unit price first and makes the total from it: unit × amount.
        unitPriceMinor: result.perUnit[code],
        lineTotalMinor: total,
      };
    });
    if (Object.keys(problems).length > 0) throw validationFailed(problems);
    const priceLines = lines.filter((line) => line !== undefined);
    const subtotal = priceLines.reduce((sum, line) => sum + line.lineTotalMinor, 0);
    const taxMinor = taxOf(subtotal, company.tax);
    const taxBasis = taxBasisOf(companyAddress?.country_code ?? null, company.tax);
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
      taxBasis,
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

  /** An order's payment method must be offered here (a pre-order is not paid). */
  function assertPaymentOffered(kind: OrderKind, input: DocumentData): void {
    if (kind !== 'order') return;
    const methods = deps.paymentMethods();
    const method = input.payment_method === 'bank_transfer' ? 'bank_transfer' : 'online';
    const offered = methods[method];
    if (!offered.available) {
      throw invalidField('payment_method', offered.message ?? 'This payment method is not offered');
    }
  }

  return { assertMayOrder, assertPaymentOffered, validated };
}
