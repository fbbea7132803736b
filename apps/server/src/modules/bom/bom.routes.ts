import {
  addBomRow,
  bomFromFile,
  bomPrices,
  bomReadRows,
  deleteBomRow,
  deleteBomRows,
  parseBom,
  parseExistedBom,
  productFileFirstRows,
  saveBomRow,
  saveBomRows,
  saveBomSuggestResults,
} from '@circuits/contracts';
import type { Router } from '../../http/router.ts';
import type { BomService } from './bom.service.ts';

export function registerBomRoutes(router: Router, bom: BomService): void {
  router.route(addBomRow, async ({ actor, params, body }) => ({
    data: await bom.add(actor, params.id, body),
  }));
  // Whole BOMs in the answer: sent as built (see RouteOptions.largeAnswer).
  const large = { largeAnswer: true };
  router.route(
    bomFromFile,
    ({ actor, params, body }) => bom.fromFile(actor, params.id, body),
    large,
  );
  router.route(
    parseBom,
    async ({ actor, params, body, files }) => ({
      parsed: await bom.parse(actor, params.id, body, files.table?.[0]),
    }),
    large,
  );
  router.route(
    parseExistedBom,
    async ({ actor, params, body }) => ({
      parsed: await bom.parseExisted(actor, params.id, body),
    }),
    large,
  );
  router.route(bomReadRows, ({ actor, params, query }) =>
    bom.readRows(actor, params.id, params.readId, query.offset, query.limit),
  );
  router.route(deleteBomRow, ({ actor, params }) =>
    bom.deleteRows(actor, params.id, [params.bomId]),
  );
  router.route(deleteBomRows, ({ actor, params, body }) =>
    bom.deleteRows(actor, params.id, body.ids),
  );
  router.route(saveBomRow, async ({ actor, params, body }) => ({
    data: (await bom.saveRows(actor, params.id, [{ ...body, id: params.bomId }]))[0]!,
  }));
  router.route(saveBomRows, async ({ actor, params, body }) => ({
    data: await bom.saveRows(actor, params.id, body.boms),
  }));
  router.route(saveBomSuggestResults, async ({ actor, params, body }) => ({
    data: await bom.saveSuggestResults(actor, params.id, body),
  }));
  router.route(productFileFirstRows, async ({ actor, params, query }) => ({
    data: await bom.firstRows(actor, params.id, params.fileId, query.sheet),
  }));
  router.route(bomPrices, ({ actor, params, query }) => bom.prices(actor, params.id, query.word));
}
