// A spec's filter in the parts search: options to pick, or a value (or range) typed as engineers
// write it, with the catalogue's values as suggestions.

import type { Facets, SpecFilterMode } from '@circuits/contracts';
import { Autocomplete, Group, MultiSelect, Select, Stack, Text } from '@mantine/core';
import { facetLabel, type SpecFilterState } from './part-search-filters.ts';

const MODES: { value: SpecFilterMode; label: string }[] = [
  { value: 'eq', label: '=' },
  { value: 'gte', label: '≥' },
  { value: 'lte', label: '≤' },
  { value: 'range', label: 'from … to' },
];

// What a value of each unit looks like as engineers write it.
const EXAMPLES: Readonly<Record<string, string>> = {
  Ω: '4k7',
  F: '100n',
  H: '10u',
  V: '25V',
  A: '500mA',
  W: '1/4W',
  Hz: '16MHz',
  '%': '1%',
  '°C': '85',
  mm: '2.54',
  B: '65536',
};

export const EMPTY_SPEC: SpecFilterState = { mode: 'eq', value: '', to: '', optionIds: [] };

export function SpecFilterInput({
  spec,
  state,
  facets,
  onChange,
}: {
  spec: {
    id: number;
    name: string;
    data_type: 'number' | 'option' | 'text';
    unit: { short: string } | null;
    options: { id: number; value: string }[];
    values: { label: string; count: number }[];
  };
  state: SpecFilterState;
  facets: Facets | undefined;
  onChange: (state: SpecFilterState) => void;
}) {
  if (spec.data_type === 'option') {
    const counts = new Map(
      (facets?.options ?? [])
        .filter((option) => option.specification_id === spec.id)
        .map((option) => [option.option_id, option.count]),
    );
    const complete = !facets?.complete.optionsIncomplete.includes(spec.id);
    return (
      <MultiSelect
        label={spec.name}
        placeholder="Any"
        data={spec.options.map((option) => ({
          value: String(option.id),
          label: facets ? facetLabel(option.value, counts.get(option.id), complete) : option.value,
        }))}
        value={state.optionIds.map(String)}
        onChange={(values) => onChange({ ...state, optionIds: values.map(Number) })}
        clearable
        searchable
        comboboxProps={{ withinPortal: true }}
      />
    );
  }
  const suggestions = spec.values.slice(0, 400).map((value) => value.label);
  const unit = spec.unit?.short ?? '';
  const example = EXAMPLES[unit] ?? 'a value';
  return (
    <Stack gap={4} role="group" aria-label={`${spec.name} filter`}>
      <Text size="sm" fw={500}>
        {spec.name}
        {unit ? ` (${unit})` : ''}
      </Text>
      <Group gap={6} wrap="nowrap">
        <Select
          aria-label={`${spec.name} comparison`}
          data={MODES}
          value={state.mode}
          onChange={(mode) => onChange({ ...state, mode: (mode as SpecFilterMode) ?? 'eq' })}
          allowDeselect={false}
          w={104}
          comboboxProps={{ withinPortal: true }}
        />
        <Autocomplete
          aria-label={state.mode === 'range' ? `${spec.name} from` : `${spec.name} value`}
          placeholder={state.mode === 'range' ? `from, e.g. ${example}` : `e.g. ${example}`}
          data={suggestions}
          value={state.value}
          onChange={(value) => onChange({ ...state, value })}
          limit={30}
          style={{ flex: 1, minWidth: 0 }}
          comboboxProps={{ withinPortal: true }}
        />
      </Group>
      {state.mode === 'range' ? (
        <Autocomplete
          aria-label={`${spec.name} to`}
          placeholder={`to, e.g. ${example}`}
          data={suggestions}
          value={state.to}
          onChange={(to) => onChange({ ...state, to })}
          limit={30}
          comboboxProps={{ withinPortal: true }}
        />
      ) : null}
    </Stack>
  );
}
