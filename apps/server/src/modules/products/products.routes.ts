import {
  addFileToBoard,
  addProduct,
  addProductFiles,
  deleteProductFile,
  duplicateProduct,
  getProduct,
  removeBoardFile,
  updateBoardFiles,
  updateProduct,
  updateProductFiles,
  updateProductProject,
  updateProductVisibility,
} from '@circuits/contracts';
import type { Router } from '../../http/router.ts';
import type { ProductsService } from './products.service.ts';

export function registerProductRoutes(router: Router, products: ProductsService): void {
  router.route(addProduct, ({ actor, params, body, files }) =>
    products.create(actor, params.id, body, files),
  );

  router.route(getProduct, ({ actor, params }) => products.getPage(actor, params.id));

  router.route(updateProduct, async ({ actor, params, body, files }) => ({
    product: await products.update(actor, params.id, body, files.cover?.[0]),
  }));

  router.route(updateProductVisibility, async ({ actor, params, body }) => ({
    product: await products.setVisibility(actor, params.id, body.visible),
  }));

  router.route(duplicateProduct, async ({ actor, params, body }) => ({
    data: await products.duplicate(actor, params.id, body),
  }));

  router.route(updateProductProject, async ({ actor, params, body }) => ({
    product: await products.moveToProject(actor, params.id, body),
  }));

  router.route(addProductFiles, ({ actor, params, body, files }) =>
    products.addFiles(actor, params.id, files.files ?? [], body),
  );

  router.route(updateProductFiles, ({ actor, params, body }) =>
    products.updateFiles(actor, params.id, body),
  );

  router.route(deleteProductFile, ({ actor, params }) =>
    products.deleteFile(actor, params.id, params.fileId),
  );

  router.route(addFileToBoard, ({ actor, params }) =>
    products.addToBoard(actor, params.id, params.fileId),
  );

  router.route(removeBoardFile, ({ actor, params }) =>
    products.removeBoardFile(actor, params.id, params.fileId, params.boardId),
  );

  router.route(updateBoardFiles, ({ actor, params, body }) =>
    products.updateBoardFiles(actor, params.id, body),
  );
}
