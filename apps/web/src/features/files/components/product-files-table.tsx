import type { BoardFile, FileType, ProductFile } from '@circuits/contracts';
import { BOARD_FILE_TYPE_LABELS, PRODUCT_FILE_TYPE_IDS } from '@circuits/domain';
import {
  ActionIcon,
  Anchor,
  Badge,
  EmptyState,
  Group,
  Select,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconDownload, IconFiles, IconLayersSubtract, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { formatBytes, formatDateTime } from '../../../lib/format.ts';
import { showToast } from '../../../lib/toasts.ts';
import { useAddToBoard, useChangeFileType, useDeleteFile } from '../api/files-api.ts';

interface ProductFilesTableProps {
  productId: number;
  files: readonly ProductFile[];
  boardFiles: readonly BoardFile[];
  fileTypes: readonly FileType[];
  canEdit: boolean;
  /** Admins see what detection said about each file. */
  adminView: boolean;
}

function typeName(fileTypes: readonly FileType[], typeId: number): string {
  return fileTypes.find((type) => type.id === typeId)?.name ?? `Type ${typeId}`;
}

export function ProductFilesTable({
  productId,
  files,
  boardFiles,
  fileTypes,
  canEdit,
  adminView,
}: ProductFilesTableProps) {
  const changeType = useChangeFileType(productId);
  const deleteFile = useDeleteFile(productId);
  const addToBoard = useAddToBoard(productId);
  const [deleting, setDeleting] = useState<ProductFile | null>(null);
  const typeOptions = fileTypes.map((type) => ({ value: String(type.id), label: type.name }));
  const untyped = files.filter((file) => file.type_id === PRODUCT_FILE_TYPE_IDS.initial).length;

  return (
    <SectionCard
      title="Product files"
      description={
        untyped > 0
          ? `${untyped} ${untyped === 1 ? 'file has' : 'files have'} no type yet: choose one for each.`
          : 'Every file uploaded for this product, with its type.'
      }
    >
      {files.length === 0 ? (
        <EmptyState
          icon={<IconFiles size={26} />}
          variant="light"
          title="No files yet"
          description={
            canEdit
              ? 'Drop the Gerber, drill, BOM and pick-and-place files (or one zip of them) above.'
              : 'A colleague who can edit the company uploads the files.'
          }
        />
      ) : (
        <ScrollTable
          minWidth={700}
          layout="fixed"
          verticalSpacing={6}
          highlightOnHover
          aria-label="Product files"
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th w={170}>Type</Table.Th>
              <Table.Th w={90} ta="right">
                Size
              </Table.Th>
              <Table.Th w={190}>Board layer</Table.Th>
              {adminView ? <Table.Th>Detected</Table.Th> : null}
              <Table.Th w={110}>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {files.map((file) => {
              const boardFile = boardFiles.find((entry) => entry.product_file_id === file.id);
              const unknown = file.type_id === PRODUCT_FILE_TYPE_IDS.initial;
              return (
                <Table.Tr key={file.id} data-testid="product-file-row">
                  <Table.Td>
                    <Tooltip
                      label={`Added ${formatDateTime(file.created_at)}`}
                      withArrow
                      openDelay={400}
                    >
                      {file.isSmallSize ? (
                        <Anchor
                          href={file.link}
                          target="_blank"
                          rel="noopener"
                          size="sm"
                          fw={550}
                          c="var(--mantine-color-text)"
                          truncate
                          display="block"
                        >
                          {file.name}
                        </Anchor>
                      ) : (
                        // Large files are only downloaded: a browser tab would choke on them.
                        <Text size="sm" fw={550} truncate>
                          {file.name}
                        </Text>
                      )}
                    </Tooltip>
                  </Table.Td>
                  <Table.Td>
                    {canEdit ? (
                      <Select
                        size="xs"
                        aria-label={`Type of ${file.name}`}
                        data={typeOptions}
                        value={String(file.type_id)}
                        error={unknown}
                        disabled={changeType.isPending}
                        onChange={(value) => {
                          if (!value || Number(value) === file.type_id) return;
                          changeType.mutate(
                            { fileId: file.id, typeId: Number(value) },
                            {
                              onSuccess: () =>
                                showToast(
                                  'success',
                                  `${file.name} is now ${typeName(fileTypes, Number(value))}`,
                                ),
                            },
                          );
                        }}
                      />
                    ) : (
                      <Badge
                        variant="light"
                        color={unknown ? 'yellow' : 'gray'}
                        radius="sm"
                        tt="none"
                      >
                        {typeName(fileTypes, file.type_id)}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                      {formatBytes(file.size)}
                    </Text>
                  </Table.Td>
                  <Table.Td data-testid="board-layer">
                    {boardFile ? (
                      <Badge
                        variant="light"
                        color={boardFile.file_type === 'initialType' ? 'yellow' : 'brand'}
                        radius="sm"
                        tt="none"
                      >
                        {BOARD_FILE_TYPE_LABELS[boardFile.file_type]}
                      </Badge>
                    ) : (
                      <Text size="sm" c="dimmed">
                        —
                      </Text>
                    )}
                  </Table.Td>
                  {adminView ? (
                    <Table.Td>
                      <Text size="xs" c="dimmed">
                        {file.guess
                          ? `${typeName(fileTypes, file.guess.type_id)}: ${file.guess.reason}`
                          : 'not detected'}
                      </Text>
                    </Table.Td>
                  ) : null}
                  <Table.Td>
                    <Group gap={2} wrap="nowrap" justify="flex-end">
                      <Tooltip label="Download" withArrow>
                        <ActionIcon
                          component="a"
                          href={file.downloadLink}
                          download={file.name}
                          variant="subtle"
                          color="gray"
                          aria-label={`Download ${file.name}`}
                        >
                          <IconDownload size={16} />
                        </ActionIcon>
                      </Tooltip>
                      {/* Only Gerber and drill files can be a layer (the server checks the content). */}
                      {canEdit && !boardFile && file.type_id === PRODUCT_FILE_TYPE_IDS.gerber ? (
                        <Tooltip label="Add to board" withArrow>
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            aria-label={`Add ${file.name} to the board`}
                            loading={addToBoard.isPending && addToBoard.variables === file.id}
                            onClick={() =>
                              addToBoard.mutate(file.id, {
                                onSuccess: () =>
                                  showToast('success', `${file.name} is on the board`),
                              })
                            }
                          >
                            <IconLayersSubtract size={16} />
                          </ActionIcon>
                        </Tooltip>
                      ) : null}
                      {canEdit ? (
                        <Tooltip label="Delete" withArrow>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`Delete ${file.name}`}
                            onClick={() => setDeleting(file)}
                          >
                            <IconTrash size={16} />
                          </ActionIcon>
                        </Tooltip>
                      ) : null}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </ScrollTable>
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete file"
        confirmLabel="Delete file"
        danger
        loading={deleteFile.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          const { id, name } = deleting;
          deleteFile.mutate(id, {
            onSuccess: () => {
              showToast('success', `${name} deleted`);
              setDeleting(null);
            },
          });
        }}
      >
        {deleting
          ? `Delete ${deleting.name}? The file is removed from the product${
              boardFiles.some((entry) => entry.product_file_id === deleting.id)
                ? ' and from the board'
                : ''
            }. This cannot be undone.`
          : null}
      </ConfirmDialog>
    </SectionCard>
  );
}
