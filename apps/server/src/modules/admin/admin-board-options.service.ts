import type { AdminBoardOptionList } from '@circuits/contracts';
import {
  type BoardOptionChange,
  type BoardOptionKey,
  type BoardOptionListName,
  type BoardOptionValue,
  boardOptionList,
  describeOption,
  isPricedOption,
  optionKey,
  type PriceBook,
  renameInPriceBook,
} from '@circuits/domain';
import type { Transactor } from '../../db/database.ts';
import { conflict } from '../../http/errors.ts';
import type { Actor } from '../auth/actor.ts';
import { assertPanelAdmin, assertStaff } from '../auth/authorization.ts';
import type { BoardOptionsEditor, OptionListInUse } from '../board/board-options-editor.ts';
import type { CartService } from '../cart/cart.service.ts';
import type { CompaniesService } from '../companies/companies.service.ts';
import type { PricingService } from '../pricing/pricing.service.ts';
import type { ProductsService } from '../products/products.service.ts';
import type { AuditLog } from './audit-log.ts';

/** Boards a refusal names; the rest are counted. */
const BOARDS_NAMED = 5;

function presentList(list: OptionListInUse, book: PriceBook): AdminBoardOptionList {
  const { spec } = list;
  return {
    name: spec.name,
    label: spec.label,
    kind: spec.kind,
    unit: spec.unit,
    allowed: spec.allowed ? [...spec.allowed] : null,
    min: spec.min,
    max: spec.max,
    integer: spec.integer,
    options: list.options.map(({ value, boards }) => ({
      value: optionKey(value),
      hex: typeof value === 'object' ? value.hex : null,
      boards,
      priced: isPricedOption(book, spec.name, optionKey(value)),
    })),
  };
}

const listed = (values: readonly BoardOptionValue[]) => values.map(optionKey).join(', ');

/** What the audit log says a change did. */
function describeChange(
  name: BoardOptionListName,
  change: BoardOptionChange,
  after: readonly BoardOptionValue[],
  boardsUpdated: number,
): string {
  const spec = boardOptionList(name);
  const option = (key: BoardOptionKey) => describeOption(spec, key);
  switch (change.type) {
    case 'add':
      return `Added ${option(change.value)} to ${spec.label}`;
    case 'rename':
      return `Changed ${option(change.option)} of ${spec.label} to ${option(change.value)}${change.hex ? ` (${change.hex.toLowerCase()})` : ''}; ${boardsUpdated} saved board${boardsUpdated === 1 ? '' : 's'} followed`;
    case 'order':
      return `Put ${spec.label} in the order ${listed(after)}`;
    case 'delete':
      return `Removed ${option(change.option)} from ${spec.label}`;
  }
}

/**
 * The board settings options section of the admin panel: staff read the lists with their use,
 * administrators change them; each change is in the audit log with the list before and after.
 */
export function createAdminBoardOptionsService(deps: {
  editor: BoardOptionsEditor;
  products: Pick<ProductsService, 'cartProducts'>;
  companies: Pick<CompaniesService, 'listForStaff'>;
  pricing: Pick<PricingService, 'currentBook' | 'addVersion'>;
  cart: Pick<CartService, 'linesFollowMaterial'>;
  audit: AuditLog;
  transactor: Transactor;
}) {
  const { editor, audit, transactor } = deps;

  async function presentAll(): Promise<AdminBoardOptionList[]> {
    const [lists, current] = await Promise.all([editor.listsInUse(), deps.pricing.currentBook()]);
    return lists.map((list) => presentList(list, current.book));
  }

  /**
   * A renamed option keeps its price: when the book in force lists it, a new version carries
   * the surcharge under the new name (no price changes, so no sample check is needed).
   */
  async function carryRenameIntoPriceBook(
    actor: Actor,
    name: BoardOptionListName,
    from: BoardOptionKey,
    to: BoardOptionKey,
  ): Promise<number | null> {
    const current = await deps.pricing.currentBook();
    const book = renameInPriceBook(current.book, name, from, to);
    if (!book) return null;
    const note = `${boardOptionList(name).label}: ${from} renamed to ${to}`;
    const published = await deps.pricing.addVersion(actor, book, note);
    await audit.record(actor, {
      action: 'priceBook.publish',
      targetType: 'priceBook',
      targetId: published.version,
      summary: `Put price book version ${published.version} in force: ${note}`,
      before: { version: current.version, book: current.book },
      after: { version: published.version, book: published.book },
    });
    return published.version;
  }

  /** Refuses to delete an option saved boards choose, naming them (a few) and counting them. */
  async function refuseWhileChosen(
    actor: Actor,
    name: BoardOptionListName,
    option: BoardOptionKey,
  ): Promise<void> {
    const productIds = await editor.productsChoosing(name, option);
    if (productIds.length === 0) return;
    const [boards, companies] = await Promise.all([
      deps.products.cartProducts(actor, productIds.slice(0, BOARDS_NAMED)),
      deps.companies.listForStaff(undefined),
    ]);
    const companyName = new Map(companies.map((company) => [company.id, company.name]));
    const named = boards.map(
      (board) =>
        `${board.name}${board.partNumber ? ` (${board.partNumber})` : ''} of ${companyName.get(board.companyId) ?? 'a company'}`,
    );
    const more = productIds.length - named.length;
    const count = productIds.length;
    throw conflict(
      `${describeOption(boardOptionList(name), option)} is chosen by ${count} saved board${count === 1 ? '' : 's'}: ${named.join('; ')}${more > 0 ? ` and ${more} more` : ''}. Change their board settings first, or rename the option.`,
    );
  }

  return {
    async lists(actor: Actor): Promise<AdminBoardOptionList[]> {
      assertStaff(actor);
      return presentAll();
    },

    async change(
      actor: Actor,
      name: BoardOptionListName,
      change: BoardOptionChange,
    ): Promise<{
      list: AdminBoardOptionList;
      boards_updated: number;
      price_book_version: number | null;
    }> {
      assertPanelAdmin(actor);
      const done = await transactor.transaction(async () => {
        if (change.type === 'delete') await refuseWhileChosen(actor, name, change.option);
        const changed = await editor.change(name, change);
        const priceBookVersion =
          change.type === 'rename'
            ? await carryRenameIntoPriceBook(actor, name, change.option, change.value)
            : null;
        // Cart lines may order another material than their board's: they follow too.
        const cartLines =
          name !== 'materials'
            ? null
            : change.type === 'rename'
              ? await deps.cart.linesFollowMaterial(String(change.option), String(change.value))
              : change.type === 'delete'
                ? await deps.cart.linesFollowMaterial(String(change.option), null)
                : null;
        await audit.record(actor, {
          action: `boardOptions.${change.type}`,
          targetType: 'boardOptions',
          targetId: name,
          summary: describeChange(name, change, changed.after, changed.boardsUpdated),
          before: { [name]: changed.before },
          after: {
            [name]: changed.after,
            ...(change.type === 'rename'
              ? { boardsUpdated: changed.boardsUpdated, priceBookVersion }
              : {}),
            ...(cartLines !== null ? { cartLinesUpdated: cartLines } : {}),
          },
        });
        return { boardsUpdated: changed.boardsUpdated, priceBookVersion };
      });
      const list = (await presentAll()).find((shown) => shown.name === name)!;
      return {
        list,
        boards_updated: done.boardsUpdated,
        price_book_version: done.priceBookVersion,
      };
    },
  };
}

export type AdminBoardOptionsService = ReturnType<typeof createAdminBoardOptionsService>;
