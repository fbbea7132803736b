import {
  confirmManufacturer,
  confirmPart,
  deleteManufacturer,
  deletePart,
  mergeManufacturer,
  mergePart,
  moderationManufacturers,
  moderationParts,
} from '@circuits/contracts';
import type { Router } from '../../http/router.ts';
import type { PartsModerationService } from './parts-moderation.service.ts';

export function registerPartsModerationRoutes(
  router: Router,
  moderation: PartsModerationService,
): void {
  router.route(moderationParts, ({ actor, query }) => moderation.queueParts(actor, query));
  router.route(moderationManufacturers, ({ actor, query }) =>
    moderation.queueManufacturers(actor, query),
  );

  router.route(confirmPart, async ({ actor, params }) => ({
    part: await moderation.confirmPart(actor, params.id),
  }));
  router.route(mergePart, ({ actor, params, body }) =>
    moderation.mergePart(actor, params.id, body.into_id),
  );
  router.route(deletePart, async ({ actor, params }) => {
    await moderation.deletePart(actor, params.id);
    return { success: true as const };
  });

  router.route(confirmManufacturer, async ({ actor, params }) => ({
    manufacturer: await moderation.confirmManufacturer(actor, params.id),
  }));
  router.route(mergeManufacturer, ({ actor, params, body }) =>
    moderation.mergeManufacturer(actor, params.id, body.into_id),
  );
  router.route(deleteManufacturer, async ({ actor, params }) => {
    await moderation.deleteManufacturer(actor, params.id);
    return { success: true as const };
  });
}
