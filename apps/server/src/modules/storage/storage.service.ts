import { randomBytes } from 'node:crypto';
import type { StoredFile } from '@circuits/contracts';
import type { Clock } from '../../clock.ts';
import type { Transactor } from '../../db/database.ts';
import { invalidField } from '../../http/errors.ts';
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

/**
 * File contents in the object store, and who owns them. Writing is two steps so a failed upload
 * leaves nothing: objects are put first; their rows are registered inside the caller's
 * transaction; when anything fails the caller discards the objects it put.
 */
export function createStorageService(deps: {
  repository: StorageRepository;
  store: ObjectStore;
  transactor: Transactor;
  clock: Clock;
  logger: Logger;
  linkTtlMs: number;
  configuredSecret: string | undefined;
}) {
  const { repository, store, transactor, clock, logger } = deps;
  const signer = onceAsync(async () => {
    const secret =
      deps.configuredSecret ??
      (await repository.signingSecret(randomBytes(32).toString('base64url')));
    return createLinkSigner(secret, deps.linkTtlMs);
  });

  return {
    store,

    /** Puts the bytes under a new key; the object is not owned by anyone until registered. */
    async put(source: ObjectSource, contentType: string): Promise<string> {
      const key = newObjectKey();
      await store.put(key, source, contentType);
      return key;
    },

    /** Copies an object to a new key, so the copy lives on when the original is deleted. */
    async copy(key: string): Promise<string> {
      const copyKey = newObjectKey();
      await store.copy(key, copyKey);
      return copyKey;
    },

    register(companyId: number, files: readonly Omit<NewStoredFile, 'companyId'>[]) {
      return repository.insertFiles(
        files.map((file) => ({ ...file, companyId })),
        clock.now(),
      );
    },

    /** Rows of objects being copied, for their names and content types. */
    find(keys: readonly string[]): Promise<StoredFileRow[]> {
      return repository.findFiles(keys);
    },

    findOne(key: string): Promise<StoredFileRow | undefined> {
      return repository.findFile(key);
    },

    /** Forgets the rows (in the caller's transaction); call `discard` for the objects after. */
    unregister(keys: readonly string[]): Promise<void> {
      return repository.deleteFiles(keys);
    },

    /** Deletes objects; failures are logged, not raised (the rows are gone already). */
    async discard(keys: readonly string[]): Promise<void> {
      await Promise.all(
        keys.map(async (key) => {
          try {
            await store.delete(key);
          } catch (error) {
            logger.warn({ err: error, key }, 'could not delete a stored object');
          }
        }),
      );
    },

    /** A function giving each file its signed inline and download links. */
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
      const key = newObjectKey();
      await store.put(key, { type: 'file', path: upload.path, size: upload.size }, contentType);
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
