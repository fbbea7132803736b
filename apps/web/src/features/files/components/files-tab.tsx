import type { BoardFile, FileType, ProductFile } from '@circuits/contracts';
import { Stack } from '@mantine/core';
import { BoardFilesTable } from './board-files-table.tsx';
import { ProductFilesTable } from './product-files-table.tsx';
import { UploadFilesCard } from './upload-files-card.tsx';

interface FilesTabProps {
  productId: number;
  files: readonly ProductFile[];
  boardFiles: readonly BoardFile[];
  fileTypes: readonly FileType[];
  canEdit: boolean;
  adminView: boolean;
}

/** The product's files: upload, type, download, delete, and the layers they make on the board. */
export function FilesTab({
  productId,
  files,
  boardFiles,
  fileTypes,
  canEdit,
  adminView,
}: FilesTabProps) {
  return (
    <Stack gap="md">
      {canEdit ? <UploadFilesCard productId={productId} compact={files.length > 0} /> : null}
      <ProductFilesTable
        productId={productId}
        files={files}
        boardFiles={boardFiles}
        fileTypes={fileTypes}
        canEdit={canEdit}
        adminView={adminView}
      />
      <BoardFilesTable
        productId={productId}
        boardFiles={boardFiles}
        canEdit={canEdit}
        adminView={adminView}
      />
    </Stack>
  );
}
