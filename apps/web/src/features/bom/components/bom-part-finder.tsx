// The BOM row dialog's catalogue search: parts proposed for the row (its own suggestions, or
// what the user searches for), each one click from being linked, and the found parts kept as the
// row's suggestions for "Link the best proposed part".

import type { BomRow } from '@circuits/contracts';
import { Button, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { showToast } from '../../../lib/toasts.ts';
import { type BomRowChange, useBomPartSearch, useSaveSuggestResults } from '../api/bom-api.ts';
import { formatUnitPrice, searchWordOf } from '../lib/bom-format.ts';

interface BomPartFinderProps {
  productId: number;
  row: BomRow;
  /** Readers see nothing of the search. */
  canEdit: boolean;
  /** Saves a change of the row with a toast saying `done`. */
  send: (change: BomRowChange, done: string) => void;
}

export function BomPartFinder({ productId, row, canEdit, send }: BomPartFinderProps) {
  const [word, setWord] = useState(() => searchWordOf(row));
  const search = useBomPartSearch(productId, word);
  const keep = useSaveSuggestResults(productId);
  const suggestions = search.data?.suggestions ?? row.suggestions;
  // Parts found by a search the row does not keep yet: the user may keep them as its suggestions.
  const found = search.data?.suggestions ?? [];
  const foundIds = found.slice(0, 8).map((part) => part.part_id);
  const keptAlready =
    JSON.stringify(foundIds) ===
    JSON.stringify(row.suggestions.slice(0, 8).map((part) => part.part_id));

  if (!canEdit) return null;
  return (
    <Stack gap="xs">
      <TextInput
        label="Find a part in the catalogue"
        description="A part number, or a value with a package such as 10k 0402"
        leftSection={<IconSearch size={14} />}
        value={word}
        onChange={(event) => setWord(event.currentTarget.value)}
      />
      {search.isFetching ? <Loader size="xs" /> : null}
      {suggestions.length === 0 && !search.isFetching ? (
        <Text size="sm" c="dimmed">
          {word.trim().length < 2 ? 'Type at least two characters.' : 'No part found.'}
        </Text>
      ) : null}
      <Stack gap={4} aria-label="Parts proposed">
        {suggestions.slice(0, 8).map((part) => (
          <Group
            key={part.part_id}
            justify="space-between"
            gap="xs"
            wrap="nowrap"
            p={6}
            style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
          >
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text size="sm" fw={600} truncate>
                {part.part_number}{' '}
                <Text span size="xs" c="dimmed">
                  {part.manufacturer ?? ''} {part.package ? `· ${part.package}` : ''}
                </Text>
              </Text>
              <Text size="xs" c="dimmed" truncate>
                {part.short_specs}
              </Text>
            </Stack>
            <Group gap="xs" wrap="nowrap">
              <Text size="xs" c={part.available > 0 ? undefined : 'red'} ta="right" w={90}>
                {part.available.toLocaleString('en')} in stock
              </Text>
              <Text size="xs" w={64} ta="right">
                {formatUnitPrice(part.price)}
              </Text>
              <Button
                size="compact-xs"
                variant={row.part_id === part.part_id ? 'light' : 'default'}
                disabled={row.part_id === part.part_id}
                onClick={() =>
                  send({ part_id: part.part_id }, `${part.part_number} linked to the row`)
                }
              >
                {row.part_id === part.part_id ? 'Linked' : 'Use'}
              </Button>
            </Group>
          </Group>
        ))}
      </Stack>
      {foundIds.length > 0 ? (
        <Group gap="xs">
          <Button
            size="compact-xs"
            variant="default"
            disabled={keptAlready}
            loading={keep.isPending}
            onClick={() =>
              keep.mutate([{ bom_id: row.id, part_ids: foundIds }], {
                onSuccess: () =>
                  showToast('success', `${foundIds.length} parts kept as the row's suggestions`),
              })
            }
          >
            {keptAlready ? 'Kept as suggestions' : 'Keep these as the row’s suggestions'}
          </Button>
          <Text size="xs" c="dimmed">
            Kept with the BOM: "Link the best proposed part" uses the first.
          </Text>
        </Group>
      ) : null}
    </Stack>
  );
}
