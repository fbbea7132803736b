import { PriceBookData } from '@circuits/contracts';
import { formatMoney } from '@circuits/domain';
import {
  Alert,
  Button,
  Card,
  Group,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { LoadErrorBlock, LoadingBlock } from '../../../components/load-states.tsx';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { usePreviewPriceBook, usePriceBooks, usePublishPriceBook } from '../api/admin-api.ts';
import { type BookProblems, PriceBookForm } from './price-book-form.tsx';

type Book = ReturnType<typeof PriceBookData.parse>;

/**
 * The draft as a book, or the first problem with it in words; `problems` has each problem by
 * field path (for the form).
 */
function parseDraft(text: string): { book: Book } | { problem: string; problems: BookProblems } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { problem: `Not valid JSON: ${(error as Error).message}`, problems: {} };
  }
  const parsed = PriceBookData.safeParse(json);
  if (parsed.success) return { book: parsed.data };
  const problems: BookProblems = {};
  for (const issue of parsed.error.issues) problems[issue.path.join('.')] ??= issue.message;
  const issue = parsed.error.issues[0]!;
  return { problem: `${issue.path.join('.') || 'book'}: ${issue.message}`, problems };
}

/** The draft's object for the form: the last one that parsed, or the book in force. */
function draftObject(text: string, fallback: Book): Book {
  try {
    return JSON.parse(text) as Book;
  } catch {
    return fallback;
  }
}

const usd = (total: { USD: number } | null, message: string | null) =>
  total ? formatMoney(total.USD, 'USD') : (message ?? '—');

export function PriceBookSection({ canChange }: { canChange: boolean }) {
  const books = usePriceBooks();
  const preview = usePreviewPriceBook();
  const publish = usePublishPriceBook();
  const [draft, setDraft] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [view, setView] = useState<'form' | 'json'>('form');
  // The draft text the sample quotes shown were made from: publishing needs that draft.
  const [comparedText, setComparedText] = useState<string | null>(null);
  if (books.isPending) return <LoadingBlock label="Loading the price book…" />;
  if (books.isError) {
    return (
      <LoadErrorBlock what="The price book" error={books.error} onRetry={() => books.refetch()} />
    );
  }
  const { current, versions } = books.data;
  const text = draft ?? JSON.stringify(current.book, null, 2);
  const parsed = parseDraft(text);
  const compared = preview.data !== undefined && comparedText === text;
  return (
    <Stack gap="md">
      <Card withBorder padding="md">
        <Stack gap="sm">
          <Title order={3} fz={16}>
            Version {current.version} is in force
          </Title>
          <Text size="sm" c="dimmed">
            A new version starts from the one in force: change the numbers in the form (or every
            part of the book as JSON: amounts in cents, rates per USD), compare sample quotes, then
            publish. Quotes and orders made before keep the version they were priced with.
          </Text>
          <SegmentedControl
            aria-label="Edit the new version as"
            value={view}
            onChange={(value) => setView(value as 'form' | 'json')}
            data={[
              { value: 'form', label: 'Form' },
              { value: 'json', label: 'JSON (everything)' },
            ]}
            style={{ alignSelf: 'flex-start' }}
          />
          {view === 'form' ? (
            <>
              {'problem' in parsed ? (
                <Alert variant="light" color="red" role="alert">
                  {parsed.problem}
                </Alert>
              ) : null}
              <PriceBookForm
                book={draftObject(text, current.book)}
                problems={'problems' in parsed ? parsed.problems : {}}
                onChange={(book) => {
                  setDraft(JSON.stringify(book, null, 2));
                  preview.reset();
                }}
              />
            </>
          ) : (
            <Textarea
              label="New version (JSON)"
              autosize
              minRows={8}
              maxRows={24}
              spellCheck={false}
              styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
              value={text}
              onChange={(event) => {
                setDraft(event.currentTarget.value);
                preview.reset();
              }}
              error={'problem' in parsed ? parsed.problem : undefined}
            />
          )}
          <Group gap="sm">
            <Button
              variant="light"
              disabled={'problem' in parsed}
              loading={preview.isPending}
              onClick={() => {
                if (!('book' in parsed)) return;
                setComparedText(text);
                preview.mutate(parsed.book);
              }}
            >
              Compare sample quotes
            </Button>
            {draft !== null ? (
              <Button
                variant="subtle"
                onClick={() => {
                  setDraft(null);
                  preview.reset();
                }}
              >
                Start again from version {current.version}
              </Button>
            ) : null}
          </Group>
        </Stack>
      </Card>
      {preview.data ? (
        <Card padding={0} aria-label="Sample quotes">
          <ScrollTable minWidth={560} verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Sample board</Table.Th>
                <Table.Th ta="right">Version {preview.data.current_version}</Table.Th>
                <Table.Th ta="right">New version</Table.Th>
                <Table.Th ta="right">Change</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {preview.data.samples.map((sample) => {
                const before = sample.current.total?.USD;
                const after = sample.proposed.total?.USD;
                const change =
                  before !== undefined && after !== undefined && before > 0
                    ? `${after >= before ? '+' : ''}${(((after - before) / before) * 100).toFixed(1)} %`
                    : '—';
                return (
                  <Table.Tr key={sample.label} data-sample={sample.label}>
                    <Table.Td>{sample.label}</Table.Td>
                    <Table.Td ta="right">
                      {usd(sample.current.total, sample.current.message)}
                    </Table.Td>
                    <Table.Td ta="right" fw={600}>
                      {usd(sample.proposed.total, sample.proposed.message)}
                    </Table.Td>
                    <Table.Td ta="right">{change}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </ScrollTable>
        </Card>
      ) : null}
      {canChange && compared && 'book' in parsed ? (
        <Card withBorder padding="md">
          <Stack gap="sm">
            <TextInput
              label="Note"
              description="Why this version, e.g. new exchange rates"
              maxLength={500}
              value={note}
              onChange={(event) => setNote(event.currentTarget.value)}
            />
            <Group>
              <Button
                loading={publish.isPending}
                onClick={() =>
                  publish.mutate(
                    { book: parsed.book, note },
                    {
                      onSuccess: () => {
                        setDraft(null);
                        setNote('');
                        preview.reset();
                      },
                    },
                  )
                }
              >
                Publish as version {current.version + 1}
              </Button>
            </Group>
          </Stack>
        </Card>
      ) : canChange ? (
        <Alert variant="light" color="gray">
          Compare the sample quotes of this draft to publish it.
        </Alert>
      ) : (
        <Text size="sm" c="dimmed">
          Moderators compare sample quotes; only administrators publish a new version.
        </Text>
      )}
      <Stack gap={4}>
        <Title order={3} fz={16}>
          History
        </Title>
        {versions.map((version) => (
          <Card key={version.version} withBorder padding="sm" data-version={version.version}>
            <Text size="sm" fw={600}>
              Version {version.version}
              {version.version === current.version ? ' (in force)' : ''}
            </Text>
            <Text size="xs" c="dimmed">
              {formatDateTime(version.created_at)}
              {version.created_by ? ` · ${version.created_by}` : ''}
              {version.note ? ` · ${version.note}` : ''}
            </Text>
          </Card>
        ))}
      </Stack>
    </Stack>
  );
}
