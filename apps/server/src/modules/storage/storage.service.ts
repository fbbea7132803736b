import { randomBytes } from 'node:crypto';
import type { StoredFile } from '@circuits/contracts';
import type { Clock } from '../../clock.ts';
import type { Transactor } from '../../db/database.ts';
import { invalidField, serviceUnavailable } from '../../http/errors.ts';
import type { UploadedFile } from '../../http/multipart.ts';
import { sanitizeFileName } from '../../lib/file-names.ts';
import { onceAsync } from '../../lib/once-async.ts';
import type { Logger } from '../../logger.ts';
import { imageContentType } from './images.ts';
import type { ObjectSource, ObjectStore } from './object-store.ts';
import { createLinkSigner, type LinkDisposition, type LinkQuery } from './signed-links.ts';
import type { NewStoredFile, StorageRepository, StoredFileRow } from './storage.repository.ts';

/** A stored object as the areas that own files keep it. */
export type StoredObject = { key: string; name: string; size: number };

export type LinkMaker = (file: StoredObject) => StoredFile;

export const COVER_TYPE_MESSAGE = 'The cover must be a PNG, JPEG, GIF or WebP image';

export function newObjectKey(): string {
  const hex = randomBytes(16).toString('hex');
  return `${hex.slice(0, 2)}/${hex}`;
}

/** What a storage sweep removed. */
export type SweepResult = { abandonedObjects: number; orphanedObjects: number; unfinished: number };

// Objects deleted together by a sweep, and how many deletions run at once.
const SWEEP_BATCH = 500;
const DELETE_CONCURRENCY = 8;

/**
 * File contents in the object store, and who owns them. Writing is two steps so a failed upload
 * leaves nothing: objects are put first; their rows are registered inside the caller's
 * transaction; when anything fails the caller discards the objects it put. Each object put (or
 * whose row is removed) is recorded as pending until its row is in or the object is gone, so
 * whatever a crash interrupts is found and removed by the sweep.
 */
export function createStorageService(deps: {
  repository: StorageRepository;
  store: ObjectStore;
  transactor: Transactor;
  clock: Clock;
  logger: Logger;
  linkTtlMs: number;
  configuredSecret: string | undefined;
  /** This server instance, which pending records name (registered before the first one). */
  instance: { registered(): Promise<string> };
  /** An object that nothing accounts for is removed once it is older than this. */
  orphanGraceMs: number;
}) {
  const { repository, store, transactor, clock, logger } = deps;
  const signer = onceAsync(async () => {
    const secret =
      deps.configuredSecret ??
      (await repository.signingSecret(randomBytes(32).toString('base64url')));
    return createLinkSigner(secret, deps.linkTtlMs);
  });

  /**
   * Writes a new object under a pending record. Outside transactions only: the record must be
   * committed before the object exists, whatever becomes of the caller's transaction.
   */
  async function write(save: (key: string) => Promise<void>): Promise<string> {
    if (transactor.inTransaction()) throw new Error('objects are written outside transactions');
    const key = newObjectKey();
    await repository.recordPending([key], await deps.instance.registered(), clock.now());
    try {
      await save(key);
    } catch (error) {
      await discard([key]);
      throw error;
    }
    return key;
  }

  /** Deletes objects, a few at a time; answers those deleted (failures are logged). */
  async function deleteObjects(keys: readonly string[]): Promise<string[]> {
    const deleted: string[] = [];
    let next = 0;
    const worker = async () => {
      while (next < keys.length) {
        const key = keys[next++]!;
        try {
          await store.delete(key);
          deleted.push(key);
        } catch (error) {
          logger.warn({ err: error, key }, 'could not delete a stored object');
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(DELETE_CONCURRENCY, keys.length) }, worker));
    return deleted;
  }

  /**
   * Deletes the objects of `keys` that are pending (put and not registered, or unregistered);
   * a registered object is never deleted here. One that cannot be deleted now keeps its record,
   * so the sweep tries again.
   */
  async function discard(keys: readonly string[]): Promise<void> {
    const pending = await repository.pendingAmong(keys);
    await repository.settlePending(await deleteObjects(pending));
  }

  /** Objects whose pending records nothing will settle: their writer stopped, or long ago. */
  async function sweepAbandoned(staleBefore: Date): Promise<number> {
    let removed = 0;
    for (;;) {
      const keys = await transactor.transaction(async () => {
        const taken = await repository.takeAbandoned(staleBefore, SWEEP_BATCH);
        // A record beside its row (never expected) names an object in use: it stays.
        const registered = new Set((await repository.findFiles(taken)).map((row) => row.key));
        return { taken: taken.length, orphaned: taken.filter((key) => !registered.has(key)) };
      });
      removed += (await deleteObjects(keys.orphaned)).length;
      if (keys.taken < SWEEP_BATCH) return removed;
    }
  }

  /** Objects in the store that nothing accounts for, last written before `before`. */
  async function sweepOrphans(before: Date): Promise<number> {
    let removed = 0;
    for await (const page of store.list()) {
      const old = page.filter((object) => object.modifiedAt < before).map((object) => object.key);
      const accounted = await repository.accountedFor(old);
      removed += (await deleteObjects(old.filter((key) => !accounted.has(key)))).length;
    }
    return removed;
  }

  return {
    store,

    /** Puts the bytes under a new key; the object is not owned by anyone until registered. */
    put(source: ObjectSource, contentType: string): Promise<string> {
      return write((key) => store.put(key, source, contentType));
    },

    /** Copies an object to a new key, so the copy lives on when the original is deleted. */
    copy(key: string): Promise<string> {
      return write((copyKey) => store.copy(key, copyKey));
    },

    /**
     * Inserts the rows of objects put by `put` or `copy` (in the caller's transaction). An
     * object the sweep took meanwhile (this instance was silent too long) is refused.
     */
    async register(companyId: number, files: readonly Omit<NewStoredFile, 'companyId'>[]) {
      const keys = files.map((file) => file.key);
      await transactor.transaction(async () => {
        const settled = await repository.settlePending(keys);
        if (settled.length !== keys.length) {
          throw serviceUnavailable('Saving the files took too long; please try again');
        }
        await repository.insertFiles(
          files.map((file) => ({ ...file, companyId })),
          clock.now(),
        );
      });
    },

    /** Rows of objects being copied, for their names and content types. */
    find(keys: readonly string[]): Promise<StoredFileRow[]> {
      return repository.findFiles(keys);
    },

    findOne(key: string): Promise<StoredFileRow | undefined> {
      return repository.findFile(key);
    },

    /**
     * Forgets the rows (in the caller's transaction) and records their objects as pending; call
     * `discard` for the objects after the transaction.
     */
    async unregister(keys: readonly string[]): Promise<void> {
      if (keys.length === 0) return;
      const instanceId = await deps.instance.registered();
      await transactor.transaction(async () => {
        await repository.deleteFiles(keys);
        await repository.recordPending(keys, instanceId, clock.now());
      });
    },

    discard,

    /**
     * Removes what no row will ever refer to: the objects of writes and deletions a stopped
     * instance left unfinished, objects older than the orphan grace that nothing accounts for
     * (writes of older versions, deletions interrupted before they were recorded), and partial
     * files.
     */
    async sweep(): Promise<SweepResult> {
      const before = new Date(clock.now().getTime() - deps.orphanGraceMs);
      const abandonedObjects = await sweepAbandoned(before);
      const orphanedObjects = await sweepOrphans(before);
      const unfinished = await store.removeUnfinished(before);
      return { abandonedObjects, orphanedObjects, unfinished };
    },

    /** A function giving each file its signed inline and download links. */
    /** Changes when freshly made links would differ from those made before (see periodOf). */
    async linkPeriod(): Promise<number> {
      return (await signer()).periodOf(clock.now());
    },

    async linkMaker(): Promise<LinkMaker> {
      const links = await signer();
      const now = clock.now();
      return (file) => ({
        name: file.name,
        size: file.size,
        link: links.sign(file.key, 'inline', now),
        downloadLink: links.sign(file.key, 'attachment', now),
      });
    },

    /**
     * Puts an uploaded cover image (PNG, JPEG, GIF or WebP by its bytes) and answers what to
     * register; anything else is refused with a message for the `cover` field.
     */
    async putCover(upload: UploadedFile): Promise<Omit<NewStoredFile, 'companyId'>> {
      const contentType = await imageContentType(upload.path);
      if (!contentType) throw invalidField('cover', COVER_TYPE_MESSAGE);
      const key = await write((newKey) =>
        store.put(newKey, { type: 'file', path: upload.path, size: upload.size }, contentType),
      );
      return { key, name: sanitizeFileName(upload.fileName), contentType, size: upload.size };
    },

    /**
     * Runs `save` in a transaction with an uploaded cover image stored and registered to the
     * company (when one was uploaded); if anything fails the cover is removed again.
     */
    async withCover<T>(
      companyId: number,
      upload: UploadedFile | undefined,
      save: (cover: { key: string } | undefined) => Promise<T>,
    ): Promise<T> {
      const cover = upload ? await this.putCover(upload) : undefined;
      try {
        return await transactor.transaction(async () => {
          if (cover) await this.register(companyId, [cover]);
          return save(cover);
        });
      } catch (error) {
        if (cover) await this.discard([cover.key]);
        throw error;
      }
    },

    /** Links of stored files (covers) by key; keys without a file are left out. */
    async linksByKey(
      keys: readonly (string | null)[],
      links: LinkMaker,
    ): Promise<Map<string, StoredFile>> {
      const rows = await repository.findFiles(keys.filter((key): key is string => key !== null));
      return new Map(
        rows.map((row) => [row.key, links({ key: row.key, name: row.name, size: row.size })]),
      );
    },

    async checkLink(key: string, query: LinkQuery) {
      return (await signer()).verify(key, query, clock.now());
    },
  };
}

export type StorageService = ReturnType<typeof createStorageService>;
export type { LinkDisposition };
