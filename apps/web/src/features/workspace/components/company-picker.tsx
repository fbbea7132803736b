import type { CompanySummary } from '@circuits/contracts';
import { Select } from '@mantine/core';
import { IconBuildingFactory2 } from '@tabler/icons-react';

const ALL_COMPANIES = 'all';

interface CompanyPickerProps {
  companies: readonly CompanySummary[] | undefined;
  value: CompanySummary | null;
  onChange: (company: CompanySummary | null) => void;
  loading: boolean;
}

/** Admins and moderators fix the company they work in; "All companies" lifts the filter. */
export function CompanyPicker({ companies, value, onChange, loading }: CompanyPickerProps) {
  const known = companies ?? (value ? [value] : []);
  const data = [
    { value: ALL_COMPANIES, label: 'All companies' },
    ...known.map((company) => ({ value: String(company.id), label: company.name })),
  ];
  return (
    <Select
      aria-label="Company"
      leftSection={<IconBuildingFactory2 size={16} />}
      data={data}
      value={value ? String(value.id) : ALL_COMPANIES}
      searchable
      nothingFoundMessage="No company by that name"
      disabled={loading && !companies}
      w={260}
      onChange={(selected) => {
        if (!selected || selected === ALL_COMPANIES) return onChange(null);
        const company = known.find((candidate) => String(candidate.id) === selected);
        if (company) onChange(company);
      }}
    />
  );
}
