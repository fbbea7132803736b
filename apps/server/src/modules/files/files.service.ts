import type {
  AddedFile,
  BoardFile,
  ProductFile,
  UpdateBoardFilesInput,
  UpdateFilesInput,
} from '@circuits/contracts';
import { type BoardFileType, PRODUCT_FILE_TYPE_IDS, summarizeAddedFiles } from '@circuits/domain';
import { engineInputKind, FILETYPE_SCAN_LIMIT } from '@circuits/gerber';
import type { z } from 'zod';
import type { Clock } from '../../clock.ts';
import type { UploadLimits } from '../../config.ts';
import { conflictOnDuplicate, type Transactor } from '../../db/database.ts';
import { conflict, invalidField, notFound } from '../../http/errors.ts';
import type { UploadedFile } from '../../http/multipart.ts';
import { describeBytes } from '../../lib/byte-sizes.ts';
import { contentTypeFor } from '../storage/content-types.ts';
import type { LinkMaker, StorageService } from '../storage/storage.service.ts';
import type { TableReader } from '../tables/table-reader.ts';
import { boardFileFromIdentity } from './board-file-guess.ts';
import { createFileCopies } from './file-copies.ts';
import {
  type Detection,
  detectFiles,
  type IdentifyUpload,
  identifySet,
  isTextFile,
} from './file-detection.ts';
import { presentAddedFile, presentBoardFile, presentProductFile } from './files.presenter.ts';
import type { FilesRepository, NewBoardFile, ProductFileRow } from './files.repository.ts';
import type {
  BoardSource,
  EngineSource,
  PreparedFiles,
  ProductRef,
  UploadOptions,
} from './files.types.ts';
import { mapConcurrently } from './put-concurrently.ts';
import { spreadsheetHeads } from './spreadsheet-head.ts';
import { type Candidate, expandUploads } from './upload-expansion.ts';

// The files area's shapes live in files.types.ts; callers keep importing them from here.
export type {
  BoardSource,
  EngineSource,
  FileCopies,
  PreparedFiles,
  ProductRef,
  UploadOptions,
} from './files.types.ts';

const ALREADY_ON_BOARD = 'This file is already on the board';

export function createFilesService(deps: {
  repository: FilesRepository;
  storage: StorageService;
  transactor: Transactor;
  clock: Clock;
  limits: UploadLimits;
  /** Reads the first rows of uploaded spreadsheets, in the table workers. */
  tables: TableReader;
  /** Identifies an upload's layer files, in the worker pool (within its time and memory). */
  identify: IdentifyUpload;
}) {
  const { repository, storage, transactor, clock, limits, identify } = deps;
  const heads = spreadsheetHeads(deps.tables);

  const copies = createFileCopies({ repository, storage, transactor, clock });

  async function withoutDetection(candidate: Candidate): Promise<Detection> {
    return {
      typeId: PRODUCT_FILE_TYPE_IDS.initial,
      reason: 'not detected',
      isText: await isTextFile(candidate.path),
      layer: null,
    };
  }

  async function present(productId: number, links: LinkMaker) {
    const [fileRows, boardRows] = await Promise.all([
      repository.listFiles(productId),
      repository.listBoardFiles(productId),
    ]);
    const byId = new Map(fileRows.map((row) => [row.id, row]));
    return {
      files: fileRows.map((row) => presentProductFile(row, links)),
      // Read apart, so a board file added or deleted in between may lack its file: left out.
      boardFiles: boardRows.flatMap((row) => {
        const file = byId.get(row.productFileId);
        return file ? [presentBoardFile(row, file, links)] : [];
      }),
    };
  }

  async function listAll(
    productId: number,
  ): Promise<{ files: ProductFile[]; boardFiles: BoardFile[] }> {
    return present(productId, await storage.linkMaker());
  }

  async function requireFile(productId: number, fileId: number): Promise<ProductFileRow> {
    const row = await repository.findFile(productId, fileId);
    if (!row) throw notFound('file');
    return row;
  }

  /** The first bytes of a stored file, as identification reads them. */
  async function headOf(key: string): Promise<string> {
    const object = await storage.store.open(key);
    if (!object) return '';
    const chunks: Buffer[] = [];
    let length = 0;
    for await (const chunk of object.body) {
      chunks.push(chunk as Buffer);
      length += (chunk as Buffer).length;
      if (length >= FILETYPE_SCAN_LIMIT) break;
    }
    object.body.destroy();
    return Buffer.concat(chunks).subarray(0, FILETYPE_SCAN_LIMIT).toString('latin1');
  }

  const service = {
    listAll,

    /** The product's board files with their stored objects, in board file order. */
    async boardSources(productId: number): Promise<BoardSource[]> {
      const rows = await repository.listBoardFilesWithFiles(productId);
      return rows.map(({ board, file }) => ({
        boardFileId: board.id,
        fileType: board.fileType as BoardFileType,
        layerNumber: board.layerNumber,
        guess: board.guess ?? null,
        storageKey: file.storageKey,
        name: file.name,
        size: file.size,
      }));
    },

    /**
     * The product's files that are not on the board but that rendering and analysis must read
     * with the board files: Allegro's nc_param.txt gives its drill and rout files their format.
     */
    async engineSources(productId: number): Promise<EngineSource[]> {
      const [files, boardRows] = await Promise.all([
        repository.listFiles(productId),
        repository.listBoardFiles(productId),
      ]);
      const onBoard = new Set(boardRows.map((row) => row.productFileId));
      return files
        .filter((file) => !onBoard.has(file.id) && engineInputKind(file.name) !== null)
        .map((file) => ({ productFileId: file.id, storageKey: file.storageKey, name: file.name }));
    },

    /**
     * Expands, classifies and stores an upload's files, without saving them to a product yet. A
     * refusal (unsafe archive, limits) leaves nothing stored.
     */
    async prepareUploads(
      uploads: readonly UploadedFile[],
      options: UploadOptions,
    ): Promise<PreparedFiles> {
      const candidates = await expandUploads(uploads, options.unzip, limits);
      const detections = options.autoDetect
        ? await detectFiles(candidates, identify, heads)
        : await Promise.all(candidates.map(withoutDetection));
      const keys: string[] = [];
      const discard = () => storage.discard(keys);
      try {
        const files = await mapConcurrently(
          candidates.map((candidate, index) => ({ candidate, detection: detections[index]! })),
          async ({ candidate, detection }) => {
            const contentType = contentTypeFor(candidate.fileName, detection.isText);
            const key = await storage.put(
              { type: 'file', path: candidate.path, size: candidate.size },
              contentType,
            );
            keys.push(key);
            return {
              key,
              name: candidate.fileName,
              size: candidate.size,
              contentType,
              detection: options.autoDetect ? detection : null,
            };
          },
        );
        return { files, discard };
      } catch (error) {
        await discard();
        throw error;
      }
    },

    /**
     * Saves prepared files to a product (in the caller's transaction); answers each file with
     * what it was recognised as.
     */
    async savePrepared(product: ProductRef, prepared: PreparedFiles): Promise<AddedFile[]> {
      return transactor.transaction(async () => {
        const now = clock.now();
        await storage.register(
          product.companyId,
          prepared.files.map(({ key, name, size, contentType }) => ({
            key,
            name,
            size,
            contentType,
          })),
        );
        const rows = await repository.insertFiles(
          prepared.files.map((file) => ({
            productId: product.id,
            storageKey: file.key,
            name: file.name,
            description: null,
            typeId: file.detection?.typeId ?? PRODUCT_FILE_TYPE_IDS.initial,
            size: file.size,
            guess: file.detection
              ? { type_id: file.detection.typeId, reason: file.detection.reason }
              : null,
          })),
          now,
        );
        const boardRows: NewBoardFile[] = [];
        const added = rows.map((row, index) => {
          const { detection } = prepared.files[index]!;
          const board = detection?.layer ? boardFileFromIdentity(detection.layer) : null;
          if (board) {
            boardRows.push({
              productId: product.id,
              productFileId: row.id,
              fileType: board.fileType,
              color: null,
              isVisible: true,
              layerNumber: board.layerNumber,
              guess: board.guess,
            });
          }
          return presentAddedFile(row, detection, board?.fileType ?? null);
        });
        await repository.insertBoardFiles(boardRows, now);
        return added;
      });
    },

    async addUploads(
      product: ProductRef,
      uploads: readonly UploadedFile[],
      options: UploadOptions,
    ) {
      const prepared = await service.prepareUploads(uploads, options);
      try {
        const added = await service.savePrepared(product, prepared);
        return {
          ...(await listAll(product.id)),
          addedFileIds: added.map((file) => file.id),
          added,
          summary: summarizeAddedFiles(added),
        };
      } catch (error) {
        await prepared.discard();
        throw error;
      }
    },

    /**
     * Saves a file the server wrote (a generated outline) as a Gerber product file placed on the
     * board as `fileType`; answers the files with the new board file. `checkBoard` may refuse
     * (throw) given the board files: it runs while the board is locked, right before the save,
     * so requests made together cannot all pass it.
     */
    async addGeneratedBoardFile(
      product: ProductRef,
      file: { name: string; text: string; fileType: BoardFileType; reason: string },
      checkBoard: (onBoard: readonly BoardSource[]) => void = () => {},
    ) {
      const data = Buffer.from(file.text, 'latin1');
      const contentType = contentTypeFor(file.name, true);
      const key = await storage.put({ type: 'bytes', data }, contentType);
      try {
        const boardId = await transactor.transaction(async () => {
          await repository.lockBoard(product.id);
          checkBoard(await service.boardSources(product.id));
          const now = clock.now();
          await storage.register(product.companyId, [
            { key, name: file.name, size: data.length, contentType },
          ]);
          const [row] = await repository.insertFiles(
            [
              {
                productId: product.id,
                storageKey: key,
                name: file.name,
                description: null,
                typeId: PRODUCT_FILE_TYPE_IDS.gerber,
                size: data.length,
                guess: null,
              },
            ],
            now,
          );
          const [board] = await repository.insertBoardFiles(
            [
              {
                productId: product.id,
                productFileId: row!.id,
                fileType: file.fileType,
                color: null,
                isVisible: true,
                layerNumber: null,
                guess: {
                  file_type: file.fileType,
                  layer_number: null,
                  layer: null,
                  side: null,
                  cad: null,
                  confidence: 'high',
                  reason: file.reason,
                },
              },
            ],
            now,
          );
          return board!.id;
        });
        const listed = await listAll(product.id);
        return { ...listed, boardFile: listed.boardFiles.find((entry) => entry.id === boardId)! };
      } catch (error) {
        await storage.discard([key]);
        throw error;
      }
    },

    async updateFiles(productId: number, input: z.output<typeof UpdateFilesInput>) {
      await transactor.transaction(async () => {
        for (const change of input.files) {
          await requireFile(productId, change.id);
          await repository.updateFile(
            change.id,
            {
              ...(change.type_id !== undefined && { typeId: change.type_id }),
              ...(change.description !== undefined && { description: change.description || null }),
            },
            clock.now(),
          );
        }
      });
      return listAll(productId);
    },

    async deleteFile(productId: number, fileId: number) {
      const file = await requireFile(productId, fileId);
      await transactor.transaction(async () => {
        await repository.deleteFile(file.id);
        await storage.unregister([file.storageKey]);
      });
      await storage.discard([file.storageKey]);
      return listAll(productId);
    },

    /** Puts a file on the board with the layer identified from its content and the board's names. */
    async addToBoard(productId: number, fileId: number) {
      const file = await requireFile(productId, fileId);
      if (await repository.findBoardFileOf(file.id)) throw conflict(ALREADY_ON_BOARD);
      const onBoard = await repository.listBoardFiles(productId);
      const siblings = await repository.listFiles(productId);
      const names = new Map(siblings.map((row) => [row.id, row.name]));
      const head = await headOf(file.storageKey);
      // In the worker pool: a file nothing names is plotted to see what it draws.
      const identities = await identifySet(
        [
          ...onBoard.map((board) => ({ filename: names.get(board.productFileId) ?? '' })),
          { filename: file.name, content: head },
        ],
        identify,
      );
      const identity = identities.at(-1)!;
      // Only Gerber and Excellon content can be drawn; anything else would put an empty layer
      // on the board.
      if (head.includes('\0') || identity.filetype === null) {
        throw invalidField(
          'fileId',
          `${file.name} cannot go on the board: it is not a Gerber or drill file`,
        );
      }
      const board = boardFileFromIdentity(identity);
      const boardId = await conflictOnDuplicate(ALREADY_ON_BOARD, () =>
        transactor.transaction(async () => {
          const now = clock.now();
          const [row] = await repository.insertBoardFiles(
            [
              {
                productId,
                productFileId: file.id,
                fileType: board.fileType,
                color: null,
                isVisible: true,
                layerNumber: board.layerNumber,
                guess: board.guess,
              },
            ],
            now,
          );
          if (file.typeId === PRODUCT_FILE_TYPE_IDS.initial) {
            await repository.updateFile(file.id, { typeId: PRODUCT_FILE_TYPE_IDS.gerber }, now);
          }
          return row!.id;
        }),
      );
      const { boardFiles } = await listAll(productId);
      return { boardFile: boardFiles.find((entry) => entry.id === boardId)!, boardFiles };
    },

    async removeBoardFile(productId: number, fileId: number, boardId: number) {
      const board = await repository.findBoardFileOf(fileId);
      if (!board || board.id !== boardId || board.productId !== productId) {
        throw notFound('board file');
      }
      await repository.deleteBoardFiles([board.id]);
      return { boardFiles: (await listAll(productId)).boardFiles };
    },

    async updateBoardFiles(productId: number, input: z.output<typeof UpdateBoardFilesInput>) {
      const known = new Set((await repository.listBoardFiles(productId)).map((row) => row.id));
      const unknown = input.boardFiles.find((change) => !known.has(change.id));
      if (unknown) throw notFound('board file');
      await transactor.transaction(async () => {
        for (const change of input.boardFiles) {
          await repository.updateBoardFile(
            change.id,
            {
              ...(change.file_type !== undefined && { fileType: change.file_type }),
              ...(change.color !== undefined && { color: change.color }),
              ...(change.isVisible !== undefined && { isVisible: change.isVisible }),
              ...(change.layer_number !== undefined && { layerNumber: change.layer_number }),
            },
            clock.now(),
          );
        }
      });
      return { boardFiles: (await listAll(productId)).boardFiles };
    },

    ...copies,

    /**
     * A product file and its bytes, for the readers of BOM and placement files. A file larger
     * than `maxBytes` is refused before it is read whole.
     */
    async readFile(productId: number, fileId: number, maxBytes: number) {
      const row = await requireFile(productId, fileId);
      if (row.size > maxBytes) {
        throw invalidField(
          'file_id',
          `The file "${row.name}" is ${describeBytes(row.size)}; at most ${describeBytes(maxBytes)} can be read`,
        );
      }
      const object = await storage.store.open(row.storageKey);
      if (!object) throw notFound('file');
      const chunks: Buffer[] = [];
      for await (const chunk of object.body) chunks.push(chunk as Buffer);
      return {
        id: row.id,
        name: row.name,
        typeId: row.typeId,
        bytes: new Uint8Array(Buffer.concat(chunks)),
      };
    },

    async hasFile(productId: number, fileId: number): Promise<boolean> {
      return (await repository.findFile(productId, fileId)) !== undefined;
    },

    /** Sets the type of a file (a file read as a BOM becomes a BOM file). */
    async setFileType(productId: number, fileId: number, typeId: number): Promise<void> {
      const row = await requireFile(productId, fileId);
      if (row.typeId !== typeId) await repository.updateFile(fileId, { typeId }, clock.now());
    },
  };
  return service;
}

export type FilesService = ReturnType<typeof createFilesService>;
