import {
  addCategory,
  addManufacturer,
  addPart,
  addPartSpec,
  addSpec,
  addSpecCategory,
  addSpecOption,
  addSpecUnit,
  allBrands,
  allCategories,
  filterParts,
  findQtyLocs,
  getCapacitanceOptions,
  getDielectricOptions,
  getDiodeTypesOptions,
  getPart,
  getResistanceOptions,
  getSpec,
  getVoltageOptions,
  listParts,
  listSpecCategories,
  listSpecs,
  listSpecUnits,
  miniBrands,
  partsQty,
  removePartSpec,
  searchParts,
  specsOptions,
  updateCategory,
  updateManufacturer,
  updatePart,
  updatePartSpec,
  updateSpec,
  updateSpecCategory,
  updateSpecUnit,
} from '@circuits/contracts';
import type { Router } from '../../http/router.ts';
import { DIELECTRIC_SPEC, DIODE_TYPE_SPEC, type PartsService } from './parts.service.ts';

export function registerPartsRoutes(router: Router, parts: PartsService): void {
  router.route(searchParts, ({ actor, body }) => parts.search(actor, body));
  router.route(listParts, ({ actor, query }) =>
    parts.list(actor, {
      ...query,
      categories: query.category_id ? [query.category_id] : undefined,
    }),
  );
  router.route(filterParts, ({ actor, body }) => parts.list(actor, body));
  router.route(partsQty, async ({ actor, body }) => ({
    syncResponse: (await parts.quantities(actor, body.ids)).map((row) => ({
      id: row.id,
      qty: row.available,
    })),
  }));
  router.route(findQtyLocs, async ({ actor, body }) => ({
    data: await parts.quantities(actor, body.ids),
  }));

  router.route(allBrands, async ({ actor }) => ({ brands: await parts.allBrands(actor) }));
  router.route(miniBrands, async ({ actor, query }) => ({
    brands: await parts.miniBrands(actor, query.categoryFilter),
  }));
  router.route(allCategories, async () => ({ categories: await parts.allCategories() }));
  router.route(addCategory, async ({ actor, body }) => ({
    category: await parts.saveCategory(actor, undefined, body),
  }));
  router.route(updateCategory, async ({ actor, params, body }) => ({
    category: await parts.saveCategory(actor, params.id, body),
  }));

  router.route(getCapacitanceOptions, ({ actor }) => parts.capacitanceOptions(actor));
  router.route(getResistanceOptions, ({ actor }) => parts.resistanceOptions(actor));
  router.route(getVoltageOptions, ({ actor }) => parts.voltageOptions(actor));
  router.route(getDielectricOptions, async () => ({
    options: await parts.optionsOf(DIELECTRIC_SPEC),
  }));
  router.route(getDiodeTypesOptions, async () => ({
    options: await parts.optionsOf(DIODE_TYPE_SPEC),
  }));
  router.route(specsOptions, async ({ actor, body }) => ({
    specs: await parts.specsOptions(actor, body.specs),
  }));

  // Static paths before /api/parts/{id} (Fastify prefers static segments anyway).
  router.route(addPart, async ({ actor, body }) => ({ part: await parts.addPart(actor, body) }));
  router.route(removePartSpec, async ({ actor, params }) => ({
    part: await parts.removePartSpec(actor, params.id),
  }));
  router.route(updatePartSpec, async ({ actor, params, body }) => ({
    part: await parts.updatePartSpec(actor, params.connId, body),
  }));
  router.route(getPart, async ({ actor, params }) => ({
    part: await parts.getPart(actor, params.id),
  }));
  router.route(updatePart, async ({ actor, params, body }) => ({
    part: await parts.updatePart(actor, params.id, body),
  }));
  router.route(addPartSpec, async ({ actor, params, body }) => ({
    part: await parts.addPartSpec(actor, params.id, body),
  }));

  router.route(listSpecs, async () => ({ specs: await parts.listSpecs() }));
  router.route(addSpec, async ({ actor, body }) => ({
    spec: await parts.saveSpec(actor, undefined, body),
  }));
  router.route(listSpecCategories, async () => ({
    categories: await parts.listSpecCategories(),
  }));
  router.route(addSpecCategory, async ({ actor, body }) => ({
    category: await parts.saveSpecCategory(actor, undefined, body.name),
  }));
  router.route(updateSpecCategory, async ({ actor, params, body }) => ({
    category: await parts.saveSpecCategory(actor, params.id, body.name),
  }));
  router.route(listSpecUnits, async () => ({ units: await parts.listUnits() }));
  router.route(addSpecUnit, async ({ actor, body }) => ({
    unit: await parts.saveUnit(actor, undefined, body),
  }));
  router.route(updateSpecUnit, async ({ actor, params, body }) => ({
    unit: await parts.saveUnit(actor, params.id, body),
  }));
  router.route(getSpec, async ({ params }) => ({ spec: await parts.getSpec(params.id) }));
  router.route(updateSpec, async ({ actor, params, body }) => ({
    spec: await parts.saveSpec(actor, params.id, body),
  }));
  router.route(addSpecOption, async ({ actor, params, body }) => ({
    spec: await parts.addOption(actor, params.id, body),
  }));

  router.route(addManufacturer, async ({ actor, body }) => ({
    manufacturer: await parts.addManufacturer(actor, body),
  }));
  router.route(updateManufacturer, async ({ actor, params, body }) => ({
    manufacturer: await parts.updateManufacturer(actor, params.id, body),
  }));
}
