import type { PackageCorrection } from '@circuits/contracts';
import {
  Button,
  Group,
  Modal,
  NumberInput,
  Radio,
  SegmentedControl,
  Stack,
  Text,
} from '@mantine/core';
import { useState } from 'react';
import { FormError } from '../../../components/form-error.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { showToast } from '../../../lib/toasts.ts';
import { useSavePackageCorrection } from '../api/placements-api.ts';

/** The package a new correction is for: as the file named it, and the catalogue's when linked. */
export type CorrectionTarget = {
  packageName: string | null;
  package: { id: number; pkgName: string } | null;
};

/** The dialog corrects a package of a placement row, or edits a correction of the list. */
export type CorrectionEdit =
  | { kind: 'new'; target: CorrectionTarget }
  | { kind: 'existing'; correction: PackageCorrection };

const TURNS = ['0', '90', '180', '270'];

export function correctionLabel(correction: Pick<PackageCorrection, 'packageName' | 'package'>) {
  return correction.packageName ?? `catalogue package ${correction.package?.pkgName ?? '?'}`;
}

interface PackageCorrectionDialogProps {
  productId: number;
  edit: CorrectionEdit | null;
  onClose: () => void;
}

/**
 * "Correct this package…": the rotation (usually a quarter or half turn) and the centre shift a
 * package needs, remembered for the company and applied to every placement of the package.
 */
export function PackageCorrectionDialog({
  productId,
  edit,
  onClose,
}: PackageCorrectionDialogProps) {
  return (
    <Modal opened={edit !== null} onClose={onClose} title="Correct this package" size="md">
      {edit ? <CorrectionForm productId={productId} edit={edit} onClose={onClose} /> : null}
    </Modal>
  );
}

function CorrectionForm({
  productId,
  edit,
  onClose,
}: {
  productId: number;
  edit: CorrectionEdit;
  onClose: () => void;
}) {
  const save = useSavePackageCorrection(productId);
  const existing = edit.kind === 'existing' ? edit.correction : null;
  const target = edit.kind === 'new' ? edit.target : null;
  const [by, setBy] = useState<'name' | 'catalogue'>(
    target && !target.packageName ? 'catalogue' : 'name',
  );
  const [rotation, setRotation] = useState<number | string>(existing?.rotation ?? 0);
  const [x, setX] = useState<number | string>(existing?.x ?? 0);
  const [y, setY] = useState<number | string>(existing?.y ?? 0);

  const fields = save.error instanceof ApiError ? save.error.fieldErrors : {};
  const number = (value: number | string) => (typeof value === 'number' ? value : Number(value));
  const values = { rotation: number(rotation), x: number(x), y: number(y) };
  const name = existing
    ? correctionLabel(existing)
    : by === 'name'
      ? target?.packageName
      : `catalogue package ${target?.package?.pkgName}`;

  const submit = () => {
    const body = existing
      ? { id: existing.id, ...values }
      : by === 'name'
        ? { packageName: target?.packageName ?? '', ...values }
        : { package_id: target?.package?.id, ...values };
    save.mutate(body, {
      onSuccess: (answer) => {
        showToast(
          'success',
          `${name} corrected: ${answer.data.placements} placements of this product follow it`,
        );
        onClose();
      },
    });
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm">
        <Text size="sm">
          The correction is remembered for your company: every placement of{' '}
          <Text span fw={650}>
            {name}
          </Text>{' '}
          follows it, in this product, the others and the next imports. The imported positions stay
          as the file wrote them.
        </Text>
        {target?.packageName && target.package ? (
          <Radio.Group
            label="Which package"
            value={by}
            onChange={(value) => setBy(value as 'name' | 'catalogue')}
          >
            <Stack gap={6} mt={6}>
              <Radio value="name" label={`As the files name it: ${target.packageName}`} />
              <Radio
                value="catalogue"
                label={`Catalogue package ${target.package.pkgName} (any name)`}
              />
            </Stack>
          </Radio.Group>
        ) : null}
        <Stack gap={4}>
          <Text size="sm" fw={500} id="correction-rotation-label">
            Rotation added (degrees, counter-clockwise)
          </Text>
          <Group gap="xs" wrap="wrap">
            <SegmentedControl
              size="xs"
              aria-labelledby="correction-rotation-label"
              data={TURNS.map((turn) => ({ value: turn, label: `${turn}°` }))}
              value={TURNS.includes(String(rotation)) ? String(rotation) : ''}
              onChange={(value) => setRotation(Number(value))}
            />
            <NumberInput
              size="xs"
              w={110}
              aria-label="Rotation in degrees"
              value={rotation}
              onChange={setRotation}
              suffix="°"
              error={fields.rotation}
            />
          </Group>
        </Stack>
        <Group grow gap="sm">
          <NumberInput
            label="Centre shift x (mm)"
            description="Along the package at 0°"
            value={x}
            onChange={setX}
            decimalScale={4}
            step={0.05}
            error={fields.x}
          />
          <NumberInput
            label="Centre shift y (mm)"
            description="Along the package at 0°"
            value={y}
            onChange={setY}
            decimalScale={4}
            step={0.05}
            error={fields.y}
          />
        </Group>
        <FormError
          message={
            save.error && Object.keys(fields).every((key) => !['rotation', 'x', 'y'].includes(key))
              ? save.error.message
              : undefined
          }
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save correction
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
