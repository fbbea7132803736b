// A product's stored files copied for another product (copying a product): new objects first,
// outside any transaction, then the rows in the caller's transaction, so the two products never
// share a stored object.

import type { Clock } from '../../clock.ts';
import type { Transactor } from '../../db/database.ts';
import { contentTypeFor } from '../storage/content-types.ts';
import type { StorageService } from '../storage/storage.service.ts';
import type { FilesRepository } from './files.repository.ts';
import type { FileCopies, ProductRef } from './files.types.ts';
import { mapConcurrently } from './put-concurrently.ts';

/** The files service's copy methods. */
export function createFileCopies(deps: {
  repository: FilesRepository;
  storage: StorageService;
  transactor: Transactor;
  clock: Clock;
}) {
  const { repository, storage, transactor, clock } = deps;
  return {
    /**
     * Copies every stored file of a product to new objects (outside transactions), for
     * `saveCopies` to give to another product. Each copy gets its own stored object, so deleting
     * either product's files never touches the other's.
     */
    async copyObjects(from: ProductRef): Promise<FileCopies> {
      const [fileRows, boardRows] = await Promise.all([
        repository.listFiles(from.id),
        repository.listBoardFiles(from.id),
      ]);
      const stored = new Map(
        (await storage.find(fileRows.map((row) => row.storageKey))).map((row) => [row.key, row]),
      );
      const copies: string[] = [];
      const discard = () => storage.discard(copies);
      try {
        const keys = await mapConcurrently(fileRows, async (row) => {
          const key = await storage.copy(row.storageKey);
          copies.push(key);
          return key;
        });
        return {
          files: fileRows.map((row, index) => ({
            row,
            key: keys[index]!,
            contentType: stored.get(row.storageKey)?.contentType ?? contentTypeFor(row.name, false),
          })),
          boardRows,
          discard,
        };
      } catch (error) {
        await discard();
        throw error;
      }
    },

    /** Gives copied files and their board files to a product (in the caller's transaction). */
    async saveCopies(to: ProductRef, copies: FileCopies): Promise<Map<number, number>> {
      return transactor.transaction(async () => {
        const now = clock.now();
        await storage.register(
          to.companyId,
          copies.files.map(({ row, key, contentType }) => ({
            key,
            name: row.name,
            size: row.size,
            contentType,
          })),
        );
        const inserted = await repository.insertFiles(
          copies.files.map(({ row, key }) => ({
            productId: to.id,
            storageKey: key,
            name: row.name,
            description: row.description,
            typeId: row.typeId,
            size: row.size,
            guess: row.guess,
          })),
          now,
        );
        const newIdOf = new Map(
          copies.files.map(({ row }, index) => [row.id, inserted[index]!.id]),
        );
        await repository.insertBoardFiles(
          copies.boardRows.map((row) => ({
            productId: to.id,
            productFileId: newIdOf.get(row.productFileId)!,
            fileType: row.fileType,
            color: row.color,
            isVisible: row.isVisible,
            layerNumber: row.layerNumber,
            guess: row.guess,
          })),
          now,
        );
        return newIdOf;
      });
    },
  };
}
