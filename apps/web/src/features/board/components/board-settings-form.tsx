import {
  type BoardFacts,
  type BoardSettings,
  type BoardSettingsField,
  type BoardSettingsOptions,
  type ColorOption,
  isLengthUnit,
  LENGTH_UNIT_LABELS,
  type LengthUnit,
  MM_PER_INCH,
  type ProposedField,
  pricedDimensions,
} from '@circuits/domain';
import {
  Badge,
  Button,
  Checkbox,
  ColorSwatch,
  Divider,
  Group,
  Input,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { FormError } from '../../../components/form-error.tsx';
import { switchUnits, type UnitSwitch } from '../lib/settings-draft.ts';

type Errors = Partial<Record<BoardSettingsField, string>>;

interface BoardSettingsFormProps {
  settings: BoardSettings;
  options: BoardSettingsOptions;
  /** What the board files measure: the price uses it where it is more than entered. */
  measured?: BoardFacts | null;
  onChange: (settings: BoardSettings) => void;
  /** Messages to show on the fields (the domain's checks and the server's answer). */
  errors: Errors;
  /** Fields filled from the board files' analysis rather than saved. */
  proposed: readonly ProposedField[];
  /** What the analysis measured the size on: the outline, or the copper without one. */
  sizeFrom?: 'outline' | 'layers' | null;
  formError?: string;
  readOnly: boolean;
  saving: boolean;
  /** There is something to save: a change, or settings never saved. */
  canSave: boolean;
  /** The draft differs from what the form started from. */
  canDiscard: boolean;
  onSave: () => void;
  onReset: () => void;
  /**
   * Raised (counted up) when a save was refused: the form brings its first invalid field into
   * view and focuses it, wherever the user had scrolled to.
   */
  revealErrors: number;
  /** No save or discard buttons: the settings are used as they change (the instant quote). */
  hideActions?: boolean;
}

/** A number field's value as the settings hold it: '' (cleared) is null. */
function toNumber(value: string | number): number | null {
  if (value === '') return null;
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) ? number : null;
}

function numberOptions(values: readonly number[], unit: string) {
  return values.map((value) => ({ value: String(value), label: `${value} ${unit}`.trim() }));
}

function ColorOptionLabel({ color }: { color: ColorOption }) {
  return (
    <Group gap={8} wrap="nowrap">
      <ColorSwatch color={color.hex} size={14} withShadow />
      <span>{color.name}</span>
    </Group>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs">
      <Title order={3} fz="sm" fw={650} c="dimmed" tt="uppercase" lts={0.4}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** "100 × 80 mm", "3.937 × 3.15 in": a measured size in the unit the form shows. */
function sizeText(widthMm: number, lengthMm: number, unit: LengthUnit): string {
  const inUnit = (value: number) =>
    Number((unit === 'in' ? value / MM_PER_INCH : value).toFixed(unit === 'in' ? 3 : 2));
  return `${inUnit(widthMm)} × ${inUnit(lengthMm)} ${unit}`;
}

/**
 * Why the price is not made from what was entered: the files measure a larger board or more
 * copper layers, and a price is made from what the files show. Said only where the fields are
 * not already refused for it (their own message says so then).
 */
function MeasuredNote({
  settings,
  measured,
  errors,
}: {
  settings: BoardSettings;
  measured: BoardFacts | null;
  errors: Errors;
}) {
  if (!measured) return null;
  const priced = pricedDimensions(settings, measured);
  const unit = isLengthUnit(settings.unitsIn) ? settings.unitsIn : 'mm';
  const notes: string[] = [];
  if (priced.sizeFromFiles && !errors.boardWidth && !errors.boardLength) {
    notes.push(
      `The price uses the size the board files measure, ${sizeText(priced.widthMm!, priced.lengthMm!, unit)}, which is more than entered.`,
    );
  }
  if (priced.layersFromFiles && !errors.numberLayers) {
    notes.push(`The price uses the ${priced.layers} copper layers the board files hold.`);
  }
  if (notes.length === 0) return null;
  return (
    <Text size="sm" c="blue.8" role="note" data-measured-note>
      {notes.join(' ')}
    </Text>
  );
}

/** The board settings of SPEC §3, checked as SPEC §5 says, in the unit the user picked. */
export function BoardSettingsForm({
  settings,
  options,
  measured = null,
  onChange,
  errors,
  proposed,
  sizeFrom = null,
  formError,
  readOnly,
  saving,
  canSave,
  canDiscard,
  onSave,
  onReset,
  revealErrors,
  hideActions = false,
}: BoardSettingsFormProps) {
  const unit = isLengthUnit(settings.unitsIn) ? settings.unitsIn : null;
  const unitSwitch = useRef<UnitSwitch | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // What the user is typing in the minimum hole size ("-", "0."), shown as typed while they do.
  const [holeText, setHoleText] = useState<string | number | null>(null);

  useEffect(() => {
    if (revealErrors === 0) return;
    const form = formRef.current;
    const field =
      form?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      form?.querySelector<HTMLElement>('.mantine-InputWrapper-error');
    if (!field) return;
    field.scrollIntoView({ block: 'center' });
    field.focus({ preventScroll: true });
  }, [revealErrors]);
  const set = <F extends BoardSettingsField>(field: F, value: BoardSettings[F]) =>
    onChange({ ...settings, [field]: value });
  const disabled = readOnly || saving;
  const proposedBadge = (field: ProposedField) =>
    proposed.includes(field) ? (
      <Badge size="xs" variant="light" color="blue" radius="sm" tt="none" ml={6}>
        {field !== 'numberLayers' && sizeFrom === 'outline'
          ? 'From the outline'
          : field !== 'numberLayers' && sizeFrom === 'layers'
            ? 'From the copper'
            : 'From files'}
      </Badge>
    ) : null;

  const lengthInput = (field: BoardSettingsField, label: ReactNode, extra = {}) => (
    <NumberInput
      label={label}
      value={(settings[field] as number | null) ?? ''}
      onChange={(value) => set(field, toNumber(value) as never)}
      error={errors[field]}
      rightSection={
        <Text size="xs" c="dimmed" pr={6}>
          {unit ?? ''}
        </Text>
      }
      rightSectionPointerEvents="none"
      min={0}
      decimalScale={unit === 'in' ? 7 : 4}
      hideControls
      disabled={disabled}
      {...extra}
    />
  );

  const numberSelect = (
    field: 'numberLayers' | 'boardThickness' | 'outerCooper' | 'innerCooper',
    label: string,
    values: readonly number[],
    suffix: string,
    extraLabel?: ReactNode,
  ) => (
    <Select
      label={
        <>
          {label}
          {extraLabel}
        </>
      }
      aria-label={label}
      data={numberOptions(values, suffix)}
      value={settings[field] === null ? null : String(settings[field])}
      onChange={(value) => set(field, value === null ? null : Number(value))}
      error={errors[field]}
      placeholder="Select"
      disabled={disabled}
    />
  );

  const textSelect = (
    field: 'boardMaterial' | 'finishing' | 'via_process' | 'edge_rail' | 'panel_cutting',
    label: string,
    values: readonly string[],
  ) => (
    <Select
      label={label}
      data={[...values]}
      value={settings[field]}
      onChange={(value) => set(field, value)}
      error={errors[field]}
      placeholder="Select"
      disabled={disabled}
    />
  );

  const colorSelect = (field: 'maskColor' | 'silkColor', label: string, colors: ColorOption[]) => {
    const current = colors.find((color) => color.name === settings[field]);
    return (
      <Select
        label={label}
        data={colors.map((color) => color.name)}
        value={settings[field]}
        onChange={(value) => set(field, value)}
        error={errors[field]}
        placeholder="Select"
        disabled={disabled}
        leftSection={current ? <ColorSwatch color={current.hex} size={14} withShadow /> : null}
        renderOption={({ option }) => {
          const color = colors.find((candidate) => candidate.name === option.value);
          return color ? <ColorOptionLabel color={color} /> : option.label;
        }}
      />
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave();
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label="Board settings">
      <Stack gap="lg">
        <FormError message={formError} />
        <Section title="Board">
          <Input.Wrapper label="Units" error={errors.unitsIn}>
            <div>
              <SegmentedControl
                aria-label="Units"
                size="sm"
                mt={4}
                value={unit ?? ''}
                disabled={disabled}
                onChange={(value) => {
                  if (!isLengthUnit(value)) return;
                  unitSwitch.current = switchUnits(settings, value, unitSwitch.current);
                  onChange(unitSwitch.current.after);
                }}
                data={options.units.map((value) => ({
                  value,
                  label: LENGTH_UNIT_LABELS[value],
                }))}
              />
            </div>
          </Input.Wrapper>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
            {lengthInput(
              'boardWidth',
              <>
                Width
                {proposedBadge('boardWidth')}
              </>,
              { 'aria-label': 'Width' },
            )}
            {lengthInput(
              'boardLength',
              <>
                Length
                {proposedBadge('boardLength')}
              </>,
              { 'aria-label': 'Length' },
            )}
            {numberSelect(
              'numberLayers',
              'Number of layers',
              options.numberLayers,
              '',
              proposedBadge('numberLayers'),
            )}
            {numberSelect('boardThickness', 'Board thickness', options.boardThicknessesMm, 'mm')}
            {textSelect('boardMaterial', 'Board material', options.materials)}
            {textSelect('via_process', 'Via process', options.viaProcesses)}
            <NumberInput
              label="Min hole size"
              // A cleared field is no size (NaN), refused on save, never 0 in disguise.
              value={
                holeText ?? (Number.isNaN(settings.min_hole_size) ? '' : settings.min_hole_size)
              }
              onChange={(value) => {
                setHoleText(value);
                set('min_hole_size', toNumber(value) ?? Number.NaN);
              }}
              onBlur={() => setHoleText(null)}
              error={errors.min_hole_size}
              rightSection={
                <Text size="xs" c="dimmed" pr={6}>
                  mm
                </Text>
              }
              rightSectionPointerEvents="none"
              decimalScale={3}
              hideControls
              disabled={disabled}
            />
          </SimpleGrid>
          <MeasuredNote settings={settings} measured={measured} errors={errors} />
        </Section>

        <Divider />
        <Section title="Finish and colours">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
            {textSelect('finishing', 'Finishing', options.finishings)}
            {colorSelect('maskColor', 'Solder mask colour', [...options.maskColors])}
            {colorSelect('silkColor', 'Silkscreen colour', [...options.silkColors])}
            {numberSelect('outerCooper', 'Outer copper weight', options.outerCopperWeightsOz, 'oz')}
            {numberSelect('innerCooper', 'Inner copper weight', options.innerCopperWeightsOz, 'oz')}
          </SimpleGrid>
        </Section>

        <Divider />
        <Section title="Panel">
          <Switch
            label="Deliver in panels"
            description="Boards are delivered in a panel of X by Y boards"
            checked={settings.panelization}
            onChange={(event) => set('panelization', event.currentTarget.checked)}
            disabled={disabled}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
            <NumberInput
              label="Boards across (X)"
              value={settings.panelization_x ?? ''}
              onChange={(value) => set('panelization_x', toNumber(value))}
              error={errors.panelization_x}
              allowDecimal={false}
              min={0}
              disabled={disabled || !settings.panelization}
            />
            <NumberInput
              label="Boards down (Y)"
              value={settings.panelization_y ?? ''}
              onChange={(value) => set('panelization_y', toNumber(value))}
              error={errors.panelization_y}
              allowDecimal={false}
              min={0}
              disabled={disabled || !settings.panelization}
            />
            {textSelect('edge_rail', 'Edge rails', options.edgeRails)}
            {lengthInput('edge_rail_width', 'Edge rail width', {
              disabled: disabled || settings.edge_rail === 'None' || !settings.edge_rail,
            })}
            {textSelect('panel_cutting', 'Panel cutting', options.panelCuttings)}
            {lengthInput('rout_width_horizontal', 'Rout width, horizontal')}
            {lengthInput('rout_width_vertical', 'Rout width, vertical')}
          </SimpleGrid>
          <Group gap="xl">
            <Checkbox
              label="Accept X-out panels (boards marked bad)"
              checked={settings.x_out_panel}
              onChange={(event) => set('x_out_panel', event.currentTarget.checked)}
              disabled={disabled}
            />
            <Checkbox
              label="Customer will supply the bare board"
              checked={settings.customerWillSupplyBareBoard}
              onChange={(event) => set('customerWillSupplyBareBoard', event.currentTarget.checked)}
              disabled={disabled}
            />
            <Checkbox
              label="Use the outline layer as the board shape"
              checked={settings.useOutlineLayerMask}
              onChange={(event) => set('useOutlineLayerMask', event.currentTarget.checked)}
              disabled={disabled}
            />
          </Group>
        </Section>

        {hideActions ? null : readOnly ? (
          <Text size="sm" c="dimmed">
            You can view these settings; only editors of the company can change them.
          </Text>
        ) : (
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onReset} disabled={!canDiscard || saving}>
              Discard changes
            </Button>
            <Button
              type="submit"
              loading={saving}
              leftSection={<IconDeviceFloppy size={16} />}
              disabled={!canSave}
            >
              Save settings
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
