import { Stack } from '@mantine/core';
import { useState } from 'react';
import {
  DEFAULT_UPLOAD_OPTIONS,
  FileDropzone,
  UploadOptions,
  UploadProgress,
  uploadOptionFields,
} from '../../../components/file-upload.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { toFormData } from '../../../lib/form-data.ts';
import { showToast } from '../../../lib/toasts.ts';
import { showFilesNotAdded } from '../../../lib/upload-failure.ts';
import { useUploadFiles } from '../api/files-api.ts';

/**
 * Drop files (or a zip) on the product: they are sent at once, with the progress shown. Once the
 * product has files the drop area gets smaller, leaving the room to the lists.
 */
export function UploadFilesCard({ productId, compact }: { productId: number; compact: boolean }) {
  const upload = useUploadFiles(productId);
  const [options, setOptions] = useState(DEFAULT_UPLOAD_OPTIONS);
  const [progress, setProgress] = useState<number | null>(null);

  const send = (files: File[]) => {
    if (files.length === 0) return;
    setProgress(0);
    upload.mutate(
      {
        form: toFormData({ files, ...uploadOptionFields(options) }),
        onUploadProgress: setProgress,
      },
      {
        onSuccess: ({ addedFileIds }) =>
          showToast(
            'success',
            addedFileIds.length === 1 ? '1 file added' : `${addedFileIds.length} files added`,
          ),
        onError: showFilesNotAdded,
        onSettled: () => setProgress(null),
      },
    );
  };

  return (
    <SectionCard
      title="Upload files"
      description="Gerber and drill files go on the board; BOM and pick-and-place files feed the BOM and Placement tabs."
    >
      <Stack gap="sm">
        <FileDropzone onFiles={send} disabled={upload.isPending} compact={compact} />
        <UploadOptions value={options} onChange={setOptions} disabled={upload.isPending} />
        {progress !== null ? <UploadProgress fraction={progress} label="Uploading" /> : null}
      </Stack>
    </SectionCard>
  );
}
