import type { Company } from '@circuits/contracts';
import { Container, Stack } from '@mantine/core';
import { useCallback } from 'react';
import { LoadErrorBlock, LoadingBlock } from '../../components/load-states.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { setCurrentUser, useCurrentUser } from '../../features/auth/api/auth-api.ts';
import { AddressesSection } from '../../features/company/components/addresses-section.tsx';
import { CompanyDetailsCard } from '../../features/company/components/company-details-card.tsx';
import { ShippingAccountsSection } from '../../features/company/components/shipping-accounts-section.tsx';

export function CabinetView() {
  const user = useCurrentUser();
  const current = user.data;
  const onCompanyChange = useCallback(
    (company: Company) => {
      if (current) setCurrentUser({ ...current, company });
    },
    [current],
  );

  return (
    <Container size="xl" py="xl">
      <PageHeader
        title="Company cabinet"
        description="Company details, addresses, shipping accounts and the company currency."
      />
      {user.isPending ? (
        <LoadingBlock label="Loading your company…" />
      ) : user.isError || !current ? (
        <LoadErrorBlock what="Your company" error={user.error} onRetry={() => user.refetch()} />
      ) : (
        <Stack gap="lg">
          <CompanyDetailsCard
            company={current.company}
            canEdit={current.company_role === 'edit'}
            onCompanyChange={onCompanyChange}
          />
          <AddressesSection
            canEdit={current.company_role === 'edit'}
            onCompanyChange={onCompanyChange}
          />
          <ShippingAccountsSection
            accounts={current.company.shipping_accounts}
            canEdit={current.company_role === 'edit'}
            onCompanyChange={onCompanyChange}
          />
        </Stack>
      )}
    </Container>
  );
}
