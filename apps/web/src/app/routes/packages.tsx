import type { Package } from '@circuits/contracts';
import {
  Anchor,
  Badge,
  Card,
  Container,
  Group,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
} from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { LoadErrorBlock, LoadingBlock } from '../../components/load-states.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useCurrentUser } from '../../features/auth/api/auth-api.ts';
import { usePackages, useUpdatePackage } from '../../features/parts/api/parts-api.ts';
import { PackageOutline } from '../../features/parts/components/package-outline.tsx';
import { TAB_ORDER } from '../../features/parts/components/part-search-filters.ts';
import { showToast } from '../../lib/toasts.ts';

// Outlines share one scale per category so their sizes compare at a glance.
function scaleFor(packages: readonly Package[]): number {
  const largest = Math.max(
    1,
    ...packages.map((pkg) => Math.max(pkg.maxX - pkg.minX, pkg.maxY - pkg.minY)),
  );
  return Math.min(40, 110 / largest);
}

function PackageCard({ pkg, scale, canEdit }: { pkg: Package; scale: number; canEdit: boolean }) {
  const update = useUpdatePackage();
  const [pins, setPins] = useState<number | string>(pkg.numOfPins);
  const save = (changes: { mountType?: 'SMD' | 'THT'; numOfPins?: number }) =>
    update.mutate(
      { id: pkg.id, ...changes },
      { onSuccess: () => showToast('success', `${pkg.pkgName} saved`) },
    );
  return (
    <Card withBorder padding="sm" data-testid="package-card">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600} size="sm" truncate>
            {pkg.pkgName}
          </Text>
          <Badge variant="light" size="sm">
            {pkg.mountType}
          </Badge>
        </Group>
        <PackageOutline pkg={pkg} size={120} scaleMmPx={scale} />
        {pkg.aliases.length ? (
          <Text size="xs" c="dimmed" lineClamp={2}>
            Also: {pkg.aliases.join(', ')}
          </Text>
        ) : null}
        {canEdit ? (
          <Group gap="xs" wrap="nowrap" align="flex-end">
            <SegmentedControl
              size="xs"
              value={pkg.mountType}
              data={['SMD', 'THT']}
              onChange={(value) => save({ mountType: value as 'SMD' | 'THT' })}
              aria-label={`Mount type of ${pkg.pkgName}`}
            />
            <NumberInput
              size="xs"
              label="Pins"
              min={0}
              max={10000}
              w={80}
              value={pins}
              onChange={setPins}
              onBlur={() => {
                if (typeof pins === 'number' && pins !== pkg.numOfPins) save({ numOfPins: pins });
              }}
            />
          </Group>
        ) : (
          <Text size="xs">{pkg.numOfPins} pins</Text>
        )}
      </Stack>
    </Card>
  );
}

export function PackagesView() {
  const user = useCurrentUser();
  const packages = usePackages();
  const [tab, setTab] = useState<string>('2');
  const staff = user.data?.role === 'admin' || user.data?.role === 'moderator';
  const categories = TAB_ORDER.map((id) =>
    packages.data?.find((category) => category.id === id),
  ).filter((category) => category !== undefined);
  const shown = packages.data?.find((category) => String(category.id) === tab);

  return (
    <Container size="xl" py="xl">
      <PageHeader
        title="Packages"
        description="Component packages by category, each body outline drawn to scale in millimetres."
        actions={
          <Anchor component={Link} to="/experimental_parts" size="sm">
            Parts search
          </Anchor>
        }
      />
      {packages.isPending ? (
        <LoadingBlock label="Loading packages…" />
      ) : packages.isError ? (
        <LoadErrorBlock
          what="The packages"
          error={packages.error}
          onRetry={() => packages.refetch()}
        />
      ) : (
        <Tabs value={tab} onChange={(value) => value && setTab(value)}>
          <Tabs.List style={{ overflowX: 'auto', flexWrap: 'nowrap' }}>
            {categories.map((category) => (
              <Tabs.Tab key={category.id} value={String(category.id)}>
                {category.name} ({category.packages.length})
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value={tab} pt="md">
            {!shown || shown.packages.length === 0 ? (
              <Text c="dimmed" ta="center" py="xl">
                No packages in this category yet
              </Text>
            ) : (
              <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="md">
                {shown.packages.map((pkg) => (
                  <PackageCard
                    key={pkg.id}
                    pkg={pkg}
                    scale={scaleFor(shown.packages)}
                    canEdit={staff}
                  />
                ))}
              </SimpleGrid>
            )}
          </Tabs.Panel>
        </Tabs>
      )}
    </Container>
  );
}
