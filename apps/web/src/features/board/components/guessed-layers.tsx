import type { BoardFile } from '@circuits/contracts';
import { BOARD_FILE_TYPE_LABELS, guessConfirmation } from '@circuits/domain';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconQuestionMark } from '@tabler/icons-react';
import { guessedBoardFiles } from '../lib/board-view.ts';

/**
 * The files nothing names, drawn as their most likely layer: said beside the board, each with the
 * one click that confirms it. The price and the checks count a file once its type is chosen.
 */
export function GuessedLayers({
  boardFiles,
  onConfirm,
}: {
  boardFiles: readonly BoardFile[];
  onConfirm: ((boardFile: BoardFile) => void) | undefined;
}) {
  const guessed = guessedBoardFiles(boardFiles);
  if (guessed.length === 0) return null;
  return (
    <Alert
      color="grape"
      variant="light"
      icon={<IconQuestionMark size={18} />}
      p="xs"
      title={guessed.length === 1 ? 'A layer is guessed' : `${guessed.length} layers are guessed`}
      data-testid="guessed-layers"
      styles={{ body: { minWidth: 0 } }}
    >
      <Stack gap={6}>
        <Text size="sm">
          Nothing names {guessed.length === 1 ? 'this file' : 'these files'}: each is drawn as the
          layer it most likely is, from what it draws. Confirm or choose the type; the price and the
          checks count it once it is chosen.
        </Text>
        {guessed.map((boardFile) => {
          const confirmation = guessConfirmation(boardFile);
          const label = confirmation ? BOARD_FILE_TYPE_LABELS[confirmation.file_type] : '';
          return (
            <Group key={boardFile.id} gap="xs" wrap="nowrap" justify="space-between">
              <Text size="sm" truncate style={{ minWidth: 0 }}>
                <Text span fw={600}>
                  {boardFile.file.name}
                </Text>{' '}
                drawn as {label}
              </Text>
              {onConfirm && confirmation ? (
                <Button
                  size="compact-xs"
                  variant="light"
                  color="grape"
                  style={{ flexShrink: 0 }}
                  aria-label={`Confirm ${boardFile.file.name} as ${label}`}
                  onClick={() => onConfirm(boardFile)}
                >
                  Confirm
                </Button>
              ) : null}
            </Group>
          );
        })}
      </Stack>
    </Alert>
  );
}
