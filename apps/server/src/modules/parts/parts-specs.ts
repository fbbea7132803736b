// The catalogue's vocabulary: categories, specifications, their options and units, and the value
// lists a search offers for a numeric spec.

import type {
  PartCategory,
  Spec,
  SpecCategory,
  SpecOption,
  SpecUnit,
  ValueOptions,
} from '@circuits/contracts';
import { formatEngineeringValue } from '@circuits/domain';
import { conflictOnDuplicate } from '../../db/database.ts';
import { invalidField, notFound } from '../../http/errors.ts';
import type { Actor } from '../auth/actor.ts';
import type { PartsRepository } from './parts.repository.ts';
import { assertStaff, readScope } from './parts-access.ts';
import { isBaseUnit, presentCategory, presentOption } from './parts-presenters.ts';
import { VALUE_DIVS } from './parts-search.ts';
import type { PartsContext } from './parts-service-context.ts';

const VALUE_OPTION_SPECS = { capacitance: 4, resistance: 1, voltage: 5 } as const;

const RANGE_LIST: ValueOptions['rangeList'] = [
  { id: 'eq', name: '=' },
  { id: 'gte', name: '≥' },
  { id: 'lte', name: '≤' },
  { id: 'range', name: 'from … to' },
];

const DIVS_BY_UNIT: Readonly<Record<string, number[]>> = {
  F: [1, 2, 3, 4],
  Ω: [4, 5, 6, 7],
  V: [4, 5, 6],
  H: [2, 3, 4],
  A: [3, 4, 5],
  W: [4, 5],
  Hz: [5, 6, 7, 8],
};

export function createPartsSpecs(ctx: PartsContext) {
  const { repository, transactor, specInfos } = ctx;
  async function presentSpecs(
    rows: Awaited<ReturnType<PartsRepository['listSpecs']>>,
  ): Promise<Spec[]> {
    const [units, options] = await Promise.all([
      repository.listUnits(),
      repository.listOptions(rows.map((row) => row.id)),
    ]);
    const unitById = new Map(units.map((unit) => [unit.id, unit]));
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      category_id: row.categoryId,
      unit_id: row.unitId,
      unit: row.unitId === null ? null : (unitById.get(row.unitId) ?? null),
      data_type: row.dataType,
      required: row.required,
      options: options.filter((option) => option.specificationId === row.id).map(presentOption),
    }));
  }

  async function valueOptions(actor: Actor, specificationId: number): Promise<ValueOptions> {
    const infos = await specInfos();
    const unit = infos.get(specificationId)?.unitShort ?? '';
    const counts = await repository.specValueCounts(specificationId, readScope(actor));
    return {
      specification_id: specificationId,
      options: counts.map((entry) => ({
        value: entry.value,
        label: isBaseUnit(unit) ? formatEngineeringValue(entry.value, unit) : String(entry.value),
        count: entry.count,
      })),
      divs: (DIVS_BY_UNIT[unit] ?? [5]).map((id) => {
        const div = VALUE_DIVS.find((entry) => entry.id === id)!;
        return { id: div.id, name: `${div.prefix}${unit}`, multiplier: div.multiplier };
      }),
      rangeList: RANGE_LIST,
    };
  }

  return {
    // ---- categories ----

    async allCategories(): Promise<PartCategory[]> {
      return (await repository.listCategories()).map(presentCategory);
    },

    categoryNames: async (): Promise<Map<number, string>> =>
      new Map((await repository.listCategories()).map((row) => [row.id, row.name])),

    async saveCategory(
      actor: Actor,
      id: number | undefined,
      input: {
        name: string;
        parent_id?: number | null | undefined;
        shorts?: string[] | undefined;
        aliases?: string[] | undefined;
        spec_ids?: number[] | undefined;
      },
    ): Promise<PartCategory> {
      assertStaff(actor, 'categories');
      if (id !== undefined && !(await repository.findCategory(id))) throw notFound('category');
      if (input.parent_id && !(await repository.findCategory(input.parent_id))) {
        throw invalidField('parent_id', `parent_id ${input.parent_id} does not exist`);
      }
      if (input.parent_id !== undefined && input.parent_id === id) {
        throw invalidField('parent_id', 'A category cannot be its own parent');
      }
      const specs = new Set((await repository.listSpecs()).map((spec) => spec.id));
      const unknown = (input.spec_ids ?? []).find((specId) => !specs.has(specId));
      if (unknown !== undefined)
        throw invalidField('spec_ids', `specification ${unknown} does not exist`);
      const savedId = await transactor.transaction(() =>
        conflictOnDuplicate({ name: `A category named ${input.name} already exists` }, async () => {
          const fields = {
            name: input.name,
            ...(input.parent_id !== undefined && { parentId: input.parent_id }),
            ...(input.shorts !== undefined && { shorts: input.shorts }),
            ...(input.aliases !== undefined && { aliases: input.aliases }),
          };
          const categoryId = id === undefined ? (await repository.insertCategory(fields)).id : id;
          if (id !== undefined) await repository.updateCategory(id, fields);
          if (input.spec_ids !== undefined)
            await repository.setCategorySpecs(categoryId, input.spec_ids);
          return categoryId;
        }),
      );
      const saved = (await repository.listCategories()).find((row) => row.id === savedId)!;
      return presentCategory(saved);
    },

    // ---- specs, units, spec categories ----

    async listSpecs(): Promise<Spec[]> {
      return presentSpecs(await repository.listSpecs());
    },

    async getSpec(id: number): Promise<Spec> {
      const row = await repository.findSpec(id);
      if (!row) throw notFound('specification');
      return (await presentSpecs([row]))[0]!;
    },

    async saveSpec(
      actor: Actor,
      id: number | undefined,
      input: {
        name?: string | undefined;
        category_id?: number | null | undefined;
        unit_id?: number | null | undefined;
        data_type?: 'number' | 'option' | 'text' | undefined;
        required?: boolean | undefined;
        options?: { value: string; order: number }[] | undefined;
      },
    ): Promise<Spec> {
      assertStaff(actor, 'specifications');
      const existing = id === undefined ? undefined : await repository.findSpec(id);
      if (id !== undefined && !existing) throw notFound('specification');
      if (input.category_id && !(await repository.findSpecCategory(input.category_id))) {
        throw invalidField(
          'category_id',
          `category_id ${input.category_id} is not a spec category`,
        );
      }
      if (input.unit_id && !(await repository.findUnit(input.unit_id))) {
        throw invalidField('unit_id', `unit_id ${input.unit_id} is not a spec unit`);
      }
      const savedId = await transactor.transaction(() =>
        conflictOnDuplicate(
          { name: `A specification named ${input.name} already exists` },
          async () => {
            const fields = {
              ...(input.name !== undefined && { name: input.name }),
              ...(input.category_id !== undefined && { categoryId: input.category_id }),
              ...(input.unit_id !== undefined && { unitId: input.unit_id }),
              ...(input.data_type !== undefined && { dataType: input.data_type }),
              ...(input.required !== undefined && { required: input.required }),
            };
            const specId =
              id === undefined
                ? (
                    await repository.insertSpec({
                      name: input.name!,
                      dataType: input.data_type!,
                      ...fields,
                    })
                  ).id
                : id;
            if (id !== undefined) await repository.updateSpec(id, fields);
            for (const option of input.options ?? []) {
              if (!(await repository.optionNamed(specId, option.value))) {
                await repository.insertOption({
                  specificationId: specId,
                  value: option.value,
                  order: option.order,
                });
              }
            }
            return specId;
          },
        ),
      );
      return (await presentSpecs([(await repository.findSpec(savedId))!]))[0]!;
    },

    async addOption(
      actor: Actor,
      specId: number,
      input: { specification_id?: number | undefined; value: string; order: number },
    ): Promise<Spec> {
      assertStaff(actor, 'specification options');
      if (input.specification_id !== undefined && input.specification_id !== specId) {
        throw invalidField(
          'specification_id',
          'specification_id must match the specification in the path',
        );
      }
      const spec = await repository.findSpec(specId);
      if (!spec) throw notFound('specification');
      if (spec.dataType !== 'option') {
        throw invalidField('specification_id', `${spec.name} takes values, not options`);
      }
      await conflictOnDuplicate(
        { value: `${input.value} is already an option of ${spec.name}` },
        () =>
          repository.insertOption({
            specificationId: specId,
            value: input.value,
            order: input.order,
          }),
      );
      return (await presentSpecs([spec]))[0]!;
    },

    async listUnits(): Promise<SpecUnit[]> {
      return repository.listUnits();
    },

    async saveUnit(
      actor: Actor,
      id: number | undefined,
      input: { name: string; short: string },
    ): Promise<SpecUnit> {
      assertStaff(actor, 'spec units');
      if (id !== undefined && !(await repository.findUnit(id))) throw notFound('spec unit');
      return conflictOnDuplicate(
        { name: `A unit named ${input.name} already exists` },
        async () => {
          if (id === undefined) return repository.insertUnit(input);
          await repository.updateUnit(id, input);
          return (await repository.findUnit(id))!;
        },
      );
    },

    async listSpecCategories(): Promise<SpecCategory[]> {
      return repository.listSpecCategories();
    },

    async saveSpecCategory(
      actor: Actor,
      id: number | undefined,
      name: string,
    ): Promise<SpecCategory> {
      assertStaff(actor, 'spec categories');
      if (id !== undefined && !(await repository.findSpecCategory(id)))
        throw notFound('spec category');
      return conflictOnDuplicate(
        { name: `A spec category named ${name} already exists` },
        async () => {
          if (id === undefined) return repository.insertSpecCategory(name);
          await repository.updateSpecCategory(id, name);
          return (await repository.findSpecCategory(id))!;
        },
      );
    },

    // ---- option lists ----

    capacitanceOptions: (actor: Actor) => valueOptions(actor, VALUE_OPTION_SPECS.capacitance),
    resistanceOptions: (actor: Actor) => valueOptions(actor, VALUE_OPTION_SPECS.resistance),
    voltageOptions: (actor: Actor) => valueOptions(actor, VALUE_OPTION_SPECS.voltage),

    async optionsOf(specId: number): Promise<SpecOption[]> {
      return (await repository.listOptions([specId])).map(presentOption);
    },

    async specsOptions(actor: Actor, ids: readonly number[]) {
      const all = await repository.listSpecs();
      const unknown = ids.find((id) => !all.some((spec) => spec.id === id));
      if (unknown !== undefined)
        throw invalidField('specs', `specification ${unknown} does not exist`);
      const specs = await presentSpecs(all.filter((spec) => ids.includes(spec.id)));
      return Promise.all(
        specs.map(async (spec) => ({
          ...spec,
          values: spec.data_type === 'number' ? (await valueOptions(actor, spec.id)).options : [],
        })),
      );
    },
  };
}
