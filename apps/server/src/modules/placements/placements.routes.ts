import {
  addPackageCorrection,
  addPlacement,
  deletePackageCorrection,
  deletePlacement,
  deletePlacements,
  listPackageCorrections,
  placementsFromFile,
  updatePackageCorrection,
  updatePlacement,
  updatePlacements,
} from '@circuits/contracts';
import type { Router } from '../../http/router.ts';
import type { PlacementsService } from './placements.service.ts';

export function registerPlacementRoutes(router: Router, placements: PlacementsService): void {
  router.route(addPlacement, async ({ actor, params, body }) => ({
    data: await placements.add(actor, params.id, body),
  }));
  router.route(
    placementsFromFile,
    ({ actor, params, body }) => placements.fromFile(actor, params.id, body),
    { largeAnswer: true },
  );
  router.route(updatePlacements, ({ actor, params, body }) =>
    placements.updateMany(actor, params.id, body),
  );
  router.route(updatePlacement, async ({ actor, params, body }) => ({
    data: await placements.updateOne(actor, params.id, params.placeId, body),
  }));
  router.route(deletePlacement, ({ actor, params }) =>
    placements.deleteMany(actor, params.id, [params.placeId]),
  );
  router.route(deletePlacements, ({ actor, params, body }) =>
    placements.deleteMany(actor, params.id, body.ids),
  );
  router.route(listPackageCorrections, ({ actor, params }) =>
    placements.corrections(actor, params.id),
  );
  router.route(addPackageCorrection, ({ actor, params, body }) =>
    placements.addCorrection(actor, params.id, body),
  );
  router.route(updatePackageCorrection, ({ actor, params, body }) =>
    placements.updateCorrection(actor, params.id, params.correctionId, body),
  );
  router.route(deletePackageCorrection, ({ actor, params }) =>
    placements.deleteCorrection(actor, params.id, params.correctionId),
  );
}
