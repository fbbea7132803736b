import type { User } from '@circuits/contracts';
import { Container, SimpleGrid, Stack, Text } from '@mantine/core';
import { LoadErrorBlock, LoadingBlock } from '../../components/load-states.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { SectionCard } from '../../components/section-card.tsx';
import { useCurrentUser } from '../../features/auth/api/auth-api.ts';
import { ChangePasswordForm } from '../../features/auth/components/change-password-form.tsx';
import { LogOutEverywhereCard } from '../../features/auth/components/log-out-everywhere-card.tsx';

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Stack>
  );
}

function ProfileCard({ user }: { user: User }) {
  return (
    <SectionCard title="Profile" description="Who you are in Circuits.">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Detail label="Name" value={`${user.name} ${user.lastname}`} />
        <Detail label="Email" value={user.email} />
        <Detail label="Company" value={user.company.name} />
        <Detail
          label="In the company"
          value={user.company_role === 'edit' ? 'May edit company data' : 'Read-only member'}
        />
      </SimpleGrid>
    </SectionCard>
  );
}

/** The user's own account: profile, password and sessions. */
export function AccountView() {
  const user = useCurrentUser();
  return (
    <Container size="md" py="xl">
      <PageHeader
        title="Your account"
        description="Your profile, your password and your sessions."
      />
      {user.isPending ? (
        <LoadingBlock label="Loading your account…" />
      ) : user.isError || !user.data ? (
        <LoadErrorBlock what="Your account" error={user.error} onRetry={() => user.refetch()} />
      ) : (
        <Stack gap="lg">
          <ProfileCard user={user.data} />
          <SectionCard
            title="Password"
            description="Changing it logs you out on every other browser and device."
          >
            <ChangePasswordForm email={user.data.email} />
          </SectionCard>
          <LogOutEverywhereCard />
        </Stack>
      )}
    </Container>
  );
}
