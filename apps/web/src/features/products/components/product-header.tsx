import type { Product, ProjectSummary } from '@circuits/contracts';
import {
  Anchor,
  Badge,
  Breadcrumbs,
  Button,
  Group,
  Stack,
  Switch,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconArrowsExchange, IconCopy } from '@tabler/icons-react';
import { Link } from 'react-router';
import { usePendingChoices } from '../../../lib/pending-choices.ts';
import { showToast } from '../../../lib/toasts.ts';
import { useProductVisibility } from '../api/products-api.ts';

interface ProductHeaderProps {
  product: Product;
  project: ProjectSummary;
  canEdit: boolean;
  onDuplicate: () => void;
  onMove: () => void;
  /** Shown to admins only (SPEC §6 product admin-view toggle). */
  adminView: { enabled: boolean; onChange: (enabled: boolean) => void } | null;
}

export function ProductHeader({
  product,
  project,
  canEdit,
  onDuplicate,
  onMove,
  adminView,
}: ProductHeaderProps) {
  const visibility = useProductVisibility(product.id);
  const pendingVisibility = usePendingChoices<number, boolean>();
  return (
    <Stack gap={6} mb="md">
      <Breadcrumbs component="nav" aria-label="Breadcrumb" separatorMargin={6} fz="sm">
        <Anchor component={Link} to="/workspace" size="sm">
          Workspace
        </Anchor>
        <Group gap={6} wrap="nowrap">
          <span
            aria-hidden
            style={{
              width: 10,
              height: 10,
              borderRadius: 3,
              background: project.markedColor,
              boxShadow: 'inset 0 0 0 1px rgb(0 0 0 / 0.15)',
            }}
          />
          <Text size="sm" c="dimmed" span>
            {project.title}
          </Text>
        </Group>
        <Text size="sm" span>
          {product.name}
        </Text>
      </Breadcrumbs>
      {/* The title keeps at least 15rem; on a phone the switches and buttons wrap below it. */}
      <Group justify="space-between" align="flex-end" gap="md">
        <Group gap="sm" align="baseline" style={{ minWidth: 0, flex: '1 1 15rem' }}>
          <Title order={1} fz={{ base: 22, sm: 26 }} lineClamp={2}>
            {product.name}
          </Title>
          {product.partNumber ? (
            <Text c="dimmed" ff="monospace" size="sm" style={{ whiteSpace: 'nowrap' }}>
              {product.partNumber}
            </Text>
          ) : null}
          {product.visible ? null : (
            <Badge variant="outline" color="gray" radius="sm" tt="none">
              Hidden
            </Badge>
          )}
        </Group>
        <Group gap="sm">
          {adminView ? (
            <Tooltip label="Record details and detection results for support" withArrow>
              <Switch
                label="Admin view"
                checked={adminView.enabled}
                onChange={(event) => adminView.onChange(event.currentTarget.checked)}
              />
            </Tooltip>
          ) : null}
          {canEdit ? (
            <>
              <Switch
                label="Visible"
                checked={pendingVisibility.shown(product.id, product.visible)}
                disabled={visibility.isPending}
                onChange={(event) => {
                  const visible = event.currentTarget.checked;
                  pendingVisibility.choose(product.id, visible, product.visible);
                  visibility.mutate(visible, {
                    onError: () => pendingVisibility.drop(product.id),
                    onSuccess: () =>
                      showToast(
                        'success',
                        visible
                          ? `${product.name} is shown in the workspace`
                          : `${product.name} is hidden in the workspace`,
                      ),
                  });
                }}
              />
              <Button
                variant="default"
                size="sm"
                leftSection={<IconCopy size={16} />}
                onClick={onDuplicate}
              >
                Duplicate
              </Button>
              <Button
                variant="default"
                size="sm"
                leftSection={<IconArrowsExchange size={16} />}
                onClick={onMove}
              >
                Move
              </Button>
            </>
          ) : null}
        </Group>
      </Group>
    </Stack>
  );
}
