// Parts and manufacturers added and changed: who may, what is checked, what the audit log keeps.

import type { BrandCount, Manufacturer, Part } from '@circuits/contracts';
import { partNumberKey } from '@circuits/domain';
import { sql } from 'drizzle-orm';
import { conflictOnDuplicate } from '../../db/database.ts';
import { conflict, forbidden, invalidField, notFound } from '../../http/errors.ts';
import type { Actor } from '../auth/actor.ts';
import { assertContributor, assertStaff, isStaff, readScope } from './parts-access.ts';
import { partAuditState, partFormChanged, presentManufacturer } from './parts-presenters.ts';
import type { PartsContext } from './parts-service-context.ts';

export function createPartsEditing(ctx: PartsContext) {
  const {
    repository,
    packages,
    transactor,
    audit,
    presentPart,
    visiblePart,
    editablePart,
    visibleManufacturer,
    setSpecValue,
  } = ctx;
  return {
    async getPart(actor: Actor, id: number): Promise<Part> {
      return presentPart(await visiblePart(actor, id));
    },

    async addPart(
      actor: Actor,
      input: {
        name: string;
        part_number: string;
        manufacturer_id: number;
        category_id?: number | null | undefined;
        package_id?: number | null | undefined;
        mount_type?: 'SMD' | 'THT' | null | undefined;
        description?: string | null | undefined;
        datasheet?: string | null | undefined;
        image?: string | null | undefined;
        specs?:
          | {
              specification_id: number;
              selected_option: number | string;
              source?: string | null | undefined;
            }[]
          | null
          | undefined;
      },
    ): Promise<Part> {
      assertContributor(actor, 'parts');
      const maker = await visibleManufacturer(actor, input.manufacturer_id, 'manufacturer_id');
      if (input.category_id && !(await repository.findCategory(input.category_id))) {
        throw invalidField('category_id', `category_id ${input.category_id} does not exist`);
      }
      const pkg = input.package_id ? await packages.findPackage(input.package_id) : undefined;
      if (input.package_id && !pkg) {
        throw invalidField('package_id', `package_id ${input.package_id} does not exist`);
      }
      const key = partNumberKey(input.part_number);
      const duplicate = {
        part_number: `${input.part_number} of ${maker.name} is already in the catalogue`,
      };
      if (await repository.findPartByKey(maker.id, key)) throw conflict(duplicate);
      const id = await transactor.transaction(async () => {
        const row = await conflictOnDuplicate(duplicate, () =>
          repository.insertPart({
            name: input.name,
            partNumber: input.part_number,
            partNumberKey: key,
            image: input.image || null,
            datasheet: input.datasheet || null,
            description: input.description ?? '',
            categoryId: input.category_id ?? null,
            manufacturerId: maker.id,
            packageId: input.package_id ?? null,
            mountType: input.mount_type ?? pkg?.mountType ?? null,
            addedBy: actor.userId,
            companyId: actor.companyId,
            confirmed: isStaff(actor),
          }),
        );
        for (const spec of input.specs ?? []) {
          await setSpecValue(row.id, spec.specification_id, spec.selected_option, spec.source);
        }
        await repository.refreshSearchText(sql`p.id = ${row.id}`);
        return row.id;
      });
      return presentPart((await repository.findPart(id))!);
    },

    async updatePart(
      actor: Actor,
      id: number,
      form: {
        name?: string | undefined;
        part_number?: string | undefined;
        manufacturer_id?: number | undefined;
        category_id?: number | undefined;
        package_id?: number | undefined;
        mount_type?: 'SMD' | 'THT' | undefined;
        description?: string | null | undefined;
        datasheet?: string | null | undefined;
        image?: string | null | undefined;
        confirmed?: boolean | undefined;
      },
    ): Promise<Part> {
      const row = await editablePart(actor, id);
      if (form.confirmed !== undefined && form.confirmed !== row.confirmed && !isStaff(actor)) {
        throw forbidden('Only administrators and moderators can confirm parts');
      }
      const manufacturerId = form.manufacturer_id ?? row.manufacturerId;
      if (form.manufacturer_id !== undefined) {
        await visibleManufacturer(actor, form.manufacturer_id, 'manufacturer_id');
      }
      if (form.category_id !== undefined && !(await repository.findCategory(form.category_id))) {
        throw invalidField('category_id', `category_id ${form.category_id} does not exist`);
      }
      if (form.package_id !== undefined && !(await packages.findPackage(form.package_id))) {
        throw invalidField('package_id', `package_id ${form.package_id} does not exist`);
      }
      const partNumber = form.part_number ?? row.partNumber;
      const key = partNumberKey(partNumber);
      if (
        manufacturerId !== null &&
        (key !== row.partNumberKey || manufacturerId !== row.manufacturerId)
      ) {
        const other = await repository.findPartByKey(manufacturerId, key);
        if (other && other.id !== id) {
          throw conflict({
            part_number: `${partNumber} is already in the catalogue for this manufacturer`,
          });
        }
      }
      const updated = await transactor.transaction(async () => {
        await repository.updatePart(id, {
          ...(form.name !== undefined && { name: form.name }),
          ...(form.part_number !== undefined && { partNumber, partNumberKey: key }),
          ...(form.manufacturer_id !== undefined && { manufacturerId }),
          ...(form.category_id !== undefined && { categoryId: form.category_id }),
          ...(form.package_id !== undefined && { packageId: form.package_id }),
          ...(form.mount_type !== undefined && { mountType: form.mount_type }),
          ...(form.description !== undefined && { description: form.description ?? '' }),
          ...(form.datasheet !== undefined && { datasheet: form.datasheet || null }),
          ...(form.image !== undefined && { image: form.image || null }),
          ...(form.confirmed !== undefined && { confirmed: form.confirmed }),
        });
        await repository.refreshSearchText(sql`p.id = ${id}`);
        const after = (await repository.findPart(id))!;
        if (isStaff(actor) && partFormChanged(row, after)) {
          const [makerBefore, makerAfter] = await Promise.all([
            repository.manufacturerName(row.manufacturerId),
            repository.manufacturerName(after.manufacturerId),
          ]);
          const confirming = after.confirmed && !row.confirmed;
          await audit.record(actor, {
            action: confirming ? 'part.confirm' : 'part.update',
            targetType: 'part',
            targetId: id,
            summary: `${confirming ? 'Confirmed' : 'Changed'} part ${after.partNumber}${makerAfter ? ` of ${makerAfter}` : ''}`,
            before: partAuditState(row, makerBefore),
            after: partAuditState(after, makerAfter),
          });
        }
        return after;
      });
      return presentPart(updated);
    },

    /** The part, when the actor may change or delete it (else 404 or 403). */
    editablePartRow: editablePart,

    async addPartSpec(
      actor: Actor,
      partId: number,
      input: {
        specification_id: number;
        selected_option: number | string;
        source?: string | null | undefined;
      },
    ): Promise<Part> {
      await editablePart(actor, partId);
      await setSpecValue(partId, input.specification_id, input.selected_option, input.source);
      return presentPart((await repository.findPart(partId))!);
    },

    async updatePartSpec(
      actor: Actor,
      connId: number,
      input: {
        selected_option: number | string;
        source?: string | null | undefined;
      },
    ): Promise<Part> {
      const conn = await repository.findPartSpec(connId);
      if (!conn) throw notFound('spec value');
      await editablePart(actor, conn.partId);
      await setSpecValue(
        conn.partId,
        conn.specificationId,
        input.selected_option,
        input.source ?? conn.source,
      );
      return presentPart((await repository.findPart(conn.partId))!);
    },

    async removePartSpec(actor: Actor, connId: number): Promise<Part> {
      const conn = await repository.findPartSpec(connId);
      if (!conn) throw notFound('spec value');
      await editablePart(actor, conn.partId);
      await repository.deletePartSpec(connId);
      return presentPart((await repository.findPart(conn.partId))!);
    },

    // ---- manufacturers ----

    async allBrands(actor: Actor): Promise<Manufacturer[]> {
      const rows = await repository.listManufacturers(readScope(actor));
      return rows.map((row) => presentManufacturer(row, row.partsCount));
    },

    async miniBrands(actor: Actor, categoryId: number | undefined): Promise<BrandCount[]> {
      return repository.brandsInCategory(readScope(actor), categoryId);
    },

    async addManufacturer(
      actor: Actor,
      input: { name: string; aliases?: string[] | undefined },
    ): Promise<Manufacturer> {
      assertContributor(actor, 'manufacturers');
      for (const name of [input.name, ...(input.aliases ?? [])]) {
        const existing = await repository.manufacturerNamed(name);
        if (existing) {
          throw conflict({
            name: `${name} is already known as the manufacturer ${existing.name}`,
          });
        }
      }
      const row = await conflictOnDuplicate({ name: `${input.name} already exists` }, () =>
        repository.insertManufacturer({
          name: input.name,
          aliases: input.aliases ?? [],
          confirmed: isStaff(actor),
          addedBy: actor.userId,
          companyId: actor.companyId,
        }),
      );
      return presentManufacturer(row, 0);
    },

    async updateManufacturer(
      actor: Actor,
      id: number,
      input: { name?: string | undefined; aliases?: string[] | undefined },
    ): Promise<Manufacturer> {
      assertStaff(actor, 'manufacturers');
      const row = await repository.findManufacturer(id);
      if (!row) throw notFound('manufacturer');
      for (const name of [input.name, ...(input.aliases ?? [])]) {
        if (!name) continue;
        const existing = await repository.manufacturerNamed(name);
        if (existing && existing.id !== id) {
          throw conflict({ name: `${name} is already known as the manufacturer ${existing.name}` });
        }
      }
      await transactor.transaction(async () => {
        await conflictOnDuplicate({ name: `${input.name} already exists` }, () =>
          repository.updateManufacturer(id, {
            ...(input.name !== undefined && { name: input.name }),
            ...(input.aliases !== undefined && { aliases: input.aliases }),
          }),
        );
        await repository.refreshSearchText(sql`p.manufacturer_id = ${id}`);
      });
      const updated = (await repository.findManufacturer(id))!;
      return presentManufacturer(updated, await repository.countPartsOfManufacturer(id));
    },
  };
}
