import { type Product, requiredText } from '@circuits/contracts';
import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import { FormError } from '../../../components/form-error.tsx';
import { useContractForm } from '../../../hooks/use-contract-form.ts';
import { registerField } from '../../../lib/form-fields.ts';
import { showToast } from '../../../lib/toasts.ts';
import { useDuplicateProduct } from '../api/products-api.ts';
import type { ProjectOption } from './project-options.ts';

const CopyFields = z.object({
  name: requiredText('Name', 200),
  projectId: z.string({ error: 'Choose a project' }).min(1, 'Choose a project'),
});

interface DuplicateProductDialogProps {
  opened: boolean;
  product: Product;
  projects: readonly ProjectOption[];
  onCopied: (copy: Product) => void;
  onClose: () => void;
}

function DuplicateProductForm({
  product,
  projects,
  onCopied,
  onClose,
}: Omit<DuplicateProductDialogProps, 'opened'>) {
  const duplicate = useDuplicateProduct(product.id);
  const { form, submit } = useContractForm(CopyFields, {
    defaultValues: { name: `${product.name} (copy)`, projectId: String(product.project_id) },
    onSubmit: async (values) => {
      const copy = await duplicate.mutateAsync({
        name: values.name,
        projectId: Number(values.projectId),
      });
      showToast('success', `${copy.name} created`);
      onCopied(copy);
    },
  });
  const { errors, isSubmitting } = form.formState;
  // The product's own project is always offered, even before the list has loaded.
  const options = projects.some((project) => project.id === product.project_id)
    ? projects
    : [
        { id: product.project_id, title: 'This project', companyName: '', assemblies: [] },
        ...projects,
      ];

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormError message={errors.root?.server?.message} />
        <Text size="sm" c="dimmed">
          The copy gets its own copies of the files, board settings, BOM and placements.
        </Text>
        <TextInput label="Name" required data-autofocus {...registerField(form, 'name')} />
        <Controller
          control={form.control}
          name="projectId"
          render={({ field, fieldState }) => (
            <Select
              label="Project"
              data={options.map((project) => ({ value: String(project.id), label: project.title }))}
              value={field.value}
              onChange={(value) => field.onChange(value ?? '')}
              error={fieldState.error?.message}
              searchable
            />
          )}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting}>
            Duplicate
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function DuplicateProductDialog({ opened, ...props }: DuplicateProductDialogProps) {
  return (
    <Modal opened={opened} onClose={props.onClose} title="Duplicate product">
      {opened ? <DuplicateProductForm {...props} /> : null}
    </Modal>
  );
}
