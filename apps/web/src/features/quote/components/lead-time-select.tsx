import type { LeadTimeOption } from '@circuits/contracts';
import { leadTimeText } from '@circuits/domain';
import { Select } from '@mantine/core';

/** The build time of a quote: standard, faster or economy, with its working days and price. */
export function LeadTimeSelect({
  options,
  value,
  onChange,
}: {
  options: readonly LeadTimeOption[];
  value: string | null;
  onChange: (id: string) => void;
}) {
  if (options.length === 0) return null;
  return (
    <Select
      label="Build time"
      data={options.map((option) => ({ value: option.id, label: leadTimeText(option) }))}
      value={value ?? options[0]!.id}
      onChange={(next) => next && onChange(next)}
      allowDeselect={false}
      w={{ base: '100%', xs: 280 }}
    />
  );
}
