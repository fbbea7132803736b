import type { AddedFile, BoardFile, BoardFileGuess, ProductFile } from '@circuits/contracts';
import {
  addedFileKind,
  type BoardFileType,
  describeAddedFile,
  isSmallFile,
  type ProductFileTypeId,
} from '@circuits/domain';
import type { LinkMaker } from '../storage/storage.service.ts';
import type { Detection } from './file-detection.ts';
import type { BoardFileRow, ProductFileRow } from './files.repository.ts';

export function presentProductFile(row: ProductFileRow, links: LinkMaker): ProductFile {
  const stored = links({ key: row.storageKey, name: row.name, size: row.size });
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    type_id: row.typeId as ProductFileTypeId,
    size: row.size,
    isSmallSize: isSmallFile(row.size),
    guess: row.guess as ProductFile['guess'],
    link: stored.link,
    downloadLink: stored.downloadLink,
    created_at: row.createdAt.toISOString(),
  };
}

export function presentBoardFile(
  row: BoardFileRow,
  file: ProductFileRow,
  links: LinkMaker,
): BoardFile {
  return {
    id: row.id,
    product_file_id: row.productFileId,
    file_type: row.fileType as BoardFileType,
    color: row.color,
    isVisible: row.isVisible,
    layer_number: row.layerNumber,
    guess: row.guess as BoardFileGuess | null,
    file: links({ key: file.storageKey, name: file.name, size: file.size }),
  };
}

/** A file an upload added, with what detection recognised it as (null: detection was off). */
export function presentAddedFile(
  row: ProductFileRow,
  detection: Detection | null,
  layer: BoardFileType | null,
): AddedFile {
  const kind = addedFileKind(detection && { typeId: detection.typeId, layer });
  return {
    id: row.id,
    name: row.name,
    kind,
    layer,
    recognisedAs: describeAddedFile({ name: row.name, kind, layer }),
    reason: detection?.reason ?? null,
  };
}
