import { BOARD_FILE_TYPE_LABELS } from '@circuits/domain';
import { Alert, Badge, Card, Group, List, Stack, Table, Text } from '@mantine/core';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import { RenderWarnings } from '../../board/components/render-warnings.tsx';
import type { LocalBoard } from '../../board/lib/local-board.ts';

/** What the dropped files say: size, layers, problems, warnings and how each file was read. */
export function BoardFacts({ board, problems }: { board: LocalBoard; problems: string[] }) {
  const { render } = board;
  const size =
    render.widthMm !== null && render.lengthMm !== null
      ? `${render.widthMm.toFixed(2)} × ${render.lengthMm.toFixed(2)} mm${
          render.boardShape === 'outline'
            ? ', from the outline'
            : render.boardShape === 'copper-extent'
              ? ', from the copper'
              : ''
        }`
      : 'not measured';
  return (
    <Card padding="md" component="section" aria-label="What the files say">
      <Stack gap="sm">
        <Group gap="xs" wrap="wrap">
          <Badge variant="light" size="lg" tt="none" data-testid="quote-size">
            Size {size}
          </Badge>
          <Badge variant="light" size="lg" tt="none" data-testid="quote-layers">
            {render.copperLayers} {render.copperLayers === 1 ? 'layer' : 'layers'}
          </Badge>
          <Badge variant="light" color="gray" size="lg" tt="none">
            {board.boardFiles.length} of {board.files.length} files on the board
          </Badge>
        </Group>
        {problems.length > 0 ? (
          <Alert color="yellow" title="Board problems" aria-label="Board problems">
            <List size="sm" type="ordered">
              {problems.map((problem) => (
                <List.Item key={problem}>{problem}</List.Item>
              ))}
            </List>
          </Alert>
        ) : (
          <Text size="sm" c="teal.8">
            The issue checker finds no problem with the board.
          </Text>
        )}
        <RenderWarnings warnings={render.warnings} />
        <ScrollTable minWidth={420} verticalSpacing={4} fz="sm" aria-label="Identified files">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>File</Table.Th>
              <Table.Th>Recognised as</Table.Th>
              <Table.Th>Why</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {board.files.map((file) => (
              <Table.Tr key={file.name}>
                <Table.Td style={{ wordBreak: 'break-all' }}>{file.name}</Table.Td>
                <Table.Td>
                  {file.fileType ? (
                    `${BOARD_FILE_TYPE_LABELS[file.fileType]}${file.layerNumber ? ` (layer ${file.layerNumber})` : ''}${file.guessed ? ' (guessed)' : ''}`
                  ) : (
                    <Text span size="sm" c="dimmed">
                      not on the board
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text span size="xs" c="dimmed">
                    {file.reason}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ScrollTable>
      </Stack>
    </Card>
  );
}
