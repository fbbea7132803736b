import { z } from 'zod';
import { Currency } from './company.contract.ts';
import { defineEndpoint, jsonBody } from './endpoint.ts';
import { Id, idField, idParam, requiredMessage } from './fields.ts';
import { Amounts, BoardQuote, CurrencyCode, PriceLine } from './pricing.contract.ts';

// SPEC §7 "Cart and orders": the old cart priced in one call (POST /api/documents/cartPrice), the
// new cart kept on the server per user (/api/cart), prices for a cart kept in the browser
// (POST /api/v2/cart/price) and what its lines show (POST /api/products/cartData). Money is
// integer minor units (cents); every price is computed on the server from the price book.

const tag = 'Cart';

/** The most lines one request may price. */
export const MAX_CART_LINES = 200;

const amountField = z
  .int({ error: requiredMessage('amount', 'a whole number') })
  .min(1, 'amount should be at least 1')
  .max(1_000_000, 'amount should be at most 1000000');

const materialField = z
  .string({ error: 'material must be text' })
  .trim()
  .max(100, 'material is too long')
  .nullish()
  .meta({
    description: "A base material the board settings offer; absent or null: the board's own",
  });

const leadTimeField = z
  .string({ error: 'lead_time must be text' })
  .trim()
  .max(40, 'lead_time is too long')
  .nullish()
  .meta({
    description:
      "A build time of the price book (standard, faster, economy); absent or null: the book's first",
  });

/** A build time the price book offers: working days and a surcharge or discount on the boards. */
export const LeadTimeOption = z
  .object({
    id: z.string(),
    label: z.string(),
    workingDays: z.int().positive(),
    percent: z.number().meta({ description: 'On the board price; below 0 a discount' }),
  })
  .meta({ id: 'LeadTimeOption' });
export type LeadTimeOption = z.infer<typeof LeadTimeOption>;

/** An amount in one currency. */
export const Money = z
  .object({ currency: CurrencyCode, minor: z.int().meta({ description: 'Minor units (cents)' }) })
  .meta({ id: 'Money' });
export type Money = z.infer<typeof Money>;

/** A currency of the cart with its rate from the price book (units per USD). */
export const CartCurrency = z
  .object({ id: Id, name: CurrencyCode, rate: z.number().positive() })
  .meta({ id: 'CartCurrency' });
export type CartCurrency = z.infer<typeof CartCurrency>;

/** A line the server would not price, with the message the customer is shown (SPEC §8). */
export const RejectedLine = z
  .object({ product_id: Id, message: z.string() })
  .meta({ id: 'RejectedLine' });
export type RejectedLine = z.infer<typeof RejectedLine>;

export const CartTotals = z
  .object({
    subtotal: Amounts,
    tax: Amounts.meta({ description: "At the company's tax percent (13 in Canada)" }),
    total: Amounts,
    tax_percent: z.number(),
  })
  .meta({ id: 'CartTotals' });
export type CartTotals = z.infer<typeof CartTotals>;

/** What a cart line shows of its product (SPEC §3 cart line). */
export const CartProduct = z
  .object({
    id: Id,
    title: z.string(),
    pn: z.string().nullable(),
    img: z.string().nullable().meta({ description: 'Signed link to the cover image' }),
    material: z.string().nullable().meta({ description: "The board settings' material" }),
    materials: z.array(z.string()).meta({ description: 'Materials a line may choose' }),
    panelization: z
      .string()
      .nullable()
      .meta({ description: 'e.g. "2 × 3"; null when delivered as single boards' }),
    settings_valid: z.boolean().meta({ description: 'Only boards with valid settings are priced' }),
  })
  .meta({ id: 'CartProduct' });
export type CartProduct = z.infer<typeof CartProduct>;

/** SPEC §3 cart line: product id, title, pn, img, amount, material, panelization, prices. */
export const CartLine = z
  .object({
    product_id: Id,
    title: z.string(),
    pn: z.string().nullable(),
    img: z.string().nullable(),
    amount: z.int().positive(),
    material: z.string().nullable(),
    panelization: z.string().nullable(),
    materials: z.array(z.string()),
    lead_time: z
      .string()
      .meta({ description: 'The build time chosen (a price book lead time id)' }),
    line_price: Amounts.nullable().meta({ description: 'Per currency; null when not priced' }),
    per_one: Amounts.nullable(),
    quote: BoardQuote.nullable(),
    error: z.string().nullable().meta({ description: 'Why the line is not priced' }),
  })
  .meta({ id: 'CartLine' });
export type CartLine = z.infer<typeof CartLine>;

const pricingContext = {
  currencies: z.array(CartCurrency),
  customer_currency: Currency.meta({ description: "The company's currency, shown first" }),
  totals: CartTotals,
  book_version: z.int().positive(),
  lead_times: z.array(LeadTimeOption).meta({ description: 'The build times a line may choose' }),
};

/** The new cart as kept on the server. */
export const CartAnswer = z
  .object({ cart: z.array(CartLine), ...pricingContext })
  .meta({ id: 'Cart' });
export type CartAnswer = z.infer<typeof CartAnswer>;

// ---- Old cart --------------------------------------------------------------------------------

export const cartPrice = defineEndpoint({
  method: 'POST',
  path: '/api/documents/cartPrice',
  readOnly: true,
  summary:
    "Prices of the old cart: each line in the company's currency (line_price) and the other two (other_currency)",
  tag,
  access: 'confirmed',
  body: jsonBody(
    z.object({
      products_list: z
        .array(z.object({ product_id: idField('product_id'), amount: amountField }), {
          error: 'products_list must be a list of {product_id, amount}',
        })
        .max(MAX_CART_LINES, `products_list may hold at most ${MAX_CART_LINES} lines`),
    }),
  ),
  status: 200,
  response: z.object({
    prices: z.array(
      z.object({
        product_id: Id,
        amount: z.int().positive(),
        line_price: Money,
        per_one: Money,
        other_currency: z.array(Money).meta({ description: 'The line price in the other two' }),
        lines: z.array(PriceLine),
        book_version: z.int().positive(),
      }),
    ),
    rejected: z.array(RejectedLine),
    customer_currency: Currency,
  }),
});

// ---- New cart (kept on the server per user) --------------------------------------------------

export const getCart = defineEndpoint({
  method: 'GET',
  path: '/api/cart',
  summary: "The caller's cart with its prices",
  tag,
  access: 'confirmed',
  status: 200,
  response: CartAnswer,
});

export const ALREADY_IN_CART_MESSAGE = 'This board is already in the cart';

export const addToCart = defineEndpoint({
  method: 'POST',
  path: '/api/cart',
  summary:
    'Put a board in the cart; it needs valid board settings. A board already there is left as it is, with a warning',
  tag,
  access: 'confirmed',
  body: jsonBody(
    z.object({
      product_id: idField('product_id'),
      amount: amountField,
      material: materialField,
      lead_time: leadTimeField,
    }),
  ),
  status: 200,
  response: CartAnswer.extend({
    warning: z
      .string()
      .nullable()
      .meta({ description: `"${ALREADY_IN_CART_MESSAGE}"` }),
  }),
});

export const updateCartLine = defineEndpoint({
  method: 'PATCH',
  path: '/api/cart/{productId}',
  summary: 'Change the amount, material or build time of a cart line; amount 0 removes the line',
  tag,
  access: 'confirmed',
  params: z.object({ productId: idParam }),
  body: jsonBody(
    z
      .object({
        amount: z
          .int({ error: 'amount must be a whole number' })
          .min(0, 'amount should be at least 0')
          .max(1_000_000, 'amount should be at most 1000000')
          .optional(),
        material: materialField,
        lead_time: leadTimeField,
      })
      .refine(
        (body) =>
          body.amount !== undefined || body.material !== undefined || body.lead_time !== undefined,
        {
          message: 'Send amount, material or lead_time',
          path: ['amount'],
        },
      ),
  ),
  status: 200,
  response: CartAnswer,
});

export const clearCart = defineEndpoint({
  method: 'DELETE',
  path: '/api/cart',
  summary: 'Empty the cart',
  tag,
  access: 'confirmed',
  status: 200,
  response: CartAnswer,
});

export const removeFromCart = defineEndpoint({
  method: 'DELETE',
  path: '/api/cart/{productId}',
  summary: 'Take a board out of the cart',
  tag,
  access: 'confirmed',
  params: z.object({ productId: idParam }),
  status: 200,
  response: CartAnswer,
});

// ---- Prices of a cart kept in the browser ------------------------------------------------------

export const CartBoardPrice = z
  .object({
    id: Id,
    amount: z.int().positive(),
    material: z.string().nullable(),
    line_price: Amounts,
    per_one: Amounts,
    quote: BoardQuote,
  })
  .meta({ id: 'CartBoardPrice' });
export type CartBoardPrice = z.infer<typeof CartBoardPrice>;

export const priceCart = defineEndpoint({
  method: 'POST',
  path: '/api/v2/cart/price',
  readOnly: true,
  summary:
    'Prices in USD, CAD and EUR. fromState true: the boards sent (a cart kept in the browser); false or absent: the cart kept on the server (send no boards)',
  tag,
  access: 'confirmed',
  body: jsonBody(
    z
      .object({
        boards: z
          .array(
            z.object({
              id: idField('id'),
              material: materialField,
              amount: amountField,
              lead_time: leadTimeField,
            }),
            {
              error: 'boards must be a list of {id, material, amount}',
            },
          )
          .max(MAX_CART_LINES, `boards may hold at most ${MAX_CART_LINES} lines`)
          .default([]),
        fromState: z.boolean({ error: 'fromState must be true or false' }).default(false),
      })
      .refine((body) => body.fromState || body.boards.length === 0, {
        message: 'Send no boards with fromState false: the cart kept on the server is priced',
        path: ['boards'],
      }),
  ),
  status: 200,
  response: z.object({
    prices: z.array(CartBoardPrice),
    rejected: z.array(RejectedLine),
    ...pricingContext,
  }),
});

export const cartData = defineEndpoint({
  method: 'POST',
  path: '/api/products/cartData',
  readOnly: true,
  summary:
    'What cart lines show of their boards: title, part number, image, materials, panelization',
  tag,
  access: 'confirmed',
  body: jsonBody(
    z.object({
      products: z
        .array(idField('products'), { error: 'products must be a list of product ids' })
        .max(MAX_CART_LINES, `products may name at most ${MAX_CART_LINES} boards`),
    }),
  ),
  status: 200,
  response: z.object({
    products: z.array(CartProduct),
    missing: z.array(Id).meta({ description: 'Ids that are not boards the caller may see' }),
  }),
});
