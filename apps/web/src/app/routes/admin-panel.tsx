import { Alert, Container, Tabs } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { LoadErrorBlock, LoadingBlock } from '../../components/load-states.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { AuditSection } from '../../features/admin/components/audit-section.tsx';
import { BoardOptionsSection } from '../../features/admin/components/board-options-section.tsx';
import { CompaniesSection } from '../../features/admin/components/companies-section.tsx';
import { ErrorReportsSection } from '../../features/admin/components/error-reports-section.tsx';
import { ModerationSection } from '../../features/admin/components/moderation-section.tsx';
import { OrdersSection } from '../../features/admin/components/orders-section.tsx';
import { PriceBookSection } from '../../features/admin/components/price-book-section.tsx';
import { UsersSection } from '../../features/admin/components/users-section.tsx';
import { useCurrentUser } from '../../features/auth/api/auth-api.ts';

const SECTIONS = [
  { value: 'users', label: 'Users' },
  { value: 'companies', label: 'Companies' },
  { value: 'orders', label: 'Orders' },
  { value: 'prices', label: 'Price book' },
  { value: 'boardOptions', label: 'Board options' },
  { value: 'moderation', label: 'Parts moderation' },
  { value: 'audit', label: 'Audit log' },
  { value: 'errors', label: 'Error reports' },
] as const;
type Section = (typeof SECTIONS)[number]['value'];

function isSection(value: string | null): value is Section {
  return SECTIONS.some((section) => section.value === value);
}

/** /adminPanel: administrators change, moderators read (the route guard lets only them in). */
export function AdminPanelView() {
  const user = useCurrentUser();
  const [search, setSearch] = useSearchParams();
  const requested = search.get('tab');
  const section: Section = isSection(requested) ? requested : 'users';
  const canChange = user.data?.role === 'admin';
  return (
    <Container size="xl" py="xl">
      <PageHeader
        title="Admin panel"
        description="Users, companies and orders of every company, the price book, the options the Board tab offers, the parts catalogue's moderation queue, the audit log of every change made here and of every company's country, and the errors browsers reported."
      />
      {user.isPending ? (
        <LoadingBlock label="Loading your account…" />
      ) : user.isError ? (
        <LoadErrorBlock what="Your account" error={user.error} onRetry={() => user.refetch()} />
      ) : (
        <>
          {canChange ? null : (
            <Alert variant="light" color="blue" icon={<IconEye size={18} />} mb="md">
              Read-only: moderators see everything here; only administrators change it. The parts
              moderation queue is the exception: moderators confirm, merge and delete there.
            </Alert>
          )}
          <Tabs
            value={section}
            onChange={(value) => {
              if (isSection(value)) setSearch({ tab: value }, { replace: true });
            }}
            keepMounted={false}
          >
            <Tabs.List mb="md" style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
              {SECTIONS.map((entry) => (
                <Tabs.Tab key={entry.value} value={entry.value} style={{ flexShrink: 0 }}>
                  {entry.label}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            <Tabs.Panel value="users">
              <UsersSection canChange={canChange} />
            </Tabs.Panel>
            <Tabs.Panel value="companies">
              <CompaniesSection canChange={canChange} />
            </Tabs.Panel>
            <Tabs.Panel value="orders">
              <OrdersSection canChange={canChange} />
            </Tabs.Panel>
            <Tabs.Panel value="prices">
              <PriceBookSection canChange={canChange} />
            </Tabs.Panel>
            <Tabs.Panel value="boardOptions">
              <BoardOptionsSection canChange={canChange} />
            </Tabs.Panel>
            <Tabs.Panel value="moderation">
              <ModerationSection />
            </Tabs.Panel>
            <Tabs.Panel value="audit">
              <AuditSection />
            </Tabs.Panel>
            <Tabs.Panel value="errors">
              <ErrorReportsSection />
            </Tabs.Panel>
          </Tabs>
        </>
      )}
    </Container>
  );
}
