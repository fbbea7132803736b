import { Checkbox, Group, Progress, Stack, Text, Tooltip } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconCloudUpload, IconFileZip } from '@tabler/icons-react';

// The parts of every file upload of a product: the drop area, the unzip/detect options the
// server takes (isUnzipFlag, isAutoDetect) and the progress of the request.

export interface UploadOptionValues {
  unzip: boolean;
  detectTypes: boolean;
}

export const DEFAULT_UPLOAD_OPTIONS: UploadOptionValues = { unzip: true, detectTypes: true };

/** The multipart fields of the options (SPEC §7 addFiles: isAutoDetect, isUnzipFlag). */
export function uploadOptionFields(options: UploadOptionValues) {
  return { isAutoDetect: options.detectTypes, isUnzipFlag: options.unzip };
}

interface FileDropzoneProps {
  onFiles: (files: File[]) => void;
  disabled?: boolean;
  loading?: boolean;
  /** Fits in a dialog: less height, one line of text. */
  compact?: boolean;
}

export function FileDropzone({ onFiles, disabled, loading, compact }: FileDropzoneProps) {
  return (
    <Dropzone
      onDrop={onFiles}
      disabled={disabled}
      loading={loading}
      multiple
      aria-label="Upload files: drop them here or press to choose"
      p={compact ? 'md' : 'lg'}
      styles={{ root: { borderWidth: 1.5 } }}
    >
      <Group justify="center" gap="md" wrap="nowrap" mih={compact ? 48 : 84}>
        <Dropzone.Accept>
          <IconCloudUpload size={36} stroke={1.5} color="var(--mantine-color-brand-6)" />
        </Dropzone.Accept>
        <Dropzone.Reject>
          <IconCloudUpload size={36} stroke={1.5} color="var(--mantine-color-red-6)" />
        </Dropzone.Reject>
        <Dropzone.Idle>
          <IconFileZip size={36} stroke={1.4} color="var(--mantine-color-gray-5)" />
        </Dropzone.Idle>
        <div>
          <Text size={compact ? 'sm' : 'md'} fw={600}>
            Drop Gerber, drill, BOM and pick-and-place files or a zip here
          </Text>
          <Text size="xs" c="dimmed" mt={2}>
            or click to choose files from your computer
          </Text>
        </div>
      </Group>
    </Dropzone>
  );
}

interface UploadOptionsProps {
  value: UploadOptionValues;
  onChange: (value: UploadOptionValues) => void;
  disabled?: boolean;
}

export function UploadOptions({ value, onChange, disabled }: UploadOptionsProps) {
  return (
    <Group gap="lg">
      <Tooltip label="Zip archives are expanded into their files, folders included" withArrow>
        <Checkbox
          label="Unzip archives"
          checked={value.unzip}
          disabled={disabled}
          onChange={(event) => onChange({ ...value, unzip: event.currentTarget.checked })}
        />
      </Tooltip>
      <Tooltip
        label="BOM and pick-and-place files are recognised, Gerber and drill files put on the board with their layer"
        withArrow
        multiline
        w={280}
      >
        <Checkbox
          label="Detect types"
          checked={value.detectTypes}
          disabled={disabled}
          onChange={(event) => onChange({ ...value, detectTypes: event.currentTarget.checked })}
        />
      </Tooltip>
    </Group>
  );
}

/** How far an upload has got: the share sent, then the server's work on the files. */
export function UploadProgress({ fraction, label }: { fraction: number; label: string }) {
  const percent = Math.round(fraction * 100);
  const sent = percent >= 100;
  return (
    <Stack gap={4}>
      <Group justify="space-between">
        <Text size="xs" c="dimmed">
          {sent ? `${label}: checking and storing the files…` : `${label}: ${percent} %`}
        </Text>
      </Group>
      <Progress
        value={percent}
        animated={sent}
        striped={sent}
        size="md"
        aria-label={`${label} progress`}
      />
    </Stack>
  );
}
