import type { Company } from '@circuits/contracts';
import { Badge, Card, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { showToast } from '../../../lib/toasts.ts';
import {
  type OnCompanyChange,
  useCurrencies,
  useUpdateCompanyCurrency,
} from '../api/company-api.ts';

interface CompanyDetailsCardProps {
  company: Company;
  canEdit: boolean;
  onCompanyChange: OnCompanyChange;
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.4}>
        {label}
      </Text>
      {children}
    </Stack>
  );
}

export function CompanyDetailsCard({ company, canEdit, onCompanyChange }: CompanyDetailsCardProps) {
  const currencies = useCurrencies();
  const updateCurrency = useUpdateCompanyCurrency(onCompanyChange);

  const changeCurrency = (value: string | null) => {
    const currencyId = Number(value);
    if (!value || currencyId === company.currency.id) return;
    updateCurrency.mutate(currencyId, {
      onSuccess: ({ company: changed }) =>
        showToast('success', `Prices are now quoted in ${changed.currency.name}`),
    });
  };

  const currencyOptions = (currencies.data ?? [company.currency]).map((currency) => ({
    value: String(currency.id),
    label: currency.name,
  }));

  return (
    <Card padding="lg" component="section" aria-label="Company details">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg" verticalSpacing="md">
        <Detail label="Company">
          <Text fw={650} size="lg" lh={1.3}>
            {company.name}
          </Text>
        </Detail>
        <Detail label="Your access">
          <div>
            <Badge
              variant="light"
              color={canEdit ? 'brand' : 'gray'}
              radius="sm"
              tt="none"
              size="lg"
            >
              {canEdit ? 'Can edit company details' : 'View only'}
            </Badge>
          </div>
        </Detail>
        <Detail label="Currency">
          <Select
            aria-label="Company currency"
            data={currencyOptions}
            value={String(company.currency.id)}
            onChange={changeCurrency}
            disabled={!canEdit || updateCurrency.isPending}
            error={currencies.isError ? 'Currencies could not be loaded' : undefined}
            maw={200}
          />
        </Detail>
        <Detail label="Tax">
          <Text fw={600} size="lg" lh={1.3}>
            {company.tax} %
          </Text>
          <Text size="xs" c="dimmed">
            From the country of the company address
          </Text>
        </Detail>
      </SimpleGrid>
    </Card>
  );
}
