import { Accordion, Badge, Group, Stack, Text } from '@mantine/core';
import { LoadErrorBlock, LoadingBlock } from '../../../components/load-states.tsx';
import { useAdminBoardOptions } from '../api/board-options-api.ts';
import { BoardOptionListEditor } from './board-option-list-editor.tsx';

/** The lists the Board tab offers (materials, thicknesses, finishings, colours…), in its order. */
export function BoardOptionsSection({ canChange }: { canChange: boolean }) {
  const lists = useAdminBoardOptions();
  if (lists.isPending) return <LoadingBlock label="Loading the board settings options…" />;
  if (lists.isError) {
    return (
      <LoadErrorBlock
        what="The board settings options"
        error={lists.error}
        onRetry={() => lists.refetch()}
      />
    );
  }
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        What the Board tab offers, in the order users see it. Renaming an option takes the saved
        boards choosing it along, and its price (a new price book version); an option saved boards
        choose cannot be deleted. A material or finishing not in the price book cannot be priced:
        add it to the price book too. Units, edge rails and panel cuttings are known to the board
        rules by name: they can be reordered, removed and added back, not renamed.
      </Text>
      <Accordion multiple variant="separated" defaultValue={[lists.data[0]!.name]}>
        {lists.data.map((list) => (
          <Accordion.Item key={list.name} value={list.name} data-list={list.name}>
            <Accordion.Control>
              <Group gap="xs" wrap="wrap">
                <Text fw={600}>{list.label}</Text>
                <Badge variant="light" color="gray">
                  {list.options.length} option{list.options.length === 1 ? '' : 's'}
                </Badge>
              </Group>
            </Accordion.Control>
            <Accordion.Panel>
              <BoardOptionListEditor list={list} canChange={canChange} />
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Stack>
  );
}
