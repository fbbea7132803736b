import { CURRENCY_CODES, type PriceBook as DomainPriceBook } from '@circuits/domain';
import { z } from 'zod';
import { defineEndpoint, jsonBody } from './endpoint.ts';
import { optionalText } from './fields.ts';

// Prices: the versioned price book the pricing engine reads (domain `PriceBook`), and the priced
// lines every price answer carries. Money is integer minor units (cents) per currency.

const tag = 'Pricing';

export const CurrencyCode = z.enum(['CAD', 'USD', 'EUR']);
export type CurrencyCode = z.infer<typeof CurrencyCode>;

/** One amount in each of the three cart currencies, in minor units (cents). */
export const Amounts = z.object({ CAD: z.number(), USD: z.number(), EUR: z.number() }).meta({
  id: 'Amounts',
  description: 'Minor units (cents) in each currency, e.g. {"USD": 600, "CAD": 828, "EUR": 552}',
});
export type Amounts = z.infer<typeof Amounts>;

export const PriceLine = z
  .object({
    rule: z.string().meta({ description: 'The rule of the price book that made the line' }),
    reason: z.string().meta({ description: 'What the customer reads, e.g. "ENIG finish"' }),
    quantity: z.int().meta({ description: '1 for a fee per order line; else the amount ordered' }),
    unit: Amounts,
    amount: Amounts,
  })
  .meta({ id: 'PriceLine' });
export type PriceLine = z.infer<typeof PriceLine>;

/** A priced board: the engine's quote with the book version it used. */
export const BoardQuote = z
  .object({
    book_version: z.int().positive(),
    quantity: z.int().positive(),
    unit_name: z.enum(['board', 'panel']),
    boards_per_unit: z.int().positive(),
    layers: z.number(),
    material: z.string(),
    lead_time: z.object({ id: z.string(), label: z.string(), workingDays: z.number() }),
    lines: z.array(PriceLine),
    total: Amounts,
    per_one: Amounts.meta({ description: 'total / quantity, rounded to the cent' }),
    rates: Amounts.meta({ description: 'Units of each currency per USD, locked into the quote' }),
  })
  .meta({ id: 'BoardQuote' });
export type BoardQuote = z.infer<typeof BoardQuote>;

// Every number of a book is bounded by what a price book can sensibly hold, so no version can
// price a board at an infinite or overflowing amount.
const cents = z.number().finite().nonnegative().max(1_000_000_000);
const percent = z.number().finite().min(0).max(1000);
const Surcharge = z.object({ fixed: cents, percent });
const ounces = z.number().positive().max(20);
const millimetres = z.number().positive().max(100);
const copperBands = z.array(z.object({ upToOz: ounces, percent })).max(20);

/** The price book as stored (domain `PriceBook`); a new version must satisfy it whole. */
export const PriceBookData = z
  .object({
    baseCurrency: z.literal('USD'),
    rates: z.object({
      USD: z
        .number()
        .min(1, 'The USD rate must be 1: the book is in USD')
        .max(1, 'The USD rate must be 1: the book is in USD'),
      CAD: z.number().positive().max(1_000_000),
      EUR: z.number().positive().max(1_000_000),
    }),
    layerBands: z
      .array(z.object({ maxLayers: z.int().positive().max(1000), setupFee: cents, perCm2: cents }))
      .min(1)
      .max(50),
    quantityBreaks: z
      .array(
        z.object({
          fromM2: z.number().positive().max(1_000_000),
          discountPercent: percent.max(100),
        }),
      )
      .max(50),
    materials: z.record(z.string(), Surcharge),
    standardThicknessesMm: z.array(millimetres).max(50),
    otherThickness: Surcharge,
    finishings: z.record(z.string(), Surcharge),
    maskColors: z.record(z.string(), Surcharge),
    silkColors: z.record(z.string(), Surcharge),
    standardOuterCopperOz: ounces,
    outerCopper: copperBands,
    standardInnerCopperOz: ounces,
    innerCopper: copperBands,
    viaProcesses: z.record(z.string(), Surcharge),
    panelFee: cents,
    panelCuttings: z.record(z.string(), Surcharge),
    xOutDiscountPercent: percent.max(100),
    standardMinHoleMm: millimetres,
    holeBands: z.array(z.object({ belowMm: millimetres, percent })).max(20),
    minHoleMm: millimetres,
    leadTimes: z
      .array(
        z.object({
          id: z.string().min(1).max(40),
          label: z.string().min(1).max(100),
          workingDays: z.int().positive().max(365),
          // A faster build costs more, an economy build less (at most 90 % off).
          percent: z.number().finite().min(-90).max(1000),
        }),
      )
      .min(1)
      .max(20),
  })
  .meta({ id: 'PriceBookData' }) satisfies z.ZodType<DomainPriceBook>;

export const PriceBookVersion = z
  .object({
    version: z.int().positive(),
    note: z.string().nullable(),
    created_at: z.iso.datetime(),
    book: PriceBookData,
  })
  .meta({ id: 'PriceBookVersion' });
export type PriceBookVersion = z.infer<typeof PriceBookVersion>;

export const getPriceBook = defineEndpoint({
  method: 'GET',
  path: '/api/priceBook',
  summary: 'The price book in force: the numbers every price is made of, and its version',
  tag,
  access: 'confirmed',
  status: 200,
  response: z.object({ priceBook: PriceBookVersion }),
});

export const addPriceBookVersion = defineEndpoint({
  method: 'POST',
  path: '/api/priceBook',
  summary:
    'Administrators: put a new version of the price book in force (older quotes keep theirs)',
  tag,
  access: 'confirmed',
  body: jsonBody(
    z.object({
      book: PriceBookData,
      note: optionalText('Note', 500),
    }),
  ),
  status: 201,
  response: z.object({ priceBook: PriceBookVersion }),
});

/** The order of the codes in `Amounts`, as the domain lists them. */
export const AMOUNT_CURRENCIES = CURRENCY_CODES;
