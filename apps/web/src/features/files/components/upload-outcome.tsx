import type { AddedFile } from '@circuits/contracts';
import { addsUsableFiles } from '@circuits/domain';
import { Alert, List, ScrollArea, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconFileAlert } from '@tabler/icons-react';

/** What the last upload did: the files added with what each was recognised as, or the refusal. */
export type UploadOutcomeValue =
  | { type: 'added'; summary: string; added: readonly AddedFile[] }
  | { type: 'refused'; reasons: readonly string[] };

// Files that need the user's eye (no layer, not recognised, of no use to the board) are marked.
function needsAttention(file: AddedFile): boolean {
  return (
    file.kind === 'unknown' ||
    file.kind === 'other' ||
    file.kind === 'notDetected' ||
    file.layer === 'initialType'
  );
}

/**
 * The last upload's outcome under the drop area, until the user closes it or uploads again: a
 * toast goes by, and an upload of forty files deserves a list to read.
 */
export function UploadOutcome({
  outcome,
  onClose,
}: {
  outcome: UploadOutcomeValue;
  onClose: () => void;
}) {
  if (outcome.type === 'refused') {
    return (
      <Alert
        color="red"
        variant="light"
        title="Files not added"
        icon={<IconFileAlert size={18} />}
        withCloseButton
        closeButtonLabel="Dismiss"
        onClose={onClose}
      >
        <List size="sm" spacing={2}>
          {outcome.reasons.map((reason) => (
            <List.Item key={reason}>{reason}</List.Item>
          ))}
        </List>
        <Text size="xs" c="dimmed" mt={6}>
          Nothing of this upload was kept: fix these files and upload again.
        </Text>
      </Alert>
    );
  }
  const usable = addsUsableFiles(outcome.added);
  return (
    <Alert
      color={usable ? 'teal' : 'yellow'}
      variant="light"
      title={outcome.summary}
      icon={usable ? <IconCircleCheck size={18} /> : <IconAlertTriangle size={18} />}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={onClose}
    >
      <ScrollArea.Autosize mah={220} type="auto" offsetScrollbars>
        <List size="sm" spacing={2} aria-label="Files added">
          {outcome.added.map((file) => (
            <List.Item key={file.id}>
              <Text span size="sm" fw={550} style={{ overflowWrap: 'anywhere' }}>
                {file.name}
              </Text>
              <Text span size="sm" c={needsAttention(file) ? 'orange.8' : 'dimmed'}>
                {' — '}
                {file.recognisedAs}
              </Text>
            </List.Item>
          ))}
        </List>
      </ScrollArea.Autosize>
    </Alert>
  );
}
