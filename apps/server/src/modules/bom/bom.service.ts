import {
  type AddBomInput,
  BOM_PREVIEW_ROWS,
  type BomFromFileInput,
  type BomRow,
  FILE_FIRST_ROWS,
  type ParseBomForm,
  type ParseExistedBomForm,
  type SaveBomsInput,
  type SaveSuggestResultsInput,
} from '@circuits/contracts';
import { type BomRefDesign, PRODUCT_FILE_TYPE_IDS, refDesignKey } from '@circuits/domain';
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
import type { BomRepository, BomRowChanges, BomRowRecord } from './bom.repository.ts';
import type { BomMatcher } from './bom-matching.ts';
import { createBomReads } from './bom-reads.ts';
import { createBomRowInputs } from './bom-row-inputs.ts';
import { designatorBudget, quantityWarnings } from './bom-row-records.ts';

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
  const { requireRow, changesOf, newRows, rowsOfInput, savedFromRead } = createBomRowInputs({
    repository,
    matcher,
    parts,
  });

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
      const budget = designatorBudget();
      for (const { id, ...fields } of input)
        changes.push({ id, changes: await changesOf(actor, fields, budget) });
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
