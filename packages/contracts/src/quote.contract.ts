import { MAX_BOARD_SIDE } from '@circuits/domain';
import { z } from 'zod';
import { BoardSettings, BoardSettingsInput, BoardSettingsOptions } from './board.contract.ts';
import { CartCurrency, LeadTimeOption } from './cart.contract.ts';
import { defineEndpoint, jsonBody } from './endpoint.ts';
import { requiredMessage } from './fields.ts';
import { BoardQuote } from './pricing.contract.ts';

// The public instant quote (SPEC §2 /instantQuote): anyone prices a board from its settings and
// what the browser measured of its files. No files, no account: the files never leave the
// browser until the customer orders.

const tag = 'Instant quote';

/** The largest board side a quote accepts, in mm (a metre: no fab makes larger). */
export const MAX_QUOTE_SIDE_MM = MAX_BOARD_SIDE.mm;
/** The most copper layers a quote accepts. */
export const MAX_QUOTE_LAYERS = 64;
/** The most boards (or panels) one quote prices. */
export const MAX_QUOTE_QUANTITY = 100_000;

const sideMm = (field: string) =>
  z
    .number({ error: `${field} must be a number of millimetres` })
    .min(0, `${field} should not be negative`)
    .max(MAX_QUOTE_SIDE_MM, `${field} should be at most ${MAX_QUOTE_SIDE_MM} mm`)
    .nullable();

/** What the browser measured of the dropped files (packages/gerber's board analysis). */
export const QuoteBoardFacts = z
  .object({
    widthMm: sideMm('widthMm'),
    lengthMm: sideMm('lengthMm'),
    copperLayers: z
      .int({ error: 'copperLayers must be a whole number' })
      .min(0, 'copperLayers should not be negative')
      .max(MAX_QUOTE_LAYERS, `copperLayers should be at most ${MAX_QUOTE_LAYERS}`)
      .nullable(),
  })
  .meta({ id: 'QuoteBoardFacts' });
export type QuoteBoardFacts = z.infer<typeof QuoteBoardFacts>;

export const InstantQuoteRequest = z
  .object({
    settings: BoardSettingsInput,
    facts: QuoteBoardFacts.nullable().default(null),
    quantity: z
      .int({ error: requiredMessage('quantity', 'a whole number') })
      .min(1, 'quantity should be at least 1')
      .max(MAX_QUOTE_QUANTITY, `quantity should be at most ${MAX_QUOTE_QUANTITY}`),
    lead_time: z
      .string({ error: 'lead_time must be text' })
      .trim()
      .max(40, 'lead_time is too long')
      .nullish()
      .meta({ description: "A build time of the price book; absent or null: the book's first" }),
  })
  .meta({ id: 'InstantQuoteRequest' });
export type InstantQuoteRequest = z.infer<typeof InstantQuoteRequest>;

export const getInstantQuoteOptions = defineEndpoint({
  method: 'GET',
  path: '/api/instantQuote/options',
  summary: 'Anyone: the board settings options in force and the settings of a new board',
  tag,
  access: 'public',
  status: 200,
  response: z.object({ options: BoardSettingsOptions, defaults: BoardSettings }),
});

export const priceInstantQuote = defineEndpoint({
  method: 'POST',
  path: '/api/instantQuote/price',
  readOnly: true,
  summary:
    'Anyone, within LIMIT_QUOTES_PER_ADDRESS: the price of a board from its settings and measured size and layers, line by line in USD, CAD and EUR (422 with field messages when the settings break the SPEC §5 rules)',
  tag,
  access: 'public',
  body: jsonBody(InstantQuoteRequest),
  status: 200,
  response: z.object({
    quote: BoardQuote,
    currencies: z.array(CartCurrency).meta({ description: 'USD first, then CAD and EUR' }),
    lead_times: z.array(LeadTimeOption).meta({ description: 'The build times offered' }),
  }),
});
