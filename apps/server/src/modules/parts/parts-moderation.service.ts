import {
  type Manufacturer,
  MODERATION_ONLY_MESSAGE,
  MODERATION_PAGE_SIZE,
  type ModerationManufacturer,
  type ModerationPart,
  type Part,
} from '@circuits/contracts';
import { sql } from 'drizzle-orm';
import type { Transactor } from '../../db/database.ts';
import { conflict, forbidden, invalidField, notFound } from '../../http/errors.ts';
import type { AuditLog } from '../admin/audit-log.ts';
import type { Actor } from '../auth/actor.ts';
import { seesAllCompanies } from '../auth/authorization.ts';
import type { BomPartReferences } from '../bom/bom-part-references.ts';
import type { ManufacturerRow, PartRow, PartsRepository } from './parts.repository.ts';
import { type PartsService, partAuditState, presentManufacturer } from './parts.service.ts';
import type { PartsModerationRepository } from './parts-moderation.repository.ts';

// Moderating the parts catalogue: what members add stays unconfirmed (seen by their company only)
// until an administrator or a moderator confirms it, merges it into the entry it duplicates, or
// deletes it. Every such change is written to the admin audit log with the entry before and after.

function assertModerator(actor: Actor, message = MODERATION_ONLY_MESSAGE): void {
  if (!seesAllCompanies(actor)) throw forbidden(message);
}

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;

function manufacturerState(row: ManufacturerRow) {
  return {
    id: row.id,
    name: row.name,
    aliases: row.aliases,
    confirmed: row.confirmed,
    company_id: row.companyId,
  };
}

/** The kept manufacturer's aliases after a merge: its own, then the duplicate's spellings new to it. */
function mergedAliases(kept: ManufacturerRow, duplicate: ManufacturerRow): string[] {
  const known = new Set([kept.name, ...kept.aliases].map((name) => name.toLowerCase()));
  const aliases = [...kept.aliases];
  for (const name of [duplicate.name, ...duplicate.aliases]) {
    if (known.has(name.toLowerCase())) continue;
    known.add(name.toLowerCase());
    aliases.push(name);
  }
  return aliases;
}

export function createPartsModerationService(deps: {
  repository: PartsModerationRepository;
  parts: PartsRepository;
  partsService: PartsService;
  bomReferences: BomPartReferences;
  audit: AuditLog;
  transactor: Transactor;
}) {
  const { repository, parts, partsService, audit, transactor } = deps;

  async function requirePart(id: number): Promise<PartRow> {
    const row = await parts.findPart(id);
    if (!row) throw notFound('part');
    return row;
  }

  async function requireManufacturer(id: number): Promise<ManufacturerRow> {
    const row = await parts.findManufacturer(id);
    if (!row) throw notFound('manufacturer');
    return row;
  }

  async function presentMaker(id: number): Promise<Manufacturer> {
    return presentManufacturer(
      (await parts.findManufacturer(id))!,
      await parts.countPartsOfManufacturer(id),
    );
  }

  /** The data moves of a part merge, inside the caller's transaction; no audit entry. */
  async function mergePartData(duplicate: PartRow, kept: PartRow) {
    const moved = await repository.moveSpecsStockAndPrices(duplicate.id, kept.id);
    const bomRows = await deps.bomReferences.move(duplicate.id, kept.id);
    await parts.deletePart(duplicate.id);
    // A confirmed duplicate was seen by every company: what pointed at it must stay visible.
    if (duplicate.confirmed && !kept.confirmed) {
      await parts.updatePart(kept.id, { confirmed: true });
    }
    await parts.refreshStockAndPrice(kept.id);
    await parts.refreshSearchText(sql`p.id = ${kept.id}`);
    return {
      bom_rows: bomRows,
      specs: moved.specs,
      stock_lots: moved.stockLots,
      price_breaks: moved.priceBreaks,
    };
  }

  return {
    async queueParts(
      actor: Actor,
      query: { search?: string | undefined; page: number },
    ): Promise<{ parts: ModerationPart[]; total: number; page: number }> {
      assertModerator(actor);
      const { rows, total } = await repository.unconfirmedParts({
        search: query.search || undefined,
        offset: (query.page - 1) * MODERATION_PAGE_SIZE,
        limit: MODERATION_PAGE_SIZE,
      });
      const [usage, candidates] = await Promise.all([
        deps.bomReferences.usage(rows.map((row) => row.id)),
        repository.confirmedWithKeys([...new Set(rows.map((row) => row.partNumberKey))]),
      ]);
      return {
        total,
        page: query.page,
        parts: rows.map((row) => ({
          id: row.id,
          name: row.name,
          part_number: row.partNumber,
          description: row.description,
          manufacturer: row.manufacturer,
          category: row.category,
          package: row.packageName,
          added: {
            user_id: row.addedBy,
            user_name: row.addedByName,
            company_id: row.companyId,
            company_name: row.companyName,
          },
          created_at: row.createdAt.toISOString(),
          bom_rows: usage.get(row.id) ?? 0,
          duplicates: candidates
            .filter((candidate) => candidate.partNumberKey === row.partNumberKey)
            .slice(0, 5)
            .map((candidate) => ({
              id: candidate.id,
              name: candidate.name,
              part_number: candidate.partNumber,
              manufacturer: candidate.manufacturer,
            })),
        })),
      };
    },

    async queueManufacturers(
      actor: Actor,
      query: { search?: string | undefined; page: number },
    ): Promise<{ manufacturers: ModerationManufacturer[]; total: number; page: number }> {
      assertModerator(actor);
      const { rows, total } = await repository.unconfirmedManufacturers({
        search: query.search || undefined,
        offset: (query.page - 1) * MODERATION_PAGE_SIZE,
        limit: MODERATION_PAGE_SIZE,
      });
      return {
        total,
        page: query.page,
        manufacturers: rows.map((row) => ({
          id: row.id,
          name: row.name,
          aliases: row.aliases,
          added: {
            user_id: row.addedBy,
            user_name: row.addedByName,
            company_id: row.companyId,
            company_name: row.companyName,
          },
          created_at: row.createdAt.toISOString(),
          parts_count: row.partsCount,
        })),
      };
    },

    /** Confirms a part, and its manufacturer with it; confirming twice changes nothing. */
    async confirmPart(actor: Actor, id: number): Promise<Part> {
      assertModerator(actor);
      const row = await requirePart(id);
      if (!row.confirmed) {
        await transactor.transaction(async () => {
          const maker =
            row.manufacturerId === null
              ? undefined
              : await parts.findManufacturer(row.manufacturerId);
          await parts.updatePart(id, { confirmed: true });
          if (maker && !maker.confirmed) {
            await parts.updateManufacturer(maker.id, { confirmed: true });
          }
          await audit.record(actor, {
            action: 'part.confirm',
            targetType: 'part',
            targetId: id,
            summary: `Confirmed part ${row.partNumber}${maker ? ` of ${maker.name}` : ''}${
              maker && !maker.confirmed ? ' (and the manufacturer with it)' : ''
            }`,
            before: {
              ...partAuditState(row, maker?.name ?? null),
              manufacturer_confirmed: maker?.confirmed ?? null,
            },
            after: {
              ...partAuditState({ ...row, confirmed: true }, maker?.name ?? null),
              manufacturer_confirmed: maker ? true : null,
            },
          });
        });
      }
      return partsService.getPart(actor, id);
    },

    async mergePart(actor: Actor, id: number, intoId: number) {
      assertModerator(actor);
      const duplicate = await requirePart(id);
      if (intoId === id) throw invalidField('into_id', 'A part cannot be merged into itself');
      const kept = await parts.findPart(intoId);
      if (!kept) throw invalidField('into_id', `into_id ${intoId}: there is no such part`);
      const moved = await transactor.transaction(async () => {
        const [duplicateMaker, keptMaker] = await Promise.all([
          parts.manufacturerName(duplicate.manufacturerId),
          parts.manufacturerName(kept.manufacturerId),
        ]);
        const result = await mergePartData(duplicate, kept);
        const after = (await parts.findPart(kept.id))!;
        await audit.record(actor, {
          action: 'part.merge',
          targetType: 'part',
          targetId: id,
          summary: `Merged part ${duplicate.partNumber} (${duplicateMaker ?? 'no manufacturer'}, #${id}) into ${kept.partNumber} (${keptMaker ?? 'no manufacturer'}, #${kept.id}): ${plural(result.bom_rows, 'BOM row')}, ${plural(result.specs, 'spec value')}, ${plural(result.stock_lots, 'stock lot')} and ${plural(result.price_breaks, 'price break')} moved`,
          before: {
            duplicate: partAuditState(duplicate, duplicateMaker),
            kept: partAuditState(kept, keptMaker),
          },
          after: { duplicate: null, kept: partAuditState(after, keptMaker), moved: result },
        });
        return result;
      });
      return { part: await partsService.getPart(actor, intoId), moved };
    },

    /**
     * Deletes a part (administrators and moderators; editors their company's unconfirmed parts),
     * refused while a BOM row uses it: merging it into the part that replaces it keeps the rows.
     */
    async deletePart(actor: Actor, id: number): Promise<void> {
      const row = await partsService.editablePartRow(actor, id);
      const used = (await deps.bomReferences.usage([id])).get(id) ?? 0;
      if (used > 0) {
        throw conflict(
          `${row.partNumber} cannot be deleted: ${plural(used, 'BOM row')} still ${used === 1 ? 'uses' : 'use'} it. Merge it into the part that replaces it instead`,
        );
      }
      await transactor.transaction(async () => {
        const maker = await parts.manufacturerName(row.manufacturerId);
        await parts.deletePart(id);
        if (seesAllCompanies(actor)) {
          await audit.record(actor, {
            action: 'part.delete',
            targetType: 'part',
            targetId: id,
            summary: `Deleted part ${row.partNumber}${maker ? ` of ${maker}` : ''}`,
            before: partAuditState(row, maker),
            after: null,
          });
        }
      });
    },

    async confirmManufacturer(actor: Actor, id: number): Promise<Manufacturer> {
      assertModerator(actor, 'Only administrators and moderators can change manufacturers');
      const row = await requireManufacturer(id);
      if (!row.confirmed) {
        await transactor.transaction(async () => {
          await parts.updateManufacturer(id, { confirmed: true });
          await audit.record(actor, {
            action: 'manufacturer.confirm',
            targetType: 'manufacturer',
            targetId: id,
            summary: `Confirmed manufacturer ${row.name}`,
            before: manufacturerState(row),
            after: manufacturerState({ ...row, confirmed: true }),
          });
        });
      }
      return presentMaker(id);
    },

    async deleteManufacturer(actor: Actor, id: number): Promise<void> {
      assertModerator(actor, 'Only administrators and moderators can change manufacturers');
      const row = await requireManufacturer(id);
      const used = await parts.countPartsOfManufacturer(id);
      if (used > 0) {
        throw conflict(
          `${row.name} cannot be deleted: ${plural(used, 'part')} still ${used === 1 ? 'uses' : 'use'} it`,
        );
      }
      await transactor.transaction(async () => {
        await parts.deleteManufacturer(id);
        await audit.record(actor, {
          action: 'manufacturer.delete',
          targetType: 'manufacturer',
          targetId: id,
          summary: `Deleted manufacturer ${row.name}`,
          before: manufacturerState(row),
          after: null,
        });
      });
    },

    async mergeManufacturer(actor: Actor, id: number, intoId: number) {
      assertModerator(actor);
      const duplicate = await requireManufacturer(id);
      if (intoId === id) {
        throw invalidField('into_id', 'A manufacturer cannot be merged into itself');
      }
      const kept = await parts.findManufacturer(intoId);
      if (!kept) throw invalidField('into_id', `into_id ${intoId}: there is no such manufacturer`);
      const moved = await transactor.transaction(async () => {
        // The kept manufacturer's part of the same number is the one that stays.
        const colliding = await repository.collidingParts(id, intoId);
        for (const pair of colliding) {
          await mergePartData(
            (await parts.findPart(pair.duplicateId))!,
            (await parts.findPart(pair.keptId))!,
          );
        }
        const movedParts = await repository.moveParts(id, intoId);
        await parts.deleteManufacturer(id);
        const aliases = mergedAliases(kept, duplicate);
        await parts.updateManufacturer(intoId, {
          aliases,
          confirmed: kept.confirmed || duplicate.confirmed,
        });
        await parts.refreshSearchText(sql`p.manufacturer_id = ${intoId}`);
        const after = (await parts.findManufacturer(intoId))!;
        const result = { parts: movedParts, merged_parts: colliding.length };
        await audit.record(actor, {
          action: 'manufacturer.merge',
          targetType: 'manufacturer',
          targetId: id,
          summary: `Merged manufacturer ${duplicate.name} (#${id}) into ${kept.name} (#${intoId}): ${plural(movedParts, 'part')} moved, ${plural(colliding.length, 'duplicate part')} merged`,
          before: { duplicate: manufacturerState(duplicate), kept: manufacturerState(kept) },
          after: { duplicate: null, kept: manufacturerState(after), moved: result },
        });
        return result;
      });
      return { manufacturer: await presentMaker(intoId), moved };
    },
  };
}

export type PartsModerationService = ReturnType<typeof createPartsModerationService>;
