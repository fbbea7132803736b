import {
  BOM_PREVIEW_ROWS,
  BOM_PREVIEW_TEXT_CHARS,
  BOM_READ_TTL_MINUTES,
  BOM_READ_WARNINGS,
  type ParsedBom,
  type ParsedBomRow,
  type PartsSearchRow,
} from '@circuits/contracts';
import type { BomColumnMapping, BomFile } from '@circuits/readers';
import type { Clock } from '../../clock.ts';
import { notFound } from '../../http/errors.ts';
import type { Actor } from '../auth/actor.ts';
import type { ProductRef } from '../files/files.service.ts';
import type { PartsService } from '../parts/parts.service.ts';
import type { TableSource } from '../tables/table-job.ts';
import type { TableReader } from '../tables/table-reader.ts';
import { cutText } from '../tables/text-caps.ts';
import { presentSuggestion } from './bom.presenter.ts';
import { BOM_READ_CHUNK_ROWS, type BomRepository } from './bom.repository.ts';
import type { BomReadRowRecord, BomReadSummary } from './bom.tables.ts';
import { type BomMatcher, type MatchResult, newMatchMemo } from './bom-matching.ts';

// Reading a BOM file (bom/parse, bom/parseExisted): read in the table workers, matched to the
// catalogue in batches that let other requests through, and kept on the server as a read. The
// answer is a preview (the first rows, texts cut); the rest is paged, and bom/fromFile saves the
// read as it was shown, without the rows travelling through the browser.

/** Lines matched at once; the event loop is let go between batches. */
const MATCH_BATCH_ROWS = 500;

const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

export type BomReadOptions = {
  sheet?: string | null | undefined;
  headerLine?: number | undefined;
  mapping?: Record<string, unknown> | undefined;
};

export function createBomReads(deps: {
  repository: BomRepository;
  matcher: BomMatcher;
  parts: PartsService;
  tables: TableReader;
  clock: Clock;
}) {
  const { repository, matcher, parts, tables, clock } = deps;

  async function matchInBatches(actor: Actor, file: BomFile): Promise<MatchResult[]> {
    const matches: MatchResult[] = [];
    const memo = newMatchMemo();
    for (let start = 0; start < file.rows.length; start += MATCH_BATCH_ROWS) {
      if (start > 0) await yieldToRequests();
      const batch = file.rows.slice(start, start + MATCH_BATCH_ROWS);
      matches.push(...(await matcher.matchRows(actor, batch, { memo })));
    }
    return matches;
  }

  const cut = (text: string | null) =>
    text === null ? null : cutText(text, BOM_PREVIEW_TEXT_CHARS);

  /** Rows as the preview shows them: texts cut, the best match presented. */
  async function presentRows(records: readonly BomReadRowRecord[]): Promise<ParsedBomRow[]> {
    const best = records.flatMap((row) => row.match.suggestions.slice(0, 1).map((s) => s.part_id));
    const byId = new Map<number, PartsSearchRow>(
      (await parts.rowsByIds(best)).map((part) => [part.id, part]),
    );
    return records.map((row) => {
      const suggestion = row.match.suggestions[0];
      const part = suggestion && byId.get(suggestion.part_id);
      return {
        line: row.line,
        refDesign: row.refDesign,
        quantity: row.quantity,
        partNumber: cut(row.partNumber),
        manufacturer: cut(row.manufacturer),
        value: cut(row.value),
        footprint: cut(row.footprint),
        description: cut(row.description),
        supplierParts: row.supplierParts,
        match: suggestion && part ? presentSuggestion(part, suggestion) : null,
        linked: row.match.partId !== null,
        matchReason: row.match.reason ?? suggestion?.reason ?? null,
        quantityMismatch:
          row.quantity !== null &&
          row.refDesign.length > 0 &&
          row.quantity !== row.refDesign.length,
      };
    });
  }

  async function requireRead(ref: ProductRef, readId: number) {
    const read = await repository.findRead(ref.id, readId);
    if (!read)
      throw notFound(
        `BOM read ${readId} (reads are kept ${BOM_READ_TTL_MINUTES} minutes: read the file again)`,
      );
    return read;
  }

  return {
    /** Reads, matches and keeps a BOM file; answers the preview of the read. */
    async read(
      actor: Actor,
      ref: ProductRef,
      file: { source: TableSource; fileName: string; fileId: number | null; field: string },
      options: BomReadOptions,
    ): Promise<ParsedBom> {
      const read = await tables.readBom(
        { source: file.source, fileName: file.fileName, field: file.field },
        {
          ...(options.sheet ? { sheet: options.sheet } : {}),
          ...(options.headerLine !== undefined ? { headerLine: options.headerLine } : {}),
          ...(options.mapping ? { mapping: options.mapping as BomColumnMapping } : {}),
        },
      );
      const matches = await matchInBatches(actor, read);
      const rows: BomReadRowRecord[] = read.rows.map((row, index) => ({
        line: row.line,
        refDesign: row.refDesign,
        quantity: row.quantity,
        partNumber: row.partNumber,
        manufacturer: row.manufacturer,
        value: row.value,
        footprint: row.footprint,
        description: row.description,
        supplierParts: row.supplierParts,
        substitutes: row.substitutes,
        match: matches[index]!,
      }));
      const source = read.source;
      const summary: BomReadSummary = {
        source: {
          kind: source.kind,
          encoding: source.kind === 'text' ? source.encoding : null,
          delimiter: source.kind === 'text' ? source.delimiter : null,
          format: source.kind === 'spreadsheet' ? source.format : null,
          sheet: source.kind === 'spreadsheet' ? source.sheet : null,
          sheets: source.kind === 'spreadsheet' ? source.sheets : [],
        },
        headerLine: read.headerLine,
        columns: read.columns.map((column) => ({
          index: column.index,
          header: column.header,
          field: column.field,
          confidence: column.confidence,
          basis: column.basis,
        })),
        needsConfirmation: read.needsConfirmation,
        warnings: read.warnings,
        matchedRows: matches.filter((match) => match.partId !== null).length,
        proposedRows: matches.filter(
          (match) => match.partId === null && match.suggestions.length > 0,
        ).length,
      };
      const now = clock.now();
      // Reads past their time go as new ones come: nothing else removes them.
      await repository.deleteReadsBefore(new Date(now.getTime() - BOM_READ_TTL_MINUTES * 60_000));
      const readId = await repository.insertRead(
        {
          companyId: ref.companyId,
          productId: ref.id,
          productFileId: file.fileId,
          fileName: file.fileName,
          summary,
          rowCount: rows.length,
          createdBy: actor.userId,
          createdAt: now,
        },
        rows,
      );
      return {
        read_id: readId,
        file_id: file.fileId,
        fileName: file.fileName,
        source: summary.source,
        headerLine: summary.headerLine,
        columns: summary.columns,
        needsConfirmation: summary.needsConfirmation,
        rows: await presentRows(rows.slice(0, BOM_PREVIEW_ROWS)),
        totalRows: rows.length,
        matchedRows: summary.matchedRows,
        proposedRows: summary.proposedRows ?? 0,
        warnings: summary.warnings.slice(0, BOM_READ_WARNINGS),
        totalWarnings: summary.warnings.length,
      };
    },

    /** A page of a read's rows, as the preview shows them. */
    async page(ref: ProductRef, readId: number, offset: number, limit: number) {
      const read = await requireRead(ref, readId);
      const records = await repository.readRows(read.id, offset, limit);
      return { rows: await presentRows(records), offset, total: read.rowCount };
    },

    /**
     * A read of the product, and its rows chunk by chunk (for saving it a chunk at a time: no
     * step holds the server's thread for long, nor all the rows in memory at once).
     */
    async chunksOf(ref: ProductRef, readId: number) {
      const read = await requireRead(ref, readId);
      async function* chunks() {
        for (let offset = 0; offset < read.rowCount; offset += BOM_READ_CHUNK_ROWS) {
          if (offset > 0) await yieldToRequests();
          yield await repository.readRows(read.id, offset, BOM_READ_CHUNK_ROWS);
        }
      }
      return { read, chunks };
    },
  };
}

export type BomReads = ReturnType<typeof createBomReads>;
