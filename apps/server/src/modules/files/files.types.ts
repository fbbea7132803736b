// The shapes the files area hands to the rest of the server: the product a call is authorised
// for, board sources for rendering, uploads and copies waiting to be saved.

import type { BoardFileGuess } from '@circuits/contracts';
import type { BoardFileType } from '@circuits/domain';
import type { Detection } from './file-detection.ts';
import type { BoardFileRow, ProductFileRow } from './files.repository.ts';

/** A product the caller has authorised the actor for. */
export type ProductRef = { id: number; companyId: number };

/** A board file with what rendering and analysis read of it. */
export type BoardSource = {
  boardFileId: number;
  fileType: BoardFileType;
  layerNumber: number | null;
  /** What identification guessed of a file nothing names (drawn as that until a type is chosen). */
  guess: BoardFileGuess | null;
  storageKey: string;
  name: string;
  size: number;
};

export type UploadOptions = { autoDetect: boolean; unzip: boolean };

/**
 * A product file that is not on the board but that the Gerber engine reads with the board files
 * (NC drill parameters, Gerber job files).
 */
export type EngineSource = { productFileId: number; storageKey: string; name: string };

/** Uploaded files already in the object store, waiting to be saved with their product. */
export type PreparedFiles = {
  readonly files: readonly {
    key: string;
    name: string;
    size: number;
    contentType: string;
    detection: Detection | null;
  }[];
  /** Deletes the stored objects again (the upload failed after they were put). */
  discard(): Promise<void>;
};

/** A product's files copied to new objects, waiting to be saved with another product. */
export type FileCopies = {
  readonly files: readonly { row: ProductFileRow; key: string; contentType: string }[];
  readonly boardRows: readonly BoardFileRow[];
  /** Deletes the copies again (saving them failed). */
  discard(): Promise<void>;
};
