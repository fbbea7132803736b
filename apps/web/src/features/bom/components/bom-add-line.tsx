import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { FormError } from '../../../components/form-error.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { showToast } from '../../../lib/toasts.ts';
import { useAddBomRow } from '../api/bom-api.ts';

interface BomAddLineProps {
  productId: number;
  opened: boolean;
  onClose: () => void;
}

/** "Add line": a BOM row typed by hand, its part number matched to the catalogue. */
export function BomAddLine({ productId, opened, onClose }: BomAddLineProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Add a BOM line" size="sm">
      {opened ? <AddLineForm productId={productId} onClose={onClose} /> : null}
    </Modal>
  );
}

function AddLineForm({ productId, onClose }: { productId: number; onClose: () => void }) {
  const add = useAddBomRow(productId);
  const [refDesign, setRefDesign] = useState('');
  const [partNumber, setPartNumber] = useState('');
  const fields = add.error instanceof ApiError ? add.error.fieldErrors : {};
  const known = ['refDesign', 'partNumber'];

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        add.mutate(
          { refDesign, partNumber: partNumber.trim() === '' ? null : partNumber },
          {
            onSuccess: (answer) => {
              showToast(
                'success',
                answer.data.part_info
                  ? `Line added, matched to ${answer.data.part_info.part_number}`
                  : 'Line added',
              );
              onClose();
            },
          },
        );
      }}
    >
      <Stack gap="sm">
        <TextInput
          label="Designators"
          description="As on the board: R1-R4, R7"
          required
          data-autofocus
          value={refDesign}
          onChange={(event) => setRefDesign(event.currentTarget.value)}
          error={fields.refDesign}
        />
        <TextInput
          label="Part number"
          description="Matched to the catalogue when it knows it"
          value={partNumber}
          onChange={(event) => setPartNumber(event.currentTarget.value)}
          error={fields.partNumber}
        />
        <FormError
          message={
            add.error && Object.keys(fields).every((key) => !known.includes(key))
              ? add.error.message
              : undefined
          }
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={add.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={add.isPending}>
            Add line
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
