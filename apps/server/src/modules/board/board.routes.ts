import {
  createOutline,
  getBoardCacheByStamp,
  getBoardDfm,
  getBoardSettingsOptions,
  saveBoardSettings,
  sendProductReport,
  storeBoardCache,
} from '@circuits/contracts';
import type { Router } from '../../http/router.ts';
import type { ProductsService } from '../products/products.service.ts';
import type { BoardService } from './board.service.ts';

// Board endpoints on a product go through the products area, which authorises the caller.
export function registerBoardRoutes(
  router: Router,
  board: BoardService,
  products: ProductsService,
): void {
  router.route(getBoardSettingsOptions, () => board.optionsAndDefaults());

  router.route(saveBoardSettings, async ({ actor, params, body }) => ({
    settings: await products.saveSettings(actor, params.id, body),
  }));

  router.route(createOutline, ({ actor, params, body }) =>
    products.createOutline(actor, params.id, body),
  );

  router.route(getBoardCacheByStamp, ({ actor, params, body }) =>
    products.boardCacheByStamp(actor, params.id, body),
  );

  router.route(getBoardDfm, ({ actor, params }) => products.boardDfm(actor, params.id));

  router.route(storeBoardCache, ({ actor, params, body, files }) =>
    products.storeBoardCache(actor, params.id, body.dataToHash, files.cache![0]!),
  );

  router.route(sendProductReport, ({ actor, params, query, request }) =>
    products.sendReport(actor, params.id, query.email, request.ip),
  );
}
