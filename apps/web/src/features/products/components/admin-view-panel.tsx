import type { ProductPage } from '@circuits/contracts';
import { Alert, Code, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatBytes, formatDateTime } from '../../../lib/format.ts';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.3}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

/**
 * What an administrator needs to support a customer: whose product it is, its record ids and
 * dates, how much is stored, and the state of the data other tabs fill (settings, cache, BOM).
 */
export function AdminViewPanel({ page }: { page: ProductPage }) {
  const { product, project } = page;
  const storedBytes = page.files.reduce((sum, file) => sum + file.size, 0);
  return (
    <Alert
      color="grape"
      variant="light"
      icon={<IconShieldLock size={18} />}
      title="Admin view"
      mb="md"
      aria-label="Admin view"
    >
      <SimpleGrid cols={{ base: 2, md: 4, lg: 6 }} spacing="md" verticalSpacing="xs">
        <Fact label="Company">
          {project.comp.name} <Code>#{project.comp.id}</Code>
        </Fact>
        <Fact label="Project">
          {project.title} <Code>#{project.id}</Code>
          {project.visible ? '' : ' (hidden)'}
        </Fact>
        <Fact label="Product">
          <Code>#{product.id}</Code>
          {product.assembly_id === null ? ' no assembly' : ` assembly #${product.assembly_id}`}
        </Fact>
        <Fact label="Created">{formatDateTime(product.created_at)}</Fact>
        <Fact label="Updated">{formatDateTime(product.updated_at)}</Fact>
        <Fact label="Stored">
          {page.files.length} files, {formatBytes(storedBytes)}
          {product.cover ? ` + cover ${formatBytes(product.cover.size)}` : ''}
        </Fact>
        <Fact label="Board files">{page.boardFiles.length}</Fact>
        <Fact label="Board settings">{page.settings === null ? 'not saved yet' : 'saved'}</Fact>
        <Fact label="Render cache">
          {page.cache.hash ? <Code>{page.cache.hash.slice(0, 12)}</Code> : 'none'}
        </Fact>
        <Fact label="BOM rows">{page.bom.length}</Fact>
        <Fact label="Placements">{page.placements.length}</Fact>
        <Fact label="Orders">{page.orders.length}</Fact>
      </SimpleGrid>
    </Alert>
  );
}
