import type { BoardQuote, PriceBookVersion } from '@circuits/contracts';
import {
  type Amounts,
  type BoardFacts,
  type BoardSettings,
  CART_INVALID_BOARD_SETTINGS_MESSAGE,
  CURRENCY_CODES,
  type CurrencyCode,
  currencyCodeOf,
  DEFAULT_BOARD_SETTINGS,
  DEFAULT_CURRENCY_ID,
  type PriceBook,
  panelizationText,
  priceBoard,
  type Quote,
  taxOf,
  zeroAmounts,
} from '@circuits/domain';
import type { Clock } from '../../clock.ts';
import { notFound } from '../../http/errors.ts';
import type { Actor } from '../auth/actor.ts';
import { assertAdmin } from '../auth/authorization.ts';
import type { BoardService } from '../board/board.service.ts';
import type { CompaniesService } from '../companies/companies.service.ts';
import { presentPriceBook, presentQuote } from './pricing.presenter.ts';
import type { PriceBookRow, PricingRepository } from './pricing.repository.ts';

type SampleBoard = { label: string; quantity: number; settings: Partial<BoardSettings> };

/** Boards a price book change is checked against: the common ones and the costly options. */
export const SAMPLE_BOARDS: readonly SampleBoard[] = [
  {
    label: '5 boards of 100 × 100 mm, 2 layers, FR4 1.6 mm, HASL',
    quantity: 5,
    settings: { boardWidth: 100, boardLength: 100, numberLayers: 2 },
  },
  {
    label: '100 boards of 50 × 50 mm, 2 layers, HASL',
    quantity: 100,
    settings: { boardWidth: 50, boardLength: 50, numberLayers: 2 },
  },
  {
    label: '10 boards of 80 × 60 mm, 4 layers, ENIG',
    quantity: 10,
    settings: { boardWidth: 80, boardLength: 60, numberLayers: 4, finishing: 'ENIG' },
  },
  {
    label: '1000 boards of 30 × 20 mm, 2 layers, HASL',
    quantity: 1000,
    settings: { boardWidth: 30, boardLength: 20, numberLayers: 2 },
  },
  {
    label: '5 boards of 160 × 100 mm, 6 layers, ENIG, black mask',
    quantity: 5,
    settings: {
      boardWidth: 160,
      boardLength: 100,
      numberLayers: 6,
      finishing: 'ENIG',
      maskColor: 'Black',
    },
  },
];

/** One board to price: `quantity` units (boards, or panels when panelized). */
export type PriceRequest = {
  productId: number;
  quantity: number;
  /** The base material ordered; null or absent: the board settings' material. */
  material?: string | null | undefined;
  /** A lead time id of the book; absent: its first (standard) lead time. */
  leadTime?: string | null | undefined;
};

/** What every price tells of the board it priced. */
export type PricedBoard = {
  productId: number;
  bookVersion: number;
  /** The base materials a line may choose. */
  materials: readonly string[];
  /** The material in the board settings. */
  boardMaterial: string | null;
  /** "2 × 3" when delivered in panels, null for single boards. */
  panelization: string | null;
};

/** A priced board, or why it cannot be priced (the message is for the customer). */
export type ProductPrice =
  | ({
      type: 'priced';
      /** The quote as the API presents it (per_one rounded to the cent). */
      quote: BoardQuote;
      /** The engine's quote, unrounded. */
      engineQuote: Quote;
    } & PricedBoard)
  | ({
      type: 'rejected';
      message: string;
    } & PricedBoard);

/** The currency a company is shown first and the tax it pays (SPEC §9). */
export type CustomerPricing = {
  currencyId: number;
  currency: CurrencyCode;
  taxPercent: number;
};

export type PriceTotals = { subtotal: Amounts; tax: Amounts; total: Amounts };

/**
 * The price book and the prices of boards. Callers (cart, orders) authorise the caller for the
 * products they hand over; this area prices whatever product id it is given.
 */
export function createPricingService(deps: {
  repository: PricingRepository;
  board: BoardService;
  companies: CompaniesService;
  clock: Clock;
}) {
  const { repository, board, companies, clock } = deps;

  async function currentRow(): Promise<PriceBookRow> {
    const row = await repository.findCurrent();
    // The migration seeds version 1; without it nothing can be priced.
    if (!row) throw new Error('The price book is missing: version 1 is seeded by the migrations');
    return row;
  }

  async function bookRow(version: number | undefined): Promise<PriceBookRow> {
    if (version === undefined) return currentRow();
    const row = await repository.findVersion(version);
    if (!row) throw notFound('price book version');
    return row;
  }

  /**
   * Prices boards with one version of the book (the one in force unless `bookVersion` is given,
   * so an order can be priced again exactly as quoted). Boards whose settings break the SPEC §5
   * rules are rejected with the SPEC message unless `requireValidSettings` is false.
   */
  async function priceProducts(
    requests: readonly PriceRequest[],
    options: {
      bookVersion?: number;
      /** The book to price with, already read (saves reading it again). */
      book?: PriceBookVersion;
      requireValidSettings?: boolean;
    } = {},
  ): Promise<ProductPrice[]> {
    const ids = [...new Set(requests.map((request) => request.productId))];
    const [row, inputs] = await Promise.all([
      options.book ?? bookRow(options.bookVersion).then(presentPriceBook),
      board.pricingInputsOf(ids),
    ]);
    const book: PriceBook = row.book;
    return requests.map((request): ProductPrice => {
      const input = inputs.get(request.productId)!;
      const base = {
        productId: request.productId,
        bookVersion: row.version,
        materials: input.materials,
        boardMaterial: input.settings.boardMaterial,
        panelization: panelizationText(input.settings),
      };
      if (!input.valid && options.requireValidSettings !== false) {
        return { type: 'rejected', ...base, message: CART_INVALID_BOARD_SETTINGS_MESSAGE };
      }
      if (request.material && !input.materials.includes(request.material)) {
        return {
          type: 'rejected',
          ...base,
          message: `Choose one of the offered materials: ${input.materials.join(', ')}`,
        };
      }
      const result = priceBoard({
        settings: input.settings,
        facts: input.facts,
        quantity: request.quantity,
        material: request.material,
        leadTime: request.leadTime,
        book,
      });
      if (result.type === 'unpriceable') {
        return { type: 'rejected', ...base, message: result.message };
      }
      return {
        type: 'priced',
        ...base,
        quote: presentQuote(row.version, result.quote),
        engineQuote: result.quote,
      };
    });
  }

  return {
    priceProducts,

    /**
     * A board that is no product yet (the public instant quote): its settings and what the
     * browser measured of its files, priced by the book in force.
     */
    async quoteSettings(
      settings: BoardSettings,
      facts: BoardFacts | null,
      quantity: number,
      leadTime: string | null = null,
    ): Promise<
      | { type: 'priced'; quote: BoardQuote; book: PriceBookVersion }
      | { type: 'unpriceable'; message: string }
    > {
      const book = presentPriceBook(await currentRow());
      const result = priceBoard({ settings, facts, quantity, leadTime, book: book.book });
      if (result.type === 'unpriceable') return result;
      return { type: 'priced', quote: presentQuote(book.version, result.quote), book };
    },

    /** One board: what orders call for each line. */
    async priceProduct(
      productId: number,
      quantity: number,
      material?: string | null,
      options: { bookVersion?: number; leadTime?: string | null } = {},
    ): Promise<ProductPrice> {
      const [price] = await priceProducts(
        [{ productId, quantity, material, leadTime: options.leadTime }],
        {
          ...(options.bookVersion === undefined ? {} : { bookVersion: options.bookVersion }),
        },
      );
      return price!;
    },

    /** The price book in force (with its version). */
    async currentBook(): Promise<PriceBookVersion> {
      return presentPriceBook(await currentRow());
    },

    /** A version of the book, for re-pricing what was quoted with it. */
    async bookVersion(version: number): Promise<PriceBookVersion> {
      return presentPriceBook(await bookRow(version));
    },

    /** Every version of the book, newest first. */
    versions() {
      return repository.listVersions();
    },

    /**
     * The sample boards priced by the book in force and by `proposed`, side by side, so an
     * administrator sees what a new version changes before it is put in force.
     */
    async sampleQuotes(proposed: PriceBook) {
      const current = presentPriceBook(await currentRow());
      const total = (book: PriceBook, sample: SampleBoard) => {
        const result = priceBoard({
          settings: { ...DEFAULT_BOARD_SETTINGS, unitsIn: 'mm', ...sample.settings },
          facts: null,
          quantity: sample.quantity,
          book,
        });
        return result.type === 'priced'
          ? { total: presentQuote(1, result.quote).total, message: null }
          : { total: null, message: result.message };
      };
      return {
        currentVersion: current.version,
        samples: SAMPLE_BOARDS.map((sample) => ({
          label: sample.label,
          quantity: sample.quantity,
          current: total(current.book, sample),
          proposed: total(proposed, sample),
        })),
      };
    },

    /** Administrators put a new version in force; quotes made before keep their version. */
    async addVersion(actor: Actor, book: PriceBook, note: string | null | undefined) {
      assertAdmin(actor);
      return presentPriceBook(
        await repository.insert(book, note ?? null, actor.userId, clock.now()),
      );
    },

    /** The company's currency (shown first) and tax (SPEC §9). */
    async customerPricing(companyId: number): Promise<CustomerPricing> {
      const company = await companies.getCompany(companyId);
      const currencyId = currencyCodeOf(company.currency.id)
        ? company.currency.id
        : DEFAULT_CURRENCY_ID;
      return {
        currencyId,
        currency: currencyCodeOf(currencyId)!,
        taxPercent: company.tax,
      };
    },

    /** Sum of priced boards with the company's tax, in every currency. */
    totals(prices: readonly ProductPrice[], taxPercent: number): PriceTotals {
      const subtotal = zeroAmounts();
      for (const price of prices) {
        if (price.type !== 'priced') continue;
        for (const code of CURRENCY_CODES) subtotal[code] += price.quote.total[code];
      }
      const tax = zeroAmounts();
      const total = zeroAmounts();
      for (const code of CURRENCY_CODES) {
        tax[code] = taxOf(subtotal[code], taxPercent);
        total[code] = subtotal[code] + tax[code];
      }
      return { subtotal, tax, total };
    },
  };
}

export type PricingService = ReturnType<typeof createPricingService>;
