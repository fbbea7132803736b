import { CreateOutlineInput } from '@circuits/contracts';
import { convertLength, LENGTH_UNIT_LABELS, LENGTH_UNITS, type LengthUnit } from '@circuits/domain';
import {
  Button,
  Card,
  Grid,
  Group,
  Input,
  NumberInput,
  SegmentedControl,
  Stack,
  Text,
} from '@mantine/core';
import { IconRulerMeasure } from '@tabler/icons-react';
import { Controller, useWatch } from 'react-hook-form';
import { FormError } from '../../../components/form-error.tsx';
import { useContractForm } from '../../../hooks/use-contract-form.ts';
import { showToast } from '../../../lib/toasts.ts';
import { useCreateOutline } from '../api/board-api.ts';

interface CreateOutlineFormProps {
  productId: number;
  /** The unit the board's settings use, offered first. */
  unit: LengthUnit;
  onCreated: () => void;
  onCancel: () => void;
}

type LengthField = 'width' | 'length' | 'radius';

/** A rectangular outline, optionally with rounded corners, drawn as the board's outline file. */
export function CreateOutlineForm({
  productId,
  unit,
  onCreated,
  onCancel,
}: CreateOutlineFormProps) {
  const createOutline = useCreateOutline(productId);
  const { form, submit } = useContractForm(CreateOutlineInput, {
    defaultValues: { units: unit },
    onSubmit: async (values) => {
      const answer = await createOutline.mutateAsync(values);
      showToast('success', `Outline ${answer.boardFile.file.name} added to the board`);
      onCreated();
    },
  });
  const values = useWatch({ control: form.control });
  const { errors, isSubmitting } = form.formState;
  const units = values.units ?? unit;

  const lengthInput = (name: LengthField, label: string, description?: string) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <NumberInput
          label={label}
          description={description}
          required={name !== 'radius'}
          value={field.value ?? ''}
          onChange={(value) => field.onChange(value === '' ? undefined : Number(value))}
          onBlur={field.onBlur}
          ref={field.ref}
          error={fieldState.error?.message}
          min={0}
          decimalScale={units === 'in' ? 4 : 3}
          hideControls
          rightSection={
            <Text size="xs" c="dimmed" pr={6}>
              {units}
            </Text>
          }
          rightSectionPointerEvents="none"
          disabled={isSubmitting}
        />
      )}
    />
  );

  return (
    <Card padding="lg">
      <form onSubmit={submit} noValidate aria-label="Create outline">
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, sm: 7 }}>
            <Stack gap="md">
              <FormError message={errors.root?.server?.message} />
              <Input.Wrapper label="Units" error={errors.units?.message}>
                <div>
                  <SegmentedControl
                    mt={4}
                    aria-label="Units"
                    value={units}
                    disabled={isSubmitting}
                    onChange={(next) => {
                      const to = next as LengthUnit;
                      // The rectangle keeps its size in the other unit.
                      for (const name of ['width', 'length', 'radius'] as const) {
                        const value = form.getValues(name);
                        if (typeof value === 'number') {
                          form.setValue(name, convertLength(value, units, to));
                        }
                      }
                      form.setValue('units', to);
                    }}
                    data={LENGTH_UNITS.map((value) => ({
                      value,
                      label: LENGTH_UNIT_LABELS[value],
                    }))}
                  />
                </div>
              </Input.Wrapper>
              <Group grow align="flex-start">
                {lengthInput('width', 'Width')}
                {lengthInput('length', 'Length')}
              </Group>
              {lengthInput(
                'radius',
                'Corner radius',
                'Optional; at most half the shorter side. Leave empty for square corners.',
              )}
              <Group justify="flex-end" gap="sm" mt="sm">
                <Button variant="default" onClick={onCancel} disabled={isSubmitting}>
                  Cancel
                </Button>
                <Button
                  type="submit"
                  loading={isSubmitting}
                  leftSection={<IconRulerMeasure size={16} />}
                >
                  Create outline
                </Button>
              </Group>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 5 }}>
            <OutlinePreview
              width={values.width}
              length={values.length}
              radius={values.radius}
              units={units}
            />
          </Grid.Col>
        </Grid>
      </form>
    </Card>
  );
}

const PREVIEW_PX = 220;

/** The outline drawn to scale, so a typo (80 in for 80 mm) is seen before it is saved. */
function OutlinePreview({
  width,
  length,
  radius,
  units,
}: {
  width: unknown;
  length: unknown;
  radius: unknown;
  units: LengthUnit;
}) {
  const w = typeof width === 'number' && width > 0 ? width : null;
  const l = typeof length === 'number' && length > 0 ? length : null;
  if (w === null || l === null) {
    return (
      <Stack h={PREVIEW_PX} justify="center" align="center" bg="gray.0" style={{ borderRadius: 8 }}>
        <Text size="sm" c="dimmed">
          Enter the width and length to see the outline.
        </Text>
      </Stack>
    );
  }
  const scale = (PREVIEW_PX - 40) / Math.max(w, l);
  const r = typeof radius === 'number' && radius > 0 ? Math.min(radius, w / 2, l / 2) : 0;
  return (
    <Stack gap={4} align="center" data-testid="outline-preview">
      <svg
        width={PREVIEW_PX}
        height={PREVIEW_PX}
        viewBox={`0 0 ${PREVIEW_PX} ${PREVIEW_PX}`}
        role="img"
        aria-label={`Outline ${w} by ${l} ${units}`}
      >
        <rect
          x={(PREVIEW_PX - w * scale) / 2}
          y={(PREVIEW_PX - l * scale) / 2}
          width={w * scale}
          height={l * scale}
          rx={r * scale}
          fill="#0a5c36"
          stroke="#e9c46a"
          strokeWidth={2}
        />
      </svg>
      <Text size="xs" c="dimmed">
        {w} × {l} {units}
      </Text>
    </Stack>
  );
}
