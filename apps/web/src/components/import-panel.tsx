import {
  Alert,
  Button,
  Card,
  EmptyState,
  FileButton,
  Group,
  List,
  Loader,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconFileImport, IconUpload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ApiError, failureMessage } from '../lib/api-error.ts';
import { showToast } from '../lib/toasts.ts';

// The frame both file imports of a product share (BOM and pick-and-place): pick one of the
// product's files or upload one, see it read before anything is saved, then save it.

export function importFailureReason(error: unknown): string {
  if (error instanceof ApiError) return failureMessage(error.failure);
  return error instanceof Error ? error.message : 'The file could not be read';
}

interface ImportPanelProps {
  /** The id of the title, for the section's accessible name. */
  titleId: string;
  title: string;
  description: string;
  /** File endings the upload button offers. */
  accept: string;
  files: readonly { id: number; name: string }[];
  fileId: number | null;
  onFileId: (id: number | null) => void;
  /** The label of the file picker ("BOM file"). */
  fileLabel: string;
  /** Said when the product has no file of the kind yet. */
  noFileText: string;
  /** Keeps a file picked from the computer with the product's files; answers its id. */
  upload: (file: File) => Promise<number>;
  uploading: boolean;
  onClose?: (() => void) | undefined;
  /** Reading the file: what is said meanwhile, or null when nothing is being read. */
  reading: string | null;
  readError: unknown;
  saveError: unknown;
  /** The save bar, once the file is read: null before. */
  save: {
    label: string;
    onSave: () => void;
    saving: boolean;
    disabled: boolean;
    /** What saving replaces, when the product has something already. */
    replaces: string | null;
  } | null;
  /** What the file holds. */
  children: ReactNode;
}

export function ImportPanel({
  titleId,
  title,
  description,
  accept,
  files,
  fileId,
  onFileId,
  fileLabel,
  noFileText,
  upload,
  uploading,
  onClose,
  reading,
  readError,
  saveError,
  save,
  children,
}: ImportPanelProps) {
  const onUpload = (file: File | null) => {
    if (!file) return;
    upload(file).then(onFileId, (error: unknown) =>
      showToast('error', `${file.name} was not added\n${importFailureReason(error)}`),
    );
  };

  return (
    <Card padding="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={2}>
            <Title order={2} fz={18} id={titleId}>
              {title}
            </Title>
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          </Stack>
          <Group gap="xs">
            <FileButton onChange={onUpload} accept={accept}>
              {(props) => (
                <Button
                  {...props}
                  variant="default"
                  leftSection={<IconUpload size={16} />}
                  loading={uploading}
                >
                  Upload a file
                </Button>
              )}
            </FileButton>
            {onClose ? (
              <Button variant="subtle" color="gray" onClick={onClose}>
                Close
              </Button>
            ) : null}
          </Group>
        </Group>

        {files.length === 0 && !uploading ? (
          <Text size="sm" c="dimmed">
            {noFileText}
          </Text>
        ) : (
          <Select
            label={fileLabel}
            data={files.map((file) => ({ value: String(file.id), label: file.name }))}
            value={fileId === null ? null : String(fileId)}
            onChange={(value) => onFileId(value ? Number(value) : null)}
            allowDeselect={false}
            maw={520}
          />
        )}

        {reading !== null ? (
          <Group gap="xs" role="status">
            <Loader size="xs" />
            <Text size="sm" c="dimmed">
              {reading}
            </Text>
          </Group>
        ) : null}
        {readError ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            title="The file cannot be read"
          >
            {importFailureReason(readError)}
          </Alert>
        ) : null}

        {children}

        {saveError ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
            {importFailureReason(saveError)}
          </Alert>
        ) : null}

        {save ? (
          <Group justify="flex-end" gap="xs">
            {save.replaces ? (
              <Text size="sm" c="dimmed">
                {save.replaces}
              </Text>
            ) : null}
            <Button
              leftSection={<IconFileImport size={16} />}
              onClick={save.onSave}
              loading={save.saving}
              disabled={save.disabled}
            >
              {save.label}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}

/** The warnings a reader gave, the first few listed, each with its line. */
export function ReadWarnings({
  warnings,
  shown,
  total = warnings.length,
}: {
  warnings: readonly { type: string; line: number | null; message: string }[];
  shown: number;
  /** Warnings found in all, when only the first ones were sent. */
  total?: number;
}) {
  if (warnings.length === 0) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      p="xs"
      title={`${total.toLocaleString('en')} ${total === 1 ? 'warning' : 'warnings'}`}
    >
      <List size="sm" spacing={2}>
        {warnings.slice(0, shown).map((warning) => (
          <List.Item key={`${warning.type}-${warning.line}-${warning.message}`}>
            {warning.line !== null ? `Line ${warning.line}: ` : ''}
            {warning.message}
          </List.Item>
        ))}
      </List>
      {total > shown ? (
        <Text size="xs" c="dimmed" mt={4}>
          and {(total - Math.min(shown, warnings.length)).toLocaleString('en')} more
        </Text>
      ) : null}
    </Alert>
  );
}

interface NothingImportedProps {
  icon: ReactNode;
  title: string;
  canEdit: boolean;
  /** What a member who can edit is told to do. */
  editText: string;
  /** What a read-only member is told. */
  readText: string;
  /** The buttons that start an import (shown to members who can edit). */
  actions: ReactNode;
  /** Dialogs the actions open. */
  children?: ReactNode;
}

/** A product tab with nothing imported yet: what to do, or who does it. */
export function NothingImported({
  icon,
  title,
  canEdit,
  editText,
  readText,
  actions,
  children,
}: NothingImportedProps) {
  return (
    <Card padding="xl">
      <EmptyState
        icon={icon}
        variant="light"
        title={title}
        description={canEdit ? editText : readText}
      >
        {canEdit ? <EmptyState.Actions>{actions}</EmptyState.Actions> : null}
      </EmptyState>
      {children}
    </Card>
  );
}
