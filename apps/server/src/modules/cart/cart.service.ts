import {
  ALREADY_IN_CART_MESSAGE,
  type CartAnswer,
  type CartBoardPrice,
  type CartCurrency,
  type CartLine,
  type CartProduct,
  type Currency,
  type Money,
  type RejectedLine,
} from '@circuits/contracts';
import {
  CART_INVALID_BOARD_SETTINGS_MESSAGE,
  CURRENCIES,
  type CurrencyCode,
  currenciesFirst,
  panelizationText,
} from '@circuits/domain';
import type { Clock } from '../../clock.ts';
import { forbidden, invalidField, notFound, validationFailed } from '../../http/errors.ts';
import type { Actor } from '../auth/actor.ts';
import type { BoardService } from '../board/board.service.ts';
import type { PricingService, ProductPrice } from '../pricing/pricing.service.ts';
import type { CartProductInfo, ProductsService } from '../products/products.service.ts';
import type { CartRepository } from './cart.repository.ts';

/** A line asked for: a board, how many and in which material. */
type Wanted = {
  productId: number;
  amount: number;
  material: string | null;
  /** A price book lead time id; null: the book's first. */
  leadTime: string | null;
};

/** What a line is priced as when the caller may not see its board (or it was deleted). */
export const UNAVAILABLE_BOARD_MESSAGE = 'This board is not available';

/**
 * The carts (SPEC §4, §5, §7): the new cart kept on the server per user, and prices for carts kept
 * in the browser. Every price comes from the pricing area; boards are seen through the products
 * area, so a member prices only the boards of their company (staff: of every company).
 */
export function createCartService(deps: {
  repository: CartRepository;
  products: ProductsService;
  board: BoardService;
  pricing: PricingService;
  clock: Clock;
}) {
  const { repository, products, board, pricing, clock } = deps;

  /**
   * The company whose currency and tax apply: the one the boards belong to when they all belong
   * to one (staff pricing a customer's boards), the caller's own otherwise.
   */
  function customerCompanyId(actor: Actor, infos: readonly CartProductInfo[]): number {
    const companies = new Set(infos.map((info) => info.companyId));
    return companies.size === 1 ? [...companies][0]! : actor.companyId;
  }

  async function priceWanted(actor: Actor, wanted: readonly Wanted[]) {
    const ids = [...new Set(wanted.map((line) => line.productId))];
    const [infos, book] = await Promise.all([
      products.cartProducts(actor, ids),
      pricing.currentBook(),
    ]);
    const byId = new Map(infos.map((info) => [info.id, info]));
    const visible = wanted.filter((line) => byId.has(line.productId));
    const [prices, customer] = await Promise.all([
      pricing.priceProducts(
        visible.map((line) => ({
          productId: line.productId,
          quantity: line.amount,
          material: line.material,
          leadTime: line.leadTime,
        })),
        { book },
      ),
      pricing.customerPricing(customerCompanyId(actor, infos)),
    ]);
    const priceOf = new Map(prices.map((price) => [price.productId, price]));
    const rejected: RejectedLine[] = [];
    for (const line of wanted) {
      const price = priceOf.get(line.productId);
      if (!price) rejected.push({ product_id: line.productId, message: UNAVAILABLE_BOARD_MESSAGE });
      else if (price.type === 'rejected') {
        rejected.push({ product_id: line.productId, message: price.message });
      }
    }
    const currencyOrder = currenciesFirst(customer.currency);
    const currencies: CartCurrency[] = currencyOrder.map((code) => ({
      id: CURRENCIES.find((currency) => currency.code === code)!.id,
      name: code,
      rate: book.book.rates[code],
    }));
    const customerCurrency: Currency = { id: customer.currencyId, name: customer.currency };
    const totals = pricing.totals(prices, customer.taxPercent);
    return {
      byId,
      priceOf,
      rejected,
      customer,
      context: {
        currencies,
        customer_currency: customerCurrency,
        totals: { ...totals, tax_percent: customer.taxPercent },
        book_version: book.version,
        lead_times: book.book.leadTimes.map((leadTime) => ({ ...leadTime })),
      },
    };
  }

  async function view(actor: Actor): Promise<CartAnswer> {
    const rows = await repository.list(actor.userId);
    const wanted = rows.map((row) => ({
      productId: row.productId,
      amount: row.amount,
      material: row.material,
      leadTime: row.leadTime,
    }));
    const priced = await priceWanted(actor, wanted);
    const cart: CartLine[] = [];
    for (const line of wanted) {
      const info = priced.byId.get(line.productId);
      // A board the caller can no longer see (moved to another company) leaves the cart silently.
      if (!info) continue;
      const price = priced.priceOf.get(line.productId)!;
      cart.push(cartLine(line, info, price, priced.context.lead_times[0]?.id ?? 'standard'));
    }
    return { cart, ...priced.context };
  }

  function cartLine(
    line: Wanted,
    info: CartProductInfo,
    price: ProductPrice,
    firstLeadTime: string,
  ): CartLine {
    return {
      product_id: line.productId,
      title: info.name,
      pn: info.partNumber,
      img: info.imgLink,
      amount: line.amount,
      material: line.material ?? price.boardMaterial,
      panelization: price.panelization,
      materials: [...price.materials],
      lead_time:
        price.type === 'priced' ? price.quote.lead_time.id : (line.leadTime ?? firstLeadTime),
      line_price: price.type === 'priced' ? price.quote.total : null,
      per_one: price.type === 'priced' ? price.quote.per_one : null,
      quote: price.type === 'priced' ? price.quote : null,
      error: price.type === 'rejected' ? price.message : null,
    };
  }

  /** The product for a change to the cart: visible (404) and orderable by the caller (403). */
  async function orderableProduct(actor: Actor, productId: number): Promise<CartProductInfo> {
    const [info] = await products.cartProducts(actor, [productId]);
    if (!info) throw notFound('product');
    if (!info.canOrder) {
      throw forbidden(
        info.companyId === actor.companyId
          ? 'Only company editors can order boards'
          : 'Moderators can view other companies but cannot order for them',
      );
    }
    return info;
  }

  async function assertMaterialOffered(productId: number, material: string | null | undefined) {
    if (!material) return;
    const input = (await board.pricingInputsOf([productId])).get(productId)!;
    if (!input.materials.includes(material)) {
      throw invalidField(
        'material',
        `Choose one of the offered materials: ${input.materials.join(', ')}`,
      );
    }
  }

  /** A build time the book in force offers; 422 naming them otherwise. */
  async function assertLeadTimeOffered(leadTime: string | null | undefined) {
    if (!leadTime) return;
    const { book } = await pricing.currentBook();
    if (!book.leadTimes.some((offered) => offered.id === leadTime)) {
      throw invalidField(
        'lead_time',
        `Choose one of the build times: ${book.leadTimes.map((offered) => offered.id).join(', ')}`,
      );
    }
  }

  return {
    view,

    /**
     * After an administrator renamed a base material (`to`) or stopped offering it (null): cart
     * lines that ordered it follow, the latter back to the board's own material.
     */
    linesFollowMaterial(from: string, to: string | null): Promise<number> {
      return repository.replaceMaterial(from, to, clock.now());
    },

    /**
     * SPEC §4/§5: a board goes in only with valid settings; one already in the cart is left as it
     * is and the answer warns.
     */
    async add(
      actor: Actor,
      input: {
        product_id: number;
        amount: number;
        material?: string | null | undefined;
        lead_time?: string | null | undefined;
      },
    ): Promise<CartAnswer & { warning: string | null }> {
      await orderableProduct(actor, input.product_id);
      const board = (await deps.board.pricingInputsOf([input.product_id])).get(input.product_id)!;
      if (!board.valid) throw validationFailed({ product_id: CART_INVALID_BOARD_SETTINGS_MESSAGE });
      await assertMaterialOffered(input.product_id, input.material);
      await assertLeadTimeOffered(input.lead_time);
      const added = await repository.insert(
        {
          userId: actor.userId,
          productId: input.product_id,
          amount: input.amount,
          material: input.material || null,
          leadTime: input.lead_time || null,
        },
        clock.now(),
      );
      return { ...(await view(actor)), warning: added ? null : ALREADY_IN_CART_MESSAGE };
    },

    /** Amount 0 takes the line out (SPEC §4). */
    async update(
      actor: Actor,
      productId: number,
      input: {
        amount?: number | undefined;
        material?: string | null | undefined;
        lead_time?: string | null | undefined;
      },
    ): Promise<CartAnswer> {
      if (input.amount === 0) {
        await repository.delete(actor.userId, productId);
        return view(actor);
      }
      await assertMaterialOffered(productId, input.material);
      await assertLeadTimeOffered(input.lead_time);
      const changes: { amount?: number; material?: string | null; leadTime?: string | null } = {};
      if (input.amount !== undefined) changes.amount = input.amount;
      if (input.material !== undefined) changes.material = input.material || null;
      if (input.lead_time !== undefined) changes.leadTime = input.lead_time || null;
      if (!(await repository.update(actor.userId, productId, changes, clock.now()))) {
        throw notFound('cart line');
      }
      return view(actor);
    },

    async remove(actor: Actor, productId: number): Promise<CartAnswer> {
      if (!(await repository.delete(actor.userId, productId))) throw notFound('cart line');
      return view(actor);
    },

    /** The boards of an order just placed leave the cart of the user who ordered them. */
    removeOrdered(userId: number, productIds: readonly number[]): Promise<void> {
      return repository.deleteProducts(userId, productIds);
    },

    async clear(actor: Actor): Promise<CartAnswer> {
      await repository.clear(actor.userId);
      return view(actor);
    },

    /** POST /api/v2/cart/price: the boards sent (fromState) or the cart kept on the server. */
    async priceBoards(
      actor: Actor,
      input: {
        boards: {
          id: number;
          material?: string | null | undefined;
          amount: number;
          lead_time?: string | null | undefined;
        }[];
        fromState: boolean;
      },
    ) {
      const wanted: Wanted[] = input.fromState
        ? input.boards.map((line) => ({
            productId: line.id,
            amount: line.amount,
            material: line.material || null,
            leadTime: line.lead_time || null,
          }))
        : (await repository.list(actor.userId)).map((row) => ({
            productId: row.productId,
            amount: row.amount,
            material: row.material,
            leadTime: row.leadTime,
          }));
      const priced = await priceWanted(actor, wanted);
      const prices: CartBoardPrice[] = [];
      for (const line of wanted) {
        const price = priced.priceOf.get(line.productId);
        if (price?.type !== 'priced') continue;
        prices.push({
          id: line.productId,
          amount: line.amount,
          material: line.material ?? price.boardMaterial,
          line_price: price.quote.total,
          per_one: price.quote.per_one,
          quote: price.quote,
        });
      }
      return { prices, rejected: priced.rejected, ...priced.context };
    },

    /** POST /api/documents/cartPrice: the old cart, in the company's currency and the others. */
    async oldCartPrice(
      actor: Actor,
      input: { products_list: { product_id: number; amount: number }[] },
    ) {
      const wanted = input.products_list.map((line) => ({
        productId: line.product_id,
        amount: line.amount,
        material: null,
        leadTime: null,
      }));
      const priced = await priceWanted(actor, wanted);
      const [first, ...others] = currenciesFirst(priced.customer.currency);
      const money = (amounts: Record<CurrencyCode, number>, code: CurrencyCode): Money => ({
        currency: code,
        minor: amounts[code],
      });
      const prices = [];
      for (const line of wanted) {
        const price = priced.priceOf.get(line.productId);
        if (price?.type !== 'priced') continue;
        prices.push({
          product_id: line.productId,
          amount: line.amount,
          line_price: money(price.quote.total, first!),
          per_one: money(price.quote.per_one, first!),
          other_currency: others.map((code) => money(price.quote.total, code)),
          lines: price.quote.lines,
          book_version: price.bookVersion,
        });
      }
      return {
        prices,
        rejected: priced.rejected,
        customer_currency: priced.context.customer_currency,
      };
    },

    /** POST /api/products/cartData: what lines of a cart kept in the browser show. */
    async cartData(actor: Actor, ids: readonly number[]) {
      const unique = [...new Set(ids)];
      const infos = await products.cartProducts(actor, unique);
      const inputs = await board.pricingInputsOf(infos.map((info) => info.id));
      const byId = new Map(infos.map((info) => [info.id, info]));
      const found: CartProduct[] = [];
      const missing: number[] = [];
      for (const id of unique) {
        const info = byId.get(id);
        const input = inputs.get(id);
        if (!info || !input) {
          missing.push(id);
          continue;
        }
        found.push({
          id,
          title: info.name,
          pn: info.partNumber,
          img: info.imgLink,
          material: input.settings.boardMaterial,
          materials: [...input.materials],
          panelization: panelizationText(input.settings),
          settings_valid: input.valid,
        });
      }
      return { products: found, missing };
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
