import { ActionIcon, Group, ScrollArea, Stack, Text } from '@mantine/core';
import { IconFile, IconX } from '@tabler/icons-react';
import { formatBytes } from '../../../lib/format.ts';

/** The same file chosen twice is the same entry. */
export function fileKey(file: File): string {
  return `${file.name}:${file.size}:${file.lastModified}`;
}

/** Adds files not chosen yet. */
export function withNewFiles(current: readonly File[], added: readonly File[]): File[] {
  const known = new Set(current.map(fileKey));
  return [...current, ...added.filter((file) => !known.has(fileKey(file)))];
}

interface SelectedFilesListProps {
  files: readonly File[];
  onRemove: (index: number) => void;
  disabled?: boolean;
}

/** Files chosen for an upload that has not been sent yet. */
export function SelectedFilesList({ files, onRemove, disabled }: SelectedFilesListProps) {
  if (files.length === 0) return null;
  const total = files.reduce((sum, file) => sum + file.size, 0);
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed">
        {files.length} {files.length === 1 ? 'file' : 'files'}, {formatBytes(total)}
      </Text>
      <ScrollArea.Autosize mah={132} type="auto">
        <Stack gap={2} aria-label="Files to upload" component="ul" m={0} p={0}>
          {files.map((file, index) => (
            <Group
              key={fileKey(file)}
              component="li"
              gap="xs"
              wrap="nowrap"
              style={{ listStyle: 'none' }}
            >
              <IconFile size={14} color="var(--mantine-color-gray-6)" aria-hidden />
              <Text size="sm" truncate style={{ flex: 1 }}>
                {file.name}
              </Text>
              <Text size="xs" c="dimmed">
                {formatBytes(file.size)}
              </Text>
              <ActionIcon
                size="sm"
                variant="subtle"
                color="gray"
                aria-label={`Remove ${file.name}`}
                disabled={disabled}
                onClick={() => onRemove(index)}
              >
                <IconX size={14} />
              </ActionIcon>
            </Group>
          ))}
        </Stack>
      </ScrollArea.Autosize>
    </Stack>
  );
}
