import { addsUsableFiles } from '@circuits/domain';
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
import {
  isFileRefusal,
  showFilesNotAdded,
  uploadFailureReason,
} from '../../../lib/upload-failure.ts';
import { useUploadFiles } from '../api/files-api.ts';
import { UploadOutcome, type UploadOutcomeValue } from './upload-outcome.tsx';

/**
 * Drop files (or a zip) on the product: they are sent at once, with the progress shown. Once the
 * product has files the drop area gets smaller, leaving the room to the lists.
 */
export function UploadFilesCard({ productId, compact }: { productId: number; compact: boolean }) {
  const upload = useUploadFiles(productId);
  const [options, setOptions] = useState(DEFAULT_UPLOAD_OPTIONS);
  const [progress, setProgress] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<UploadOutcomeValue | null>(null);

  const send = (files: File[]) => {
    if (files.length === 0) return;
    setProgress(0);
    setOutcome(null);
    upload.mutate(
      {
        form: toFormData({ files, ...uploadOptionFields(options) }),
        onUploadProgress: setProgress,
      },
      {
        onSuccess: ({ added, summary }) => {
          setOutcome({ type: 'added', added, summary });
          showToast(addsUsableFiles(added) ? 'success' : 'warning', summary);
        },
        onError: (error) => {
          // A refusal of the files is listed; a dead session or a lost line is only toasted.
          if (isFileRefusal(error)) {
            setOutcome({ type: 'refused', reasons: uploadFailureReason(error).split('\n') });
          }
          showFilesNotAdded(error);
        },
        onSettled: () => setProgress(null),
      },
    );
  };

  return (
    <SectionCard
      title="Upload files"
      description="Gerber and drill files go on the board; BOM and pick-and-place files are kept with the board."
    >
      <Stack gap="sm">
        <FileDropzone onFiles={send} disabled={upload.isPending} compact={compact} />
        <UploadOptions value={options} onChange={setOptions} disabled={upload.isPending} />
        {progress !== null ? <UploadProgress fraction={progress} label="Uploading" /> : null}
        {outcome ? <UploadOutcome outcome={outcome} onClose={() => setOutcome(null)} /> : null}
      </Stack>
    </SectionCard>
  );
}
