import type {
  AddPlacementInput,
  PackageCorrection,
  PackageCorrectionInput,
  PackageCorrectionUpdate,
  ParsedPlacements,
  Placement,
  PlacementsFromFileInput,
  PlacementUpdate,
  UpdatePlacementsInput,
} from '@circuits/contracts';
import { PLACEMENT_READ_WARNINGS } from '@circuits/contracts';
import {
  normaliseAngle,
  PRODUCT_FILE_TYPE_IDS,
  packageNameKey,
  refDesignKey,
} from '@circuits/domain';
import type { z } from 'zod';
import type { Clock } from '../../clock.ts';
import type { Transactor } from '../../db/database.ts';
import { invalidField, notFound } from '../../http/errors.ts';
import type { Actor } from '../auth/actor.ts';
import { footprintWords } from '../bom/bom-matching.ts';
import type { FilesService, ProductRef } from '../files/files.service.ts';
import type { PackagesService } from '../packages/packages.service.ts';
import type { PlacementsRead } from '../tables/table-job.ts';
import type { TableReader } from '../tables/table-reader.ts';
import { BOM_TEXT_LIMITS, cutText } from '../tables/text-caps.ts';
import {
  correctionsOf,
  NO_CORRECTIONS,
  presentCorrection,
  presentPlacement,
} from './placements.presenter.ts';
import type {
  NewPlacement,
  PackageCorrectionChanges,
  PackageCorrectionRecord,
  PlacementChanges,
  PlacementRecord,
  PlacementsRepository,
} from './placements.repository.ts';

/** The largest placement file read. */
export const MAX_PLACEMENT_FILE_BYTES = 20 * 1024 * 1024;

type Intent = 'read' | 'edit';
/** The placements area: where each part goes on the board. */
export function createPlacementsService(deps: {
  repository: PlacementsRepository;
  packages: PackagesService;
  files: FilesService;
  product: (actor: Actor, id: number, intent: Intent) => Promise<ProductRef>;
  /** Reads placement files in the table workers. */
  tables: TableReader;
  /** Designator key to BOM row id (the BOM area; late-bound, as it tells us of changes). */
  bomIndex: () => (productId: number) => Promise<Map<string, number>>;
  transactor: Transactor;
  clock: Clock;
}) {
  const { repository, packages, files, transactor, clock } = deps;

  async function present(rows: readonly PlacementRecord[]): Promise<Placement[]> {
    const ids = [
      ...new Set(rows.flatMap((row) => (row.packageId === null ? [] : [row.packageId]))),
    ];
    // The rows are one product's, so one company's.
    const companyId = rows[0]?.companyId;
    const [byId, corrections] = await Promise.all([
      packages.packagesById(ids),
      companyId === undefined
        ? NO_CORRECTIONS
        : repository.listCorrections(companyId).then(correctionsOf),
    ]);
    return rows.map((row) => presentPlacement(row, byId, corrections));
  }

  async function presentCorrections(
    ref: ProductRef,
    records: readonly PackageCorrectionRecord[],
  ): Promise<PackageCorrection[]> {
    const [placements, all, byId] = await Promise.all([
      repository.listPlacements(ref.id),
      repository.listCorrections(ref.companyId),
      packages.packagesById(records.flatMap((record) => record.packageId ?? [])),
    ]);
    const corrections = correctionsOf(all);
    return records.map((record) => presentCorrection(record, byId, placements, corrections));
  }

  async function requireCorrection(ref: ProductRef, id: number) {
    const record = await repository.findCorrection(ref.companyId, id);
    if (!record) throw notFound('package correction');
    return record;
  }

  /** Catalogue package ids for package names as files write them (`C_0603_1608Metric`). */
  async function packageIdsOf(names: readonly (string | null)[]): Promise<Map<string, number>> {
    const distinct = [...new Set(names.filter((name): name is string => !!name))];
    const wordsOf = new Map(distinct.map((name) => [name, footprintWords(name)]));
    const named = await packages.packagesNamed([...new Set([...wordsOf.values()].flat())]);
    const ids = new Map<string, number>();
    for (const [name, words] of wordsOf) {
      const word = words.find((w) => named.has(w));
      if (word) ids.set(name, named.get(word)![0]!);
    }
    return ids;
  }

  async function requireRows(productId: number, ids: readonly number[]) {
    const found = await repository.findPlacements(productId, ids);
    const missing = ids.filter((id) => !found.some((row) => row.id === id));
    if (missing.length > 0) throw notFound(`placement ${missing.join(', ')}`);
    return found;
  }

  async function requirePackage(id: number) {
    const pkg = await packages.findPackage(id);
    if (!pkg) throw invalidField('package_id', `Package ${id} is not in the catalogue`);
  }

  async function changesOf(
    input: z.output<typeof PlacementUpdate>,
    bomIndex?: Map<string, number>,
  ) {
    const changes: PlacementChanges = {};
    if (input.refDesign !== undefined) {
      changes.refDesign = input.refDesign;
      if (bomIndex) changes.bomId = bomIndex.get(refDesignKey(input.refDesign)) ?? null;
    }
    if (input.side !== undefined) changes.side = input.side;
    if (input.x !== undefined) changes.xMm = input.x;
    if (input.y !== undefined) changes.yMm = input.y;
    if (input.angle !== undefined) changes.angle = normaliseAngle(input.angle);
    if (input.confirmed !== undefined) changes.confirmed = input.confirmed;
    if (input.dnp !== undefined) changes.dnp = input.dnp;
    if (input.package_id !== undefined) {
      if (input.package_id !== null) await requirePackage(input.package_id);
      changes.packageId = input.package_id;
    }
    if (input.packageName !== undefined) changes.packageName = input.packageName || null;
    if (input.value !== undefined) changes.value = input.value || null;
    return changes;
  }

  function presentParsed(
    file: PlacementsRead,
    fileId: number,
    fileName: string,
    offset: number,
  ): ParsedPlacements {
    return {
      file_id: fileId,
      fileName,
      format: file.format,
      formatName: file.formatName,
      encoding: file.encoding,
      headerLine: file.headerLine,
      columns: file.columns.map((column) => ({
        index: column.index,
        header: column.header,
        field: column.field,
        confidence: column.confidence,
        basis: column.basis,
      })),
      units: file.units,
      sides: file.sides,
      needsConfirmation: file.needsConfirmation,
      placements: file.placements.map((row) => ({
        line: row.line,
        refDesign: row.refDesign,
        side: row.side,
        x: row.xMm,
        y: row.yMm,
        angle: row.angle,
        value: row.value,
        package: row.package,
        dnp: row.dnp,
      })),
      offset,
      total: file.total,
      counts: file.counts,
      warnings: file.warnings.slice(0, PLACEMENT_READ_WARNINGS).map((warning) => ({
        ...warning,
        message: cutText(warning.message, BOM_TEXT_LIMITS.warning),
      })),
      totalWarnings: file.warnings.length,
    };
  }

  async function relink(productId: number) {
    const index = await deps.bomIndex()(productId);
    const rows = await repository.listPlacements(productId);
    const links = rows.flatMap((row): [number, number | null][] => {
      const bomId = index.get(refDesignKey(row.refDesign)) ?? null;
      return bomId === row.bomId ? [] : [[row.id, bomId]];
    });
    if (links.length > 0) await repository.setBomLinks(productId, links);
  }

  async function listAll(productId: number) {
    return present(await repository.listPlacements(productId));
  }

  return {
    async pageOf(productId: number) {
      const [placements, offset] = await Promise.all([
        listAll(productId),
        repository.offsetOf(productId),
      ]);
      return { placements, offset };
    },

    async checkedOf(productId: number) {
      const rows = await repository.listPlacements(productId);
      return rows.map((row) => ({
        refDesign: row.refDesign,
        confirmed: row.confirmed,
        dnp: row.dnp,
      }));
    },

    /** The BOM changed its designators: placements follow their BOM rows. */
    relink,

    async add(actor: Actor, productId: number, input: z.output<typeof AddPlacementInput>) {
      const ref = await deps.product(actor, productId, 'edit');
      const changes = await changesOf(input, await deps.bomIndex()(ref.id));
      if (changes.packageId === undefined && input.packageName) {
        changes.packageId =
          (await packageIdsOf([input.packageName])).get(input.packageName) ?? null;
      }
      const [row] = await transactor.transaction(async () =>
        repository.insertPlacements([
          {
            ...changes,
            companyId: ref.companyId,
            productId: ref.id,
            position: await repository.nextPosition(ref.id),
            refDesign: input.refDesign,
            side: input.side,
            xMm: input.x,
            yMm: input.y,
          },
        ]),
      );
      const [presented] = await present([row!]);
      return presented!;
    },

    async fromFile(
      actor: Actor,
      productId: number,
      input: z.output<typeof PlacementsFromFileInput>,
    ) {
      const ref = await deps.product(actor, productId, input.data.preview ? 'read' : 'edit');
      const file = await files.readFile(ref.id, input.file_id, MAX_PLACEMENT_FILE_BYTES);
      const { data } = input;
      const page = { offset: data.offset, limit: data.limit };
      // A preview sends back one page of placements; saving needs them all.
      const read = await deps.tables.readPlacements(
        { source: { bytes: file.bytes }, fileName: file.name, field: 'file_id' },
        {
          fileName: file.name,
          ...(data.unit ? { unit: data.unit } : {}),
          ...(data.side ? { side: data.side } : {}),
          ...(data.headerLine !== undefined ? { headerLine: data.headerLine } : {}),
          ...(data.mapping ? { mapping: data.mapping } : {}),
        },
        data.preview ? page : undefined,
      );
      const rows = read.placements;
      const parsed = presentParsed(
        data.preview
          ? read
          : { ...read, placements: rows.slice(page.offset, page.offset + page.limit) },
        file.id,
        file.name,
        page.offset,
      );
      if (data.preview) return { parsed, saved: false, data: [] };
      const [packageIds, bomIndex] = await Promise.all([
        packageIdsOf(rows.map((row) => row.package)),
        deps.bomIndex()(ref.id),
      ]);
      await transactor.transaction(async () => {
        if (data.replace) await repository.deletePlacements(ref.id);
        const first = data.replace ? 0 : await repository.nextPosition(ref.id);
        await repository.insertPlacements(
          rows.map(
            (row, index): NewPlacement => ({
              companyId: ref.companyId,
              productId: ref.id,
              productFileId: file.id,
              position: first + index,
              line: row.line,
              refDesign: row.refDesign,
              side: row.side,
              xMm: row.xMm,
              yMm: row.yMm,
              angle: row.angle,
              dnp: row.dnp,
              packageId: row.package ? (packageIds.get(row.package) ?? null) : null,
              packageName: row.package,
              value: row.value,
              bomId: bomIndex.get(refDesignKey(row.refDesign)) ?? null,
            }),
          ),
          false,
        );
        await files.setFileType(ref.id, file.id, PRODUCT_FILE_TYPE_IDS.pickAndPlace);
      });
      const all = await listAll(ref.id);
      return { parsed, saved: true, data: all };
    },

    async updateMany(
      actor: Actor,
      productId: number,
      input: z.output<typeof UpdatePlacementsInput>,
    ) {
      const ref = await deps.product(actor, productId, 'edit');
      const ids = input.placements.map((row) => row.id);
      await requireRows(ref.id, ids);
      const bomIndex = input.placements.some((row) => row.refDesign !== undefined)
        ? await deps.bomIndex()(ref.id)
        : undefined;
      const changes: { id: number; set: PlacementChanges }[] = [];
      for (const { id, ...fields } of input.placements)
        changes.push({ id, set: await changesOf(fields, bomIndex) });
      await transactor.transaction(async () => {
        const now = clock.now();
        for (const { id, set } of changes) await repository.updatePlacement(ref.id, id, set, now);
        if (input.offset) await repository.saveOffset(ref.id, input.offset, now);
      });
      return { data: await listAll(ref.id), offset: await repository.offsetOf(ref.id) };
    },

    async updateOne(
      actor: Actor,
      productId: number,
      id: number,
      input: z.output<typeof PlacementUpdate>,
    ) {
      const ref = await deps.product(actor, productId, 'edit');
      await requireRows(ref.id, [id]);
      const set = await changesOf(
        input,
        input.refDesign !== undefined ? await deps.bomIndex()(ref.id) : undefined,
      );
      await repository.updatePlacement(ref.id, id, set, clock.now());
      const [presented] = await present(await repository.findPlacements(ref.id, [id]));
      return presented!;
    },

    async deleteMany(actor: Actor, productId: number, ids: readonly number[]) {
      const ref = await deps.product(actor, productId, 'edit');
      await requireRows(ref.id, ids);
      const deleted = await repository.deletePlacements(ref.id, ids);
      return { ids: deleted, placements: await listAll(ref.id) };
    },

    async corrections(actor: Actor, productId: number) {
      const ref = await deps.product(actor, productId, 'read');
      return {
        data: await presentCorrections(ref, await repository.listCorrections(ref.companyId)),
      };
    },

    async addCorrection(
      actor: Actor,
      productId: number,
      input: z.output<typeof PackageCorrectionInput>,
    ) {
      const ref = await deps.product(actor, productId, 'edit');
      const packageId = input.package_id ?? null;
      if (packageId !== null) await requirePackage(packageId);
      const packageName = packageId === null ? (input.packageName ?? null) : null;
      const record = await repository.saveCorrection(
        {
          companyId: ref.companyId,
          packageName,
          packageKey: packageName === null ? null : packageNameKey(packageName),
          packageId,
          rotation: normaliseAngle(input.rotation),
          xMm: input.x,
          yMm: input.y,
        },
        clock.now(),
      );
      const [data] = await presentCorrections(ref, [record]);
      return { data: data!, placements: await listAll(ref.id) };
    },

    async updateCorrection(
      actor: Actor,
      productId: number,
      id: number,
      input: z.output<typeof PackageCorrectionUpdate>,
    ) {
      const ref = await deps.product(actor, productId, 'edit');
      await requireCorrection(ref, id);
      const changes: PackageCorrectionChanges = {};
      if (input.rotation !== undefined) changes.rotation = normaliseAngle(input.rotation);
      if (input.x !== undefined) changes.xMm = input.x;
      if (input.y !== undefined) changes.yMm = input.y;
      const record = await repository.updateCorrection(ref.companyId, id, changes, clock.now());
      if (!record) throw notFound('package correction');
      const [data] = await presentCorrections(ref, [record]);
      return { data: data!, placements: await listAll(ref.id) };
    },

    async deleteCorrection(actor: Actor, productId: number, id: number) {
      const ref = await deps.product(actor, productId, 'edit');
      if (!(await repository.deleteCorrection(ref.companyId, id)))
        throw notFound('package correction');
      return { ids: [id], placements: await listAll(ref.id) };
    },

    /** Copies a product's placements (and offset) to its duplicate. */
    async copyPlacements(
      from: ProductRef,
      to: ProductRef,
      fileIds: ReadonlyMap<number, number>,
      bomIds: ReadonlyMap<number, number>,
    ) {
      const rows = await repository.listPlacements(from.id);
      await repository.insertPlacements(
        rows.map(({ id: _id, createdAt: _c, updatedAt: _u, ...row }) => ({
          ...row,
          companyId: to.companyId,
          productId: to.id,
          productFileId:
            row.productFileId === null ? null : (fileIds.get(row.productFileId) ?? null),
          bomId: row.bomId === null ? null : (bomIds.get(row.bomId) ?? null),
        })),
      );
      const offset = await repository.offsetOf(from.id);
      if (offset.x !== 0 || offset.y !== 0) await repository.saveOffset(to.id, offset, clock.now());
    },
  };
}

export type PlacementsService = ReturnType<typeof createPlacementsService>;
