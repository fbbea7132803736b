import {
  adminAddBoardOption,
  adminBoardOptions,
  adminDeleteBoardOption,
  adminOrderBoardOptions,
  adminRenameBoardOption,
} from '@circuits/contracts';
import type { Router } from '../../http/router.ts';
import type { AdminBoardOptionsService } from './admin-board-options.service.ts';

export function registerAdminBoardOptionsRoutes(
  router: Router,
  boardOptions: AdminBoardOptionsService,
): void {
  router.route(adminBoardOptions, async ({ actor }) => ({
    lists: await boardOptions.lists(actor),
  }));

  router.route(adminAddBoardOption, ({ actor, params, body }) =>
    boardOptions.change(actor, params.list, { type: 'add', value: body.value, hex: body.hex }),
  );

  router.route(adminRenameBoardOption, ({ actor, params, body }) =>
    boardOptions.change(actor, params.list, {
      type: 'rename',
      option: body.option,
      value: body.value,
      hex: body.hex,
    }),
  );

  router.route(adminOrderBoardOptions, ({ actor, params, body }) =>
    boardOptions.change(actor, params.list, { type: 'order', options: body.options }),
  );

  router.route(adminDeleteBoardOption, ({ actor, params, body }) =>
    boardOptions.change(actor, params.list, { type: 'delete', option: body.option }),
  );
}
