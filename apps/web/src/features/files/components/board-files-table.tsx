import type { BoardFile } from '@circuits/contracts';
import {
  BOARD_FILE_TYPE_LABELS,
  BOARD_FILES_MESSAGES,
  guessConfirmation,
  INITIAL_BOARD_FILE_TYPE,
} from '@circuits/domain';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  ColorInput,
  ColorSwatch,
  EmptyState,
  Group,
  NumberInput,
  Select,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconAlertTriangle, IconLayersOff, IconStack3 } from '@tabler/icons-react';
import { useState } from 'react';
import { Deferred } from '../../../components/deferred.tsx';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { boardFileColor, DEFAULT_LAYER_COLORS } from '../../../lib/board-layer-colors.ts';
import { usePendingChoices } from '../../../lib/pending-choices.ts';
import { showToast } from '../../../lib/toasts.ts';
import { type BoardFileChange, useRemoveFromBoard, useUpdateBoardFile } from '../api/files-api.ts';
import { boardFileProblems } from '../lib/board-file-problems.ts';
import { boardFileTypeOptions, inStackOrder } from '../lib/board-file-types.ts';

interface BoardFilesTableProps {
  productId: number;
  boardFiles: readonly BoardFile[];
  canEdit: boolean;
  adminView: boolean;
}

/**
 * Under a file nothing names: the layer it is drawn as (its most likely one, from what it draws),
 * and the one click that confirms it. Until then it counts for nothing in the price and checks.
 */
function GuessedAs({
  boardFile,
  onConfirm,
  confirming,
}: {
  boardFile: BoardFile;
  onConfirm: ((confirmation: BoardFileChange) => void) | undefined;
  confirming: boolean;
}) {
  const confirmation = guessConfirmation(boardFile);
  if (!confirmation) return null;
  const label = BOARD_FILE_TYPE_LABELS[confirmation.file_type];
  return (
    <Group gap={6} mt={2} data-testid="guessed-as">
      <Tooltip label={boardFile.guess?.reason} multiline w={320} withArrow>
        <Badge size="xs" variant="light" color="grape" radius="sm" tt="none" maw="100%">
          Guessed: {label}
        </Badge>
      </Tooltip>
      {onConfirm ? (
        <Button
          size="compact-xs"
          variant="light"
          style={{ flexShrink: 0 }}
          loading={confirming}
          aria-label={`Confirm ${boardFile.file.name} as ${label}`}
          onClick={() => onConfirm(confirmation)}
        >
          Confirm
        </Button>
      ) : null}
    </Group>
  );
}

/** A layer number typed in is sent when the field is left, not on every keystroke. */
function LayerNumberInput({
  boardFile,
  onCommit,
}: {
  boardFile: BoardFile;
  onCommit: (layerNumber: number | null) => void;
}) {
  const [value, setValue] = useState<string | number>(boardFile.layer_number ?? '');
  const commit = () => {
    const next = value === '' ? null : Number(value);
    if (next !== boardFile.layer_number) onCommit(next);
  };
  return (
    <NumberInput
      size="xs"
      w={72}
      min={1}
      max={100}
      allowDecimal={false}
      allowNegative={false}
      aria-label={`Layer number of ${boardFile.file.name}`}
      placeholder="No."
      value={value}
      onChange={setValue}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
      }}
      error={boardFile.layer_number === null}
    />
  );
}

/**
 * The board's files with their layer type, colour, visibility and number. A row holds five inputs
 * (24 rows on limesdr-qpcie): the table renders after what is around it (the tabs, the files, the
 * board's picture) so that it does not hold them up.
 */
export function BoardFilesTable(props: BoardFilesTableProps) {
  return (
    <Deferred fallback={<Skeleton h={240} radius="md" />}>
      <BoardFilesList {...props} />
    </Deferred>
  );
}

function BoardFilesList({ productId, boardFiles, canEdit, adminView }: BoardFilesTableProps) {
  const update = useUpdateBoardFile(productId);
  const remove = useRemoveFromBoard(productId);
  const ordered = inStackOrder(boardFiles);
  const problems = boardFileProblems(boardFiles);
  const change = (boardFile: BoardFile, patch: Omit<BoardFileChange, 'id'>) =>
    update.mutate({ id: boardFile.id, ...patch });
  const pendingVisibility = usePendingChoices<number, boolean>();
  const changeVisibility = (boardFile: BoardFile, isVisible: boolean) => {
    pendingVisibility.choose(boardFile.id, isVisible, boardFile.isVisible);
    update.mutate(
      { id: boardFile.id, isVisible },
      { onError: () => pendingVisibility.drop(boardFile.id) },
    );
  };

  return (
    <SectionCard
      title="Board files"
      description="The layers the board is made of, top to bottom. Each needs its layer type."
    >
      <Stack gap="sm">
        {problems.length > 0 && ordered.length > 0 ? (
          <Alert
            color="yellow"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            title="The board is not ready"
          >
            <Stack gap={2}>
              {problems.map((problem) => (
                <Text size="sm" key={problem}>
                  {problem}
                </Text>
              ))}
            </Stack>
          </Alert>
        ) : null}
        {ordered.length === 0 ? (
          <EmptyState
            icon={<IconStack3 size={26} />}
            variant="light"
            title={BOARD_FILES_MESSAGES.noFiles}
            description={
              canEdit
                ? 'Gerber and drill files are put on the board when they are uploaded with “Detect types”, or with “Add to board” in the list above.'
                : 'A colleague who can edit the company puts the Gerber and drill files on the board.'
            }
          />
        ) : (
          <ScrollTable minWidth={740} layout="fixed" verticalSpacing={6} aria-label="Board files">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>File</Table.Th>
                <Table.Th w={200}>Layer type</Table.Th>
                <Table.Th w={160}>Colour</Table.Th>
                <Table.Th w={80}>Visible</Table.Th>
                <Table.Th w={100}>Layer no.</Table.Th>
                {adminView ? <Table.Th>Detected</Table.Th> : null}
                <Table.Th w={50}>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {ordered.map((boardFile) => {
                const notChosen = boardFile.file_type === INITIAL_BOARD_FILE_TYPE;
                const color = boardFileColor(boardFile);
                return (
                  <Table.Tr
                    key={boardFile.id}
                    data-testid="board-file-row"
                    data-file-type={boardFile.file_type}
                  >
                    <Table.Td>
                      <Text size="sm" fw={550} truncate>
                        {boardFile.file.name}
                      </Text>
                      <GuessedAs
                        boardFile={boardFile}
                        onConfirm={
                          canEdit ? (confirmation) => update.mutate(confirmation) : undefined
                        }
                        confirming={update.isPending}
                      />
                    </Table.Td>
                    <Table.Td>
                      {canEdit ? (
                        <Select
                          size="xs"
                          aria-label={`Layer type of ${boardFile.file.name}`}
                          data={boardFileTypeOptions(boardFile.file_type)}
                          value={boardFile.file_type}
                          error={notChosen}
                          maxDropdownHeight={320}
                          onChange={(value) => {
                            if (!value || value === boardFile.file_type) return;
                            change(boardFile, {
                              file_type: value as BoardFile['file_type'],
                              ...(value === 'internalLayer' ? {} : { layer_number: null }),
                            });
                          }}
                        />
                      ) : (
                        <Badge
                          variant="light"
                          color={notChosen ? 'yellow' : 'gray'}
                          radius="sm"
                          tt="none"
                        >
                          {BOARD_FILE_TYPE_LABELS[boardFile.file_type]}
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {canEdit ? (
                        <ColorInput
                          size="xs"
                          format="hexa"
                          aria-label={`Colour of ${boardFile.file.name}`}
                          defaultValue={color}
                          key={color}
                          withEyeDropper={false}
                          swatches={[...new Set(Object.values(DEFAULT_LAYER_COLORS))]}
                          onChangeEnd={(value) => {
                            if (value && value !== color) change(boardFile, { color: value });
                          }}
                        />
                      ) : (
                        <Group gap={6}>
                          <ColorSwatch color={color} size={16} />
                          <Text size="xs" ff="monospace">
                            {color}
                          </Text>
                        </Group>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Switch
                        size="sm"
                        aria-label={`Show ${boardFile.file.name} on the board`}
                        checked={pendingVisibility.shown(boardFile.id, boardFile.isVisible)}
                        disabled={!canEdit}
                        onChange={(event) =>
                          changeVisibility(boardFile, event.currentTarget.checked)
                        }
                      />
                    </Table.Td>
                    <Table.Td>
                      {boardFile.file_type !== 'internalLayer' ? (
                        <Text size="sm" c="dimmed">
                          —
                        </Text>
                      ) : canEdit ? (
                        <LayerNumberInput
                          key={boardFile.layer_number ?? 'none'}
                          boardFile={boardFile}
                          onCommit={(layerNumber) =>
                            change(boardFile, { layer_number: layerNumber })
                          }
                        />
                      ) : (
                        <Text size="sm">{boardFile.layer_number ?? '—'}</Text>
                      )}
                    </Table.Td>
                    {adminView ? (
                      <Table.Td>
                        <Text size="xs" c="dimmed">
                          {boardFile.guess
                            ? `${boardFile.guess.layer ?? '?'}/${boardFile.guess.side ?? '?'} (${boardFile.guess.confidence}${boardFile.guess.cad ? `, ${boardFile.guess.cad}` : ''}): ${boardFile.guess.reason}`
                            : 'not detected'}
                        </Text>
                      </Table.Td>
                    ) : null}
                    <Table.Td>
                      {canEdit ? (
                        <Tooltip label="Take off the board" withArrow>
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            aria-label={`Take ${boardFile.file.name} off the board`}
                            onClick={() =>
                              remove.mutate(
                                { fileId: boardFile.product_file_id, boardId: boardFile.id },
                                {
                                  onSuccess: () =>
                                    showToast(
                                      'success',
                                      `${boardFile.file.name} is no longer on the board`,
                                    ),
                                },
                              )
                            }
                          >
                            <IconLayersOff size={16} />
                          </ActionIcon>
                        </Tooltip>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </ScrollTable>
        )}
      </Stack>
    </SectionCard>
  );
}
