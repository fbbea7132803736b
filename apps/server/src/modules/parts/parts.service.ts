// The parts catalogue's service: one object for the routes and other modules, put together from
// its use cases (searching, look-ups, editing, the spec vocabulary) over a shared context.

import { createPartsEditing } from './parts-editing.ts';
import { createPartsLookups } from './parts-lookups.ts';
import { createPartsSearching } from './parts-search-run.ts';
import { createPartsContext, type PartsServiceDeps } from './parts-service-context.ts';
import { createPartsSpecs } from './parts-specs.ts';

export { partAuditState, presentManufacturer } from './parts-presenters.ts';
export { DIELECTRIC_SPEC, DIODE_TYPE_SPEC } from './parts-spec-ids.ts';

export function createPartsService(deps: PartsServiceDeps) {
  const ctx = createPartsContext(deps);
  return {
    ...createPartsSearching(ctx),
    ...createPartsLookups(ctx),
    ...createPartsEditing(ctx),
    ...createPartsSpecs(ctx),
    /** Set by a load that runs while the server answers; the search reports it. */
    catalogueProgress: ctx.catalogueProgress,
  };
}

export type PartsService = ReturnType<typeof createPartsService>;
