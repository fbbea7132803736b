import type { Product } from '@circuits/contracts';
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { FormError } from '../../../components/form-error.tsx';
import { ApiError, failureMessage } from '../../../lib/api-error.ts';
import { showToast } from '../../../lib/toasts.ts';
import { useMoveProduct } from '../api/products-api.ts';
import type { ProjectOption } from './project-options.ts';

interface MoveProductDialogProps {
  opened: boolean;
  product: Product;
  /** Projects of the product's company. */
  projects: readonly ProjectOption[];
  loadingProjects: boolean;
  onClose: () => void;
}

function MoveProductForm({
  product,
  projects,
  loadingProjects,
  onClose,
}: Omit<MoveProductDialogProps, 'opened'>) {
  const move = useMoveProduct(product.id);
  const [projectId, setProjectId] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const targets = projects.filter((project) => project.id !== product.project_id);

  return (
    <Stack gap="md">
      <FormError message={error} />
      <Text size="sm" c="dimmed">
        The product keeps its files, settings and BOM. It leaves its assembly, if it is in one.
      </Text>
      <Select
        label="Project"
        placeholder={loadingProjects ? 'Loading projects…' : 'Choose a project'}
        data={targets.map((project) => ({ value: String(project.id), label: project.title }))}
        value={projectId}
        onChange={setProjectId}
        searchable
        nothingFoundMessage="No other project"
      />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={move.isPending}>
          Cancel
        </Button>
        <Button
          disabled={projectId === null}
          loading={move.isPending}
          onClick={() => {
            const target = targets.find((project) => String(project.id) === projectId);
            if (!target) return;
            move.mutate(target.id, {
              onSuccess: () => {
                showToast('success', `${product.name} moved to ${target.title}`);
                onClose();
              },
              onError: (failure) =>
                setError(
                  failure instanceof ApiError
                    ? failureMessage(failure.failure)
                    : 'Something went wrong',
                ),
            });
          }}
        >
          Move product
        </Button>
      </Group>
    </Stack>
  );
}

/** Moves the product to another project of its company. */
export function MoveProductDialog({ opened, ...props }: MoveProductDialogProps) {
  return (
    <Modal opened={opened} onClose={props.onClose} title="Move to another project">
      {opened ? <MoveProductForm {...props} /> : null}
    </Modal>
  );
}
