// The substitutes a BOM row accepts: parts we may place instead of its own, typed by the user
// (part number, manufacturer, note), added and removed in the row's dialog.

import type { BomSubstitution } from '@circuits/contracts';
import { ActionIcon, Button, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { text } from '../lib/bom-row-draft.ts';

interface BomSubstitutesEditorProps {
  substitutions: readonly BomSubstitution[];
  canEdit: boolean;
  onChange: (substitutions: BomSubstitution[]) => void;
}

export function BomSubstitutesEditor({
  substitutions,
  canEdit,
  onChange,
}: BomSubstitutesEditorProps) {
  return (
    <Stack gap={6}>
      <Group justify="space-between">
        <Text size="sm" fw={600}>
          Substitutes accepted
        </Text>
        {canEdit ? (
          <Button
            size="compact-xs"
            variant="default"
            leftSection={<IconPlus size={12} />}
            onClick={() =>
              onChange([
                ...substitutions,
                { part_id: null, part_number: '', manufacturer: null, note: null },
              ])
            }
          >
            Add a substitute
          </Button>
        ) : null}
      </Group>
      {substitutions.length === 0 ? (
        <Text size="xs" c="dimmed">
          None. A substitute we may place instead confirms the row.
        </Text>
      ) : null}
      {substitutions.map((entry, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a substitute being typed has no identity but its place
        <Group key={index} gap="xs" align="flex-end" wrap="wrap">
          <TextInput
            size="xs"
            label={index === 0 ? 'Part number' : undefined}
            aria-label={`Substitute ${index + 1} part number`}
            value={entry.part_number}
            readOnly={!canEdit}
            onChange={(event) => {
              const value = event.currentTarget.value;
              onChange(
                substitutions.map((old, at) =>
                  at === index ? { ...old, part_number: value } : old,
                ),
              );
            }}
            w={180}
          />
          <TextInput
            size="xs"
            label={index === 0 ? 'Manufacturer' : undefined}
            aria-label={`Substitute ${index + 1} manufacturer`}
            value={entry.manufacturer ?? ''}
            readOnly={!canEdit}
            onChange={(event) => {
              const value = event.currentTarget.value;
              onChange(
                substitutions.map((old, at) =>
                  at === index ? { ...old, manufacturer: text(value) } : old,
                ),
              );
            }}
            w={150}
          />
          <TextInput
            size="xs"
            label={index === 0 ? 'Note' : undefined}
            aria-label={`Substitute ${index + 1} note`}
            value={entry.note ?? ''}
            readOnly={!canEdit}
            onChange={(event) => {
              const value = event.currentTarget.value;
              onChange(
                substitutions.map((old, at) =>
                  at === index ? { ...old, note: text(value) } : old,
                ),
              );
            }}
            style={{ flex: 1, minWidth: 120 }}
          />
          {canEdit ? (
            <Tooltip label="Remove the substitute">
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remove substitute ${index + 1}`}
                onClick={() => onChange(substitutions.filter((_, at) => at !== index))}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          ) : null}
        </Group>
      ))}
    </Stack>
  );
}
