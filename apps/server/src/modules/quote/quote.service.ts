import type { CartCurrency, InstantQuoteRequest } from '@circuits/contracts';
import {
  CURRENCIES,
  checkDeclaredAgainstMeasured,
  currenciesFirst,
  toFieldMessages,
  validateBoardSettings,
} from '@circuits/domain';
import { validationFailed } from '../../http/errors.ts';
import type { Caller } from '../../http/router.ts';
import type { BoardService } from '../board/board.service.ts';
import type { PricingService } from '../pricing/pricing.service.ts';
import type { RateLimitsService } from '../rate-limits/rate-limits.service.ts';

/**
 * The public instant quote: the options a visitor chooses from, and the price of a board that
 * is not a product yet. Settings are checked by the same SPEC §5 rules as the Board tab's; the
 * files stay in the visitor's browser, which sends only what it measured of them.
 */
export function createQuoteService(deps: {
  board: BoardService;
  pricing: PricingService;
  rateLimits: RateLimitsService;
}) {
  const { board, pricing, rateLimits } = deps;
  return {
    options: () => board.optionsAndDefaults(),

    /** Charged per client address before the request body is read. */
    charge: (caller: Caller) =>
      rateLimits.consume({ limit: 'quotesPerAddress', subject: caller.address }),

    async price(input: InstantQuoteRequest) {
      const offered = await board.options();
      const checked = validateBoardSettings(input.settings, offered);
      // The browser's measure is the floor under the declared size, as the server's is for a
      // saved board (whose price uses the server's own measure, whatever was quoted).
      const errors = [
        ...checked.errors,
        ...checkDeclaredAgainstMeasured(input.settings, input.facts).filter(
          (error) => !checked.errors.some((found) => found.field === error.field),
        ),
      ];
      if (errors.length > 0) {
        const fields = toFieldMessages(errors);
        throw validationFailed(
          Object.fromEntries(
            Object.entries(fields).map(([field, text]) => [`settings.${field}`, text]),
          ),
        );
      }
      const result = await pricing.quoteSettings(
        input.settings,
        input.facts,
        input.quantity,
        input.lead_time ?? null,
      );
      if (result.type === 'unpriceable') {
        // An unknown build time is the build time's fault, not the board's.
        throw validationFailed(
          input.lead_time && result.message === `There is no lead time ${input.lead_time}`
            ? { lead_time: result.message }
            : { settings: result.message },
        );
      }
      const currencies: CartCurrency[] = currenciesFirst('USD').map((code) => ({
        id: CURRENCIES.find((currency) => currency.code === code)!.id,
        name: code,
        rate: result.book.book.rates[code],
      }));
      return {
        quote: result.quote,
        currencies,
        lead_times: result.book.book.leadTimes.map((leadTime) => ({ ...leadTime })),
      };
    },
  };
}

export type QuoteService = ReturnType<typeof createQuoteService>;
