import { Accordion, Badge, Code, Group, List, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { RenderWarning } from '../lib/board-render.ts';

/** Warnings listed per file at most; the rest are counted. */
const LISTED_PER_FILE = 50;

/**
 * Warnings grouped by file, the board-wide ones first, files in name order; a warning repeated on
 * the same line is listed once.
 */
export function warningsByFile(warnings: readonly RenderWarning[]) {
  const groups = new Map<string, Map<string, RenderWarning & { key: string }>>();
  for (const warning of warnings) {
    const file = warning.filename ?? '';
    const group = groups.get(file) ?? new Map();
    const key = `${warning.line ?? ''}:${warning.message}`;
    group.set(key, { ...warning, key });
    groups.set(file, group);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([filename, list]) => ({ filename, warnings: [...list.values()] }));
}

/**
 * What the parser and plotter worked around (SPEC §8 Gerber parser warnings), per file, so the
 * user can tell a drawing that may be wrong from one that is fine.
 */
export function RenderWarnings({ warnings }: { warnings: readonly RenderWarning[] }) {
  if (warnings.length === 0) return null;
  const groups = warningsByFile(warnings);
  return (
    <Accordion variant="contained" radius="md" chevronPosition="right">
      <Accordion.Item value="warnings">
        <Accordion.Control
          icon={<IconAlertTriangle size={16} color="var(--mantine-color-yellow-7)" />}
        >
          <Text size="sm" fw={600}>
            Parser warnings ({warnings.length})
          </Text>
        </Accordion.Control>
        <Accordion.Panel>
          {groups.map((group) => (
            <section
              key={group.filename}
              aria-label={`Warnings of ${group.filename || 'the board'}`}
            >
              <Group gap={6} mt="xs" mb={4}>
                <Text size="sm" fw={600}>
                  {group.filename || 'Board'}
                </Text>
                <Badge size="xs" variant="light" color="yellow" radius="sm">
                  {group.warnings.length}
                </Badge>
              </Group>
              <List size="xs" spacing={2}>
                {group.warnings.slice(0, LISTED_PER_FILE).map((warning) => (
                  <List.Item key={warning.key}>
                    {warning.line !== null ? <Code fz="xs">line {warning.line}</Code> : null}{' '}
                    {warning.message}
                  </List.Item>
                ))}
                {group.warnings.length > LISTED_PER_FILE ? (
                  <List.Item>
                    <Text size="xs" c="dimmed">
                      and {group.warnings.length - LISTED_PER_FILE} more
                    </Text>
                  </List.Item>
                ) : null}
              </List>
            </section>
          ))}
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
