import { requiredText } from '@circuits/contracts';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { z } from 'zod';
import { FormError } from '../../../components/form-error.tsx';
import { useContractForm } from '../../../hooks/use-contract-form.ts';
import { registerField } from '../../../lib/form-fields.ts';

const AssemblyFields = z.object({ title: requiredText('Title', 200) });

interface AssemblyTitleDialogProps {
  opened: boolean;
  /** The current title when renaming; null for a new assembly. */
  title: string | null;
  projectTitle: string;
  onSubmit: (title: string) => Promise<unknown>;
  onClose: () => void;
}

function AssemblyTitleForm({ title, onSubmit, onClose }: Omit<AssemblyTitleDialogProps, 'opened'>) {
  const { form, submit } = useContractForm(AssemblyFields, {
    defaultValues: { title: title ?? '' },
    onSubmit: async (values) => {
      await onSubmit(values.title);
      onClose();
    },
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormError message={errors.root?.server?.message} />
        <TextInput
          label="Title"
          required
          data-autofocus
          placeholder="e.g. Power supply"
          {...registerField(form, 'title')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {title === null ? 'Create assembly' : 'Rename'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Names a new assembly of a project, or renames one. */
export function AssemblyTitleDialog({ opened, ...props }: AssemblyTitleDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={props.onClose}
      title={props.title === null ? `New assembly in ${props.projectTitle}` : 'Rename assembly'}
    >
      {opened ? <AssemblyTitleForm {...props} /> : null}
    </Modal>
  );
}
