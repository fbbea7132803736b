import { eq, or, sql } from 'drizzle-orm';
import type { Transactor } from '../../db/database.ts';
import { bomRows, type SubstitutionRecord, type SuggestionRecord } from './bom.tables.ts';

// What the BOMs of every company hold of catalogue parts: the part a row uses, its substitutions
// and the suggestions kept for it. The parts catalogue's moderation asks before deleting a part,
// and moves these references when a duplicate part is merged into the one kept.

/** Rows whose part or one of whose substitutions is the part. */
function usesPart(partId: number) {
  return or(
    eq(bomRows.partId, partId),
    sql`${bomRows.substitutions} @> ${JSON.stringify([{ part_id: partId }])}::jsonb`,
  );
}

export function createBomPartReferences(transactor: Transactor) {
  const db = () => transactor.executor();
  return {
    /** How many BOM rows (of any company) use each part, directly or as a substitution. */
    async usage(partIds: readonly number[]): Promise<Map<number, number>> {
      const counts = new Map<number, number>();
      for (const partId of new Set(partIds)) {
        const [row] = await db()
          .select({ count: sql<number>`count(*)::int` })
          .from(bomRows)
          .where(usesPart(partId));
        counts.set(partId, Number(row?.count ?? 0));
      }
      return counts;
    },

    /**
     * Points every reference to `fromId` at `intoId`; the number of rows changed. A row that
     * then names the kept part twice (as suggestion or substitution) keeps the first.
     */
    async move(fromId: number, intoId: number): Promise<number> {
      const rows = await db()
        .select({
          id: bomRows.id,
          partId: bomRows.partId,
          substitutions: bomRows.substitutions,
          suggestions: bomRows.suggestions,
        })
        .from(bomRows)
        .where(
          or(
            usesPart(fromId),
            sql`${bomRows.suggestions} @> ${JSON.stringify([{ part_id: fromId }])}::jsonb`,
          ),
        );
      const retarget = <T extends { part_id: number | null }>(list: readonly T[]): T[] => {
        const seen = new Set<number>();
        const moved: T[] = [];
        for (const entry of list) {
          const partId = entry.part_id === fromId ? intoId : entry.part_id;
          if (partId !== null && seen.has(partId)) continue;
          if (partId !== null) seen.add(partId);
          moved.push({ ...entry, part_id: partId });
        }
        return moved;
      };
      for (const row of rows) {
        await db()
          .update(bomRows)
          .set({
            partId: row.partId === fromId ? intoId : row.partId,
            substitutions: retarget<SubstitutionRecord>(row.substitutions),
            suggestions: retarget<SuggestionRecord>(row.suggestions),
            updatedAt: new Date(),
          })
          .where(eq(bomRows.id, row.id));
      }
      return rows.length;
    },
  };
}

export type BomPartReferences = ReturnType<typeof createBomPartReferences>;
