import {
  type AddBomInput,
  BOM_PREVIEW_ROWS,
  type BomFromFileInput,
  type BomRow,
  type BomRowUpdate,
  FILE_FIRST_ROWS,
  type ParseBomForm,
  type ParseExistedBomForm,
  type ReadWarning,
  type SaveBomsInput,
  type SaveSuggestResultsInput,
} from '@circuits/contracts';
import {
  type BomRefDesign,
  duplicateRefDesigns,
  expandDesignators,
  PRODUCT_FILE_TYPE_IDS,
  refDesignKey,
} from '@circuits/domain';
import type { z } from 'zod';
import type { Clock } from '../../clock.ts';
import type { Transactor } from '../../db/database.ts';
import { AppError, invalidField, notFound } from '../../http/errors.ts';
import type { UploadedFile } from '../../http/multipart.ts';
import type { Actor } from '../auth/actor.ts';
import type { FilesService, ProductRef } from '../files/files.service.ts';
import type { PartsService } from '../parts/parts.service.ts';
import type { TableReader } from '../tables/table-reader.ts';
import type { UsersService } from '../users/users.service.ts';
import { presentBomRow, presentSuggestion } from './bom.presenter.ts';
import type { BomRepository, BomRowChanges, BomRowRecord, NewBomRow } from './bom.repository.ts';
import type { BomReadRowRecord } from './bom.tables.ts';
import type { BomMatcher, MatchInput, MatchResult } from './bom-matching.ts';
import { createBomReads } from './bom-reads.ts';

/** The largest BOM file read. */
export const MAX_BOM_FILE_BYTES = 20 * 1024 * 1024;

type Intent = 'read' | 'edit';

/** The BOM area: rows of a product's bill of materials, read from files and matched. */
export function createBomService(deps: {
  repository: BomRepository;
  matcher: BomMatcher;
  parts: PartsService;
  files: FilesService;
  users: UsersService;
  /** The product if the actor may see it (404) and, for edits, change it (403). */
  product: (actor: Actor, id: number, intent: Intent) => Promise<ProductRef>;
  /** Reads BOM files in the table workers. */
  tables: TableReader;
  /** The most lines one BOM may have (BOM_MAX_LINES). */
  maxLines: number;
  /** Tells the placements area that the BOM's designators changed. */
  bomChanged: () => (productId: number) => Promise<void>;
  transactor: Transactor;
  clock: Clock;
}) {
  const { repository, matcher, parts, files, users, transactor, clock } = deps;
  const reads = createBomReads({ repository, matcher, parts, tables: deps.tables, clock });

  async function presentRows(rows: readonly BomRowRecord[]): Promise<BomRow[]> {
    const partIds = rows.flatMap((row) => [
      ...(row.partId === null ? [] : [row.partId]),
      ...row.suggestions.map((s) => s.part_id),
    ]);
    const [partRows, names] = await Promise.all([
      parts.rowsByIds(partIds),
      userNames(rows.flatMap((row) => (row.confirmedBy === null ? [] : [row.confirmedBy]))),
    ]);
    const byId = new Map(partRows.map((part) => [part.id, part]));
    return rows.map((row) => presentBomRow(row, byId, names));
  }

  async function userNames(ids: readonly number[]): Promise<Map<number, string>> {
    const names = new Map<number, string>();
    for (const id of new Set(ids)) {
      try {
        const user = await users.getProfile(id);
        names.set(id, `${user.name} ${user.lastname}`.trim());
      } catch {
        // A user removed since: the row keeps its confirmer id only.
      }
    }
    return names;
  }

  async function requireRow(productId: number, id: number): Promise<BomRowRecord> {
    const [row] = await repository.findRows(productId, [id]);
    if (!row) throw notFound('BOM row');
    return row;
  }

  async function requireVisiblePart(actor: Actor, partId: number, field = 'part_id') {
    const [part] = await parts.visibleRows(actor, [partId]);
    if (!part) throw invalidField(field, `Part ${partId} is not in the catalogue`);
    return part;
  }

  function refDesignsOf(
    input: string | readonly { refDesign: string; doNotPopulate: boolean }[],
  ): BomRefDesign[] {
    if (typeof input !== 'string') {
      return input.map((ref) => ({
        refDesign: ref.refDesign.trim(),
        doNotPopulate: ref.doNotPopulate,
      }));
    }
    const list = expandDesignators(input);
    if (list.designators.length === 0) {
      throw invalidField(
        'refDesign',
        `"${input}" holds no reference designators (such as R1, C2-C4)`,
      );
    }
    return list.designators.map((d) => ({ refDesign: d.refDesign, doNotPopulate: false }));
  }

  /** The stored changes of an edit; part links are checked against what the actor may see. */
  async function changesOf(
    actor: Actor,
    input: z.output<typeof BomRowUpdate>,
  ): Promise<BomRowChanges> {
    const changes: BomRowChanges = {};
    if (input.refDesign !== undefined) changes.refDesigns = refDesignsOf(input.refDesign);
    if (input.part_id !== undefined) {
      if (input.part_id !== null) await requireVisiblePart(actor, input.part_id);
      changes.partId = input.part_id;
      changes.matchBasis = input.part_id === null ? null : 'user';
      changes.matchConfidence = input.part_id === null ? null : 'high';
    }
    if (input.part_number !== undefined) changes.partNumber = input.part_number || null;
    if (input.manufacturer !== undefined) changes.manufacturer = input.manufacturer || null;
    if (input.value !== undefined) changes.value = input.value || null;
    if (input.footprint !== undefined) changes.footprint = input.footprint || null;
    if (input.description !== undefined) changes.description = input.description || null;
    if (input.quantity !== undefined) changes.quantity = input.quantity;
    if (input.supplierParts !== undefined) {
      changes.supplierParts = input.supplierParts.map((s) => ({
        supplier: s.supplier || null,
        partNumber: s.partNumber,
      }));
    }
    if (input.custWillSupply !== undefined) changes.custWillSupply = input.custWillSupply;
    if (input.substitutions_rows !== undefined) {
      for (const [index, sub] of input.substitutions_rows.entries()) {
        if (sub.part_id)
          await requireVisiblePart(actor, sub.part_id, `substitutions_rows.${index}.part_id`);
      }
      changes.substitutions = input.substitutions_rows.map((sub) => ({
        part_id: sub.part_id ?? null,
        part_number: sub.part_number,
        manufacturer: sub.manufacturer || null,
        note: sub.note || null,
      }));
    }
    if (input.confirmed !== undefined) changes.confirmedBy = input.confirmed ? actor.userId : null;
    return changes;
  }

  /** New rows, matched to the catalogue where no part was picked. */
  async function newRows(
    actor: Actor,
    ref: ProductRef,
    rows: readonly (MatchInput & {
      line: number | null;
      quantity: number | null;
      description: string | null;
      partId: number | null;
      custWillSupply: boolean;
    })[],
    productFileId: number | null,
    firstPosition: number,
    reuseRecent = false,
  ): Promise<NewBomRow[]> {
    const unpicked = rows.filter((row) => row.partId === null);
    const matches = await matcher.matchRows(actor, unpicked, { reuseRecent });
    const matchOf = new Map(unpicked.map((row, index) => [row, matches[index]!]));
    return rows.map((row, index) =>
      recordOf(ref, productFileId, firstPosition + index, row, matchOf.get(row) ?? picked(row)),
    );
  }

  /** A part the user picked: linked as theirs. */
  const picked = (row: { partId: number | null }): MatchResult => ({
    partId: row.partId,
    basis: 'user',
    confidence: 'high',
    suggestions: [],
    reason: 'chosen by a user',
  });

  /** A BOM row to insert: a line as read or sent, and its match. */
  function recordOf(
    ref: ProductRef,
    productFileId: number | null,
    position: number,
    row: MatchInput & {
      line: number | null;
      quantity: number | null;
      description: string | null;
      custWillSupply: boolean;
      /** Second sources the file names beside the part. */
      substitutes?: readonly { partNumber: string; manufacturer: string | null }[];
    },
    match: MatchResult,
  ): NewBomRow {
    return {
      companyId: ref.companyId,
      productId: ref.id,
      productFileId,
      position,
      line: row.line,
      partId: match.partId,
      partNumber: row.partNumber,
      manufacturer: row.manufacturer,
      value: row.value,
      footprint: row.footprint,
      description: row.description,
      quantity: row.quantity,
      supplierParts: [...row.supplierParts],
      custWillSupply: row.custWillSupply,
      refDesigns: [...row.refDesign],
      substitutions: (row.substitutes ?? []).map((substitute) => ({
        part_id: null,
        part_number: substitute.partNumber,
        manufacturer: substitute.manufacturer,
        note: 'second source in the BOM file',
      })),
      matchBasis: match.basis,
      matchConfidence: match.confidence,
      suggestions: match.suggestions,
    };
  }

  function quantityWarnings(
    rows: readonly {
      line: number | null;
      quantity: number | null;
      refDesign: readonly BomRefDesign[];
    }[],
  ): ReadWarning[] {
    const warnings: ReadWarning[] = [];
    for (const row of rows) {
      if (
        row.quantity === null ||
        row.refDesign.length === 0 ||
        row.quantity === row.refDesign.length
      )
        continue;
      warnings.push({
        type: 'quantity-mismatch',
        line: row.line,
        message: `${row.refDesign
          .map((r) => r.refDesign)
          .slice(0, 5)
          .join(
            ', ',
          )}${row.refDesign.length > 5 ? ', ...' : ''}: quantity ${row.quantity} but ${row.refDesign.length} designator${row.refDesign.length === 1 ? '' : 's'}`,
      });
    }
    const duplicates = duplicateRefDesigns(
      rows.flatMap((row) => row.refDesign.map((r) => r.refDesign)),
    );
    if (duplicates.length > 0) {
      warnings.push({
        type: 'duplicate-designator',
        line: null,
        message: `Designators listed more than once: ${duplicates.slice(0, 20).join(', ')}`,
      });
    }
    return warnings;
  }

  /** Rows a client sent to bom/fromFile, checked (designators, parts it may see). */
  async function rowsOfInput(
    actor: Actor,
    data: Extract<z.output<typeof BomFromFileInput>['data'], unknown[]>,
  ) {
    for (const [index, row] of data.entries()) {
      if (row.part_id) await requireVisiblePart(actor, row.part_id, `data.${index}.part_id`);
    }
    return data.map((row, index) => {
      let refDesign: BomRefDesign[];
      try {
        refDesign = refDesignsOf(row.refDesign);
      } catch {
        throw invalidField(
          `data.${index}.refDesign`,
          `Row ${index + 1}: "${row.refDesign}" holds no reference designators`,
        );
      }
      return {
        line: row.line ?? null,
        refDesign,
        quantity: row.quantity ?? null,
        partNumber: row.partNumber || null,
        manufacturer: row.manufacturer || null,
        value: row.value || null,
        footprint: row.footprint || null,
        description: row.description || null,
        supplierParts: (row.supplierParts ?? []).map((s) => ({
          supplier: s.supplier || null,
          partNumber: s.partNumber,
        })),
        partId: row.part_id ?? null,
        custWillSupply: row.custWillSupply ?? false,
      };
    });
  }

  /**
   * The rows of a read as saved: its matches as the preview showed them, but only parts the
   * actor may still see.
   */
  async function savedFromRead(
    actor: Actor,
    ref: ProductRef,
    rows: readonly BomReadRowRecord[],
    productFileId: number | null,
    first: number,
  ): Promise<NewBomRow[]> {
    const named = new Set<number>();
    for (const row of rows) {
      if (row.match.partId !== null) named.add(row.match.partId);
      for (const suggestion of row.match.suggestions) named.add(suggestion.part_id);
    }
    const visible = await parts.visibleIds(actor, [...named]);
    return rows.map((row, index) => {
      const partId =
        row.match.partId !== null && visible.has(row.match.partId) ? row.match.partId : null;
      const suggestions = row.match.suggestions.filter((s) => visible.has(s.part_id));
      const found = suggestions.length > 0;
      return recordOf(
        ref,
        productFileId,
        first + index,
        { ...row, custWillSupply: false },
        {
          partId,
          basis: found ? row.match.basis : null,
          confidence: found ? row.match.confidence : null,
          suggestions,
          reason: row.match.reason ?? null,
        },
      );
    });
  }

  async function afterChange(ref: ProductRef) {
    await deps.bomChanged()(ref.id);
  }

  return {
    /** The product's BOM as the product page shows it. */
    async rowsOf(productId: number): Promise<BomRow[]> {
      return presentRows(await repository.listRows(productId));
    },

    /** What the issue checker reads of the BOM. */
    async checkedRowsOf(productId: number) {
      const rows = await repository.listRows(productId);
      return rows.map((row) => ({
        part_id: row.partId,
        confirmed_by: row.confirmedBy,
        custWillSupply: row.custWillSupply,
        substitutions_rows: row.substitutions,
        refDesign: row.refDesigns,
        quantity: row.quantity,
      }));
    },

    /** Designator key to BOM row id, for linking placements. */
    async refDesignIndex(productId: number): Promise<Map<string, number>> {
      const index = new Map<string, number>();
      for (const row of await repository.listRefDesigns(productId)) {
        for (const ref of row.refDesigns) {
          const key = refDesignKey(ref.refDesign);
          if (!index.has(key)) index.set(key, row.id);
        }
      }
      return index;
    },

    async add(
      actor: Actor,
      productId: number,
      input: z.output<typeof AddBomInput>,
    ): Promise<BomRow> {
      const ref = await deps.product(actor, productId, 'edit');
      const { partNumber, refDesign, ...rest } = input;
      const changes = await changesOf(actor, { ...rest, refDesign });
      const part_number = input.part_number || partNumber || null;
      const id = await transactor.transaction(async () => {
        const [row] = await newRows(
          actor,
          ref,
          [
            {
              line: null,
              refDesign: changes.refDesigns ?? [],
              quantity: changes.quantity ?? null,
              partNumber: part_number,
              manufacturer: changes.manufacturer ?? null,
              value: changes.value ?? null,
              footprint: changes.footprint ?? null,
              description: changes.description ?? null,
              supplierParts: changes.supplierParts ?? [],
              partId: changes.partId ?? null,
              custWillSupply: changes.custWillSupply ?? false,
            },
          ],
          null,
          await repository.nextPosition(ref.id),
        );
        const [inserted] = await repository.insertRows([
          {
            ...row!,
            substitutions: changes.substitutions ?? [],
            confirmedBy: changes.confirmedBy ?? null,
          },
        ]);
        await afterChange(ref);
        return inserted!.id;
      });
      const [presented] = await presentRows([await requireRow(ref.id, id)]);
      return presented!;
    },

    async parse(
      actor: Actor,
      productId: number,
      form: z.output<typeof ParseBomForm>,
      table: UploadedFile | undefined,
    ) {
      const ref = await deps.product(actor, productId, 'read');
      if (!table) throw invalidField('table', 'table is required: the BOM file');
      return reads.read(
        actor,
        ref,
        {
          source: { path: table.path, maxBytes: MAX_BOM_FILE_BYTES },
          fileName: table.fileName,
          fileId: null,
          field: 'table',
        },
        form,
      );
    },

    async parseExisted(
      actor: Actor,
      productId: number,
      form: z.output<typeof ParseExistedBomForm>,
    ) {
      const ref = await deps.product(actor, productId, 'read');
      const file = await files.readFile(ref.id, form.file_id, MAX_BOM_FILE_BYTES);
      return reads.read(
        actor,
        ref,
        { source: { bytes: file.bytes }, fileName: file.name, fileId: file.id, field: 'file_id' },
        form,
      );
    },

    /**
     * The first rows of a product file (a BOM or a placement file) as the readers split them:
     * shown when the file cannot be read, so that the user can say where its header is.
     */
    async firstRows(actor: Actor, productId: number, fileId: number, sheet?: string) {
      const ref = await deps.product(actor, productId, 'read');
      const file = await files.readFile(ref.id, fileId, MAX_BOM_FILE_BYTES);
      const read = await deps.tables.firstRows(
        { source: { bytes: file.bytes }, fileName: file.name, field: 'fileId' },
        FILE_FIRST_ROWS,
        sheet,
      );
      const { source } = read;
      return {
        file_id: file.id,
        fileName: file.name,
        source: {
          kind: source.kind,
          format: source.kind === 'spreadsheet' ? source.format : null,
          sheet: source.kind === 'spreadsheet' ? source.sheet : null,
          sheets: source.kind === 'spreadsheet' ? source.sheets : [],
          encoding: source.kind === 'text' ? source.encoding : null,
          delimiter: source.kind === 'text' ? source.delimiter : null,
        },
        rows: read.rows,
      };
    },

    /** A page of the rows of a read (bom/parse, bom/parseExisted). */
    async readRows(actor: Actor, productId: number, readId: number, offset: number, limit: number) {
      const ref = await deps.product(actor, productId, 'read');
      return reads.page(ref, readId, offset, limit);
    },

    /** Saves rows read from a file, all or none; by default they replace the BOM. */
    async fromFile(actor: Actor, productId: number, input: z.output<typeof BomFromFileInput>) {
      const ref = await deps.product(actor, productId, 'edit');
      let fileId = input.file_id ?? null;
      if (fileId && !(await files.hasFile(ref.id, fileId))) {
        throw invalidField('file_id', `File ${fileId} is not a file of this product`);
      }
      let save: (first: number) => Promise<void>;
      const checked: { line: number | null; quantity: number | null; refDesign: BomRefDesign[] }[] =
        [];
      if (!Array.isArray(input.data)) {
        // A read kept on the server: saved as it was read and matched, a chunk at a time.
        const { read, chunks } = await reads.chunksOf(ref, input.data.read_id);
        if (fileId !== null && read.productFileId !== null && fileId !== read.productFileId)
          throw invalidField(
            'file_id',
            `Read ${read.id} is of file ${read.productFileId}, not of file ${fileId}`,
          );
        fileId = fileId ?? read.productFileId;
        save = async (first) => {
          let position = first;
          for await (const rows of chunks()) {
            await repository.insertRows(
              await savedFromRead(actor, ref, rows, fileId, position),
              false,
            );
            position += rows.length;
            for (const { line, quantity, refDesign } of rows)
              checked.push({ line, quantity, refDesign });
          }
        };
      } else {
        if (input.data.length > deps.maxLines)
          throw new AppError('payload_too_large', {
            data: `The BOM has ${input.data.length.toLocaleString('en')} lines; one BOM may have at most ${deps.maxLines.toLocaleString('en')}.`,
          });
        const rows = await rowsOfInput(actor, input.data);
        checked.push(...rows);
        // The lines as bom/parse(Existed) matched them for the user moments before.
        save = async (first) =>
          void (await repository.insertRows(
            await newRows(actor, ref, rows, fileId, first, true),
            false,
          ));
      }
      await transactor.transaction(async () => {
        if (input.replace) await repository.deleteRows(ref.id);
        const first = input.replace ? 0 : await repository.nextPosition(ref.id);
        await save(first);
        if (fileId) await files.setFileType(ref.id, fileId, PRODUCT_FILE_TYPE_IDS.bom);
        await afterChange(ref);
      });
      // A bounded answer: the first rows as saved, and counts (the product page has them all).
      const saved = await repository.firstRows(ref.id, BOM_PREVIEW_ROWS);
      return {
        data: await presentRows(saved.rows),
        total: saved.total,
        matched: saved.linked,
        warnings: quantityWarnings(checked),
      };
    },

    async deleteRows(actor: Actor, productId: number, ids: readonly number[]) {
      const ref = await deps.product(actor, productId, 'edit');
      const found = await repository.findRows(ref.id, ids);
      if (found.length !== new Set(ids).size) {
        const missing = ids.filter((id) => !found.some((row) => row.id === id));
        throw notFound(`BOM row ${missing.join(', ')}`);
      }
      const deleted = await transactor.transaction(async () => {
        const gone = await repository.deleteRows(ref.id, ids);
        await afterChange(ref);
        return gone;
      });
      return { ids: deleted, bom: await presentRows(await repository.listRows(ref.id)) };
    },

    async saveRows(actor: Actor, productId: number, input: z.output<typeof SaveBomsInput>['boms']) {
      const ref = await deps.product(actor, productId, 'edit');
      const ids = input.map((row) => row.id);
      const found = await repository.findRows(ref.id, ids);
      const missing = ids.filter((id) => !found.some((row) => row.id === id));
      if (missing.length > 0) throw notFound(`BOM row ${missing.join(', ')}`);
      const changes: { id: number; changes: BomRowChanges }[] = [];
      for (const { id, ...fields } of input)
        changes.push({ id, changes: await changesOf(actor, fields) });
      await transactor.transaction(async () => {
        const now = clock.now();
        for (const { id, changes: set } of changes)
          await repository.updateRow(ref.id, id, set, now);
        if (changes.some(({ changes: set }) => set.refDesigns !== undefined))
          await afterChange(ref);
      });
      const byId = new Map((await repository.findRows(ref.id, ids)).map((row) => [row.id, row]));
      return presentRows(ids.map((id) => byId.get(id)!));
    },

    async saveSuggestResults(
      actor: Actor,
      productId: number,
      input: z.output<typeof SaveSuggestResultsInput>,
    ) {
      const ref = await deps.product(actor, productId, 'edit');
      const ids = input.results.map((r) => r.bom_id);
      const found = await repository.findRows(ref.id, ids);
      const missing = ids.filter((id) => !found.some((row) => row.id === id));
      if (missing.length > 0) throw notFound(`BOM row ${missing.join(', ')}`);
      const partIds = [...new Set(input.results.flatMap((r) => r.part_ids))];
      const visible = new Set((await parts.visibleRows(actor, partIds)).map((p) => p.id));
      const unknown = partIds.filter((id) => !visible.has(id));
      if (unknown.length > 0)
        throw invalidField('results', `Parts ${unknown.join(', ')} are not in the catalogue`);
      await transactor.transaction(async () => {
        const now = clock.now();
        for (const result of input.results) {
          await repository.updateRow(
            ref.id,
            result.bom_id,
            {
              suggestions: result.part_ids.map((part_id) => ({
                part_id,
                basis: 'user',
                confidence: 'high',
              })),
            },
            now,
          );
        }
      });
      const byId = new Map((await repository.findRows(ref.id, ids)).map((row) => [row.id, row]));
      return presentRows(ids.map((id) => byId.get(id)!));
    },

    async prices(actor: Actor, productId: number, word: string) {
      await deps.product(actor, productId, 'read');
      const data = await matcher.searchLine(actor, word, 15);
      return {
        data,
        suggestions: data.map((part) =>
          presentSuggestion(part, {
            basis: 'value',
            confidence: 'medium',
            reason: `search "${word}"`,
          }),
        ),
      };
    },

    /** Copies a product's BOM to its duplicate; answers old row id to new. */
    async copyBom(from: ProductRef, to: ProductRef, fileIds: ReadonlyMap<number, number>) {
      const rows = await repository.listRows(from.id);
      const inserted = await repository.insertRows(
        rows.map(({ id: _id, createdAt: _c, updatedAt: _u, ...row }) => ({
          ...row,
          companyId: to.companyId,
          productId: to.id,
          productFileId:
            row.productFileId === null ? null : (fileIds.get(row.productFileId) ?? null),
        })),
      );
      return new Map(rows.map((row, index) => [row.id, inserted[index]!.id]));
    },
  };
}

export type BomService = ReturnType<typeof createBomService>;
