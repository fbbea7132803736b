import { AddProjectForm, type CompanySummary, type Project } from '@circuits/contracts';
import { DEFAULT_MARKED_COLOR, type MarkedColor } from '@circuits/domain';
import { Button, Group, Modal, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import {
  type CoverChange,
  CoverImageField,
  coverFields,
} from '../../../components/cover-image-field.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { useContractForm } from '../../../hooks/use-contract-form.ts';
import { toFormData } from '../../../lib/form-data.ts';
import { registerField } from '../../../lib/form-fields.ts';
import { showToast } from '../../../lib/toasts.ts';
import { useSaveProject } from '../api/projects-api.ts';
import { MarkedColorPicker } from './marked-color-picker.tsx';

const ProjectFields = AddProjectForm.pick({ title: true, description: true, markedColor: true });

/** Which company a new project goes to: admins choose (SPEC §7 "comp"), others use their own. */
export interface CompanyChoice {
  companies: readonly CompanySummary[];
  defaultCompanyId: number;
}

interface ProjectFormProps {
  project: Project | null;
  companyChoice: CompanyChoice | null;
  onSaved: (project: Project) => void;
  onCancel: () => void;
}

function ProjectForm({ project, companyChoice, onSaved, onCancel }: ProjectFormProps) {
  const saveProject = useSaveProject();
  const [cover, setCover] = useState<CoverChange>({ type: 'keep' });
  const [companyId, setCompanyId] = useState(companyChoice?.defaultCompanyId ?? null);
  const { form, submit } = useContractForm(ProjectFields, {
    defaultValues: {
      title: project?.title ?? '',
      description: project?.description ?? '',
      markedColor: project?.markedColor ?? DEFAULT_MARKED_COLOR,
    },
    onSubmit: async (values) => {
      const fields = {
        title: values.title,
        description: values.description ?? '',
        markedColor: values.markedColor,
        ...coverFields(cover),
      };
      const saved = await saveProject.mutateAsync(
        project
          ? { type: 'update', projectId: project.id, form: toFormData(fields) }
          : { type: 'add', form: toFormData({ ...fields, comp: companyId ?? undefined }) },
      );
      showToast('success', project ? 'Project saved' : `Project "${saved.title}" created`);
      onSaved(saved);
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
          placeholder="e.g. Weather station"
          {...registerField(form, 'title')}
        />
        <Textarea
          label="Description"
          autosize
          minRows={2}
          maxRows={5}
          placeholder="What the project is for (optional)"
          {...registerField(form, 'description')}
        />
        <Controller
          control={form.control}
          name="markedColor"
          render={({ field }) => (
            <MarkedColorPicker
              value={(field.value as MarkedColor | undefined) ?? DEFAULT_MARKED_COLOR}
              onChange={field.onChange}
              disabled={isSubmitting}
            />
          )}
        />
        <CoverImageField
          label="Cover image"
          currentLink={project?.imgLink ?? null}
          value={cover}
          onChange={setCover}
          disabled={isSubmitting}
        />
        {companyChoice && !project ? (
          <Select
            label="Company"
            description="The company the project belongs to"
            searchable
            data={companyChoice.companies.map((company) => ({
              value: String(company.id),
              label: company.name,
            }))}
            value={companyId === null ? null : String(companyId)}
            onChange={(value) => setCompanyId(value ? Number(value) : null)}
          />
        ) : null}
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onCancel} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {project ? 'Save project' : 'Create project'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface ProjectFormDialogProps extends ProjectFormProps {
  opened: boolean;
}

export function ProjectFormDialog({ opened, ...props }: ProjectFormDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={props.onCancel}
      title={props.project ? 'Edit project' : 'New project'}
      size="lg"
    >
      {opened ? <ProjectForm key={props.project?.id ?? 'new'} {...props} /> : null}
    </Modal>
  );
}
