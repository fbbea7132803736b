import { AddProductForm, type Product } from '@circuits/contracts';
import { addsUsableFiles } from '@circuits/domain';
import { Button, Grid, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { z } from 'zod';
import {
  type CoverChange,
  CoverImageField,
  coverFields,
} from '../../../components/cover-image-field.tsx';
import {
  DEFAULT_UPLOAD_OPTIONS,
  FileDropzone,
  UploadOptions,
  UploadProgress,
  uploadOptionFields,
} from '../../../components/file-upload.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { useContractForm } from '../../../hooks/use-contract-form.ts';
import { toFormData } from '../../../lib/form-data.ts';
import { registerField } from '../../../lib/form-fields.ts';
import { showToast } from '../../../lib/toasts.ts';
import { isFileRefusal, showFilesNotAdded } from '../../../lib/upload-failure.ts';
import { useAddProduct } from '../api/products-api.ts';
import type { ProjectOption } from './project-options.ts';
import { SelectedFilesList, withNewFiles } from './selected-files-list.tsx';

/** The project choice that creates a new project for the product (SPEC §7 newProjectName). */
const NEW_PROJECT = 'new';
const NO_ASSEMBLY = 'none';

const NewProductFields = AddProductForm.pick({ name: true, partNumber: true })
  .extend({
    projectId: z.string({ error: 'Choose a project' }).min(1, 'Choose a project'),
    assemblyId: z.string(),
    newProjectName: z.string().trim().max(200, 'New project name must be at most 200 characters'),
  })
  .superRefine((values, context) => {
    if (values.projectId === NEW_PROJECT && values.newProjectName === '') {
      context.addIssue({
        code: 'custom',
        path: ['newProjectName'],
        message: 'New project name is required',
      });
    }
  });

export interface NewProductTarget {
  projectId: number;
  assemblyId: number | null;
}

interface NewProductFormProps {
  projects: readonly ProjectOption[];
  target: NewProductTarget;
  onCreated: (product: Product) => void;
  onCancel: () => void;
}

function NewProductForm({ projects, target, onCreated, onCancel }: NewProductFormProps) {
  const addProduct = useAddProduct();
  const [cover, setCover] = useState<CoverChange>({ type: 'keep' });
  const [files, setFiles] = useState<File[]>([]);
  const [uploadOptions, setUploadOptions] = useState(DEFAULT_UPLOAD_OPTIONS);
  const [progress, setProgress] = useState<number | null>(null);
  // A new project goes to the company of the project the dialog was opened from.
  const baseProject = projects.find((project) => project.id === target.projectId) ?? projects[0];

  const { form, submit } = useContractForm(NewProductFields, {
    defaultValues: {
      name: '',
      partNumber: '',
      projectId: String(target.projectId),
      assemblyId: target.assemblyId === null ? NO_ASSEMBLY : String(target.assemblyId),
      newProjectName: '',
    },
    onSubmit: async (values) => {
      const newProject = values.projectId === NEW_PROJECT;
      const projectId = newProject
        ? (baseProject?.id ?? target.projectId)
        : Number(values.projectId);
      setProgress(0);
      try {
        const {
          data: product,
          added,
          summary,
        } = await addProduct.mutateAsync({
          projectId,
          onUploadProgress: setProgress,
          form: toFormData({
            name: values.name,
            partNumber: values.partNumber ?? '',
            assemblyId:
              newProject || values.assemblyId === NO_ASSEMBLY ? undefined : values.assemblyId,
            newProjectName: newProject ? values.newProjectName : undefined,
            ...coverFields(cover),
            files,
            ...uploadOptionFields(uploadOptions),
          }),
        });
        const created = `Product "${product.name}" created`;
        if (added.length === 0) showToast('success', created);
        else showToast(addsUsableFiles(added) ? 'success' : 'warning', `${created}\n${summary}`);
        onCreated(product);
      } catch (error) {
        if (isFileRefusal(error)) showFilesNotAdded(error);
        throw error;
      } finally {
        setProgress(null);
      }
    },
  });
  const { errors, isSubmitting } = form.formState;
  const projectId = useWatch({ control: form.control, name: 'projectId' });
  const chosenProject = projects.find((project) => String(project.id) === projectId);
  const assemblies = chosenProject?.assemblies ?? [];

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormError message={errors.root?.server?.message} />
        <Grid gap="md">
          <Grid.Col span={6}>
            <Controller
              control={form.control}
              name="projectId"
              render={({ field, fieldState }) => (
                <Select
                  label="Project"
                  required
                  searchable
                  data={[
                    ...projects.map((project) => ({
                      value: String(project.id),
                      label: project.title,
                    })),
                    { value: NEW_PROJECT, label: '+ New project…' },
                  ]}
                  value={field.value}
                  onChange={(value) => {
                    field.onChange(value ?? '');
                    form.setValue('assemblyId', NO_ASSEMBLY);
                  }}
                  error={fieldState.error?.message}
                  disabled={isSubmitting}
                />
              )}
            />
          </Grid.Col>
          <Grid.Col span={6}>
            {projectId === NEW_PROJECT ? (
              <TextInput
                label="New project name"
                required
                description={baseProject ? `Created in ${baseProject.companyName}` : undefined}
                {...registerField(form, 'newProjectName')}
              />
            ) : (
              <Controller
                control={form.control}
                name="assemblyId"
                render={({ field }) => (
                  <Select
                    label="Assembly"
                    data={[
                      { value: NO_ASSEMBLY, label: 'No assembly' },
                      ...assemblies.map((assembly) => ({
                        value: String(assembly.id),
                        label: assembly.title,
                      })),
                    ]}
                    value={field.value}
                    onChange={(value) => field.onChange(value ?? NO_ASSEMBLY)}
                    disabled={isSubmitting || assemblies.length === 0}
                  />
                )}
              />
            )}
          </Grid.Col>
          <Grid.Col span={6}>
            <TextInput
              label="Name"
              required
              data-autofocus
              placeholder="e.g. Main board"
              {...registerField(form, 'name')}
            />
          </Grid.Col>
          <Grid.Col span={6}>
            <TextInput
              label="Part number"
              placeholder="e.g. WS-MAIN-01"
              {...registerField(form, 'partNumber')}
            />
          </Grid.Col>
        </Grid>
        <CoverImageField
          label="Cover image"
          currentLink={null}
          value={cover}
          onChange={setCover}
          disabled={isSubmitting}
        />
        <Stack gap="xs">
          <FileDropzone
            compact
            disabled={isSubmitting}
            onFiles={(dropped) => setFiles((current) => withNewFiles(current, dropped))}
          />
          <SelectedFilesList
            files={files}
            disabled={isSubmitting}
            onRemove={(index) =>
              setFiles((current) => current.filter((_, position) => position !== index))
            }
          />
          <UploadOptions
            value={uploadOptions}
            onChange={setUploadOptions}
            disabled={isSubmitting}
          />
        </Stack>
        {progress !== null && files.length > 0 ? (
          <UploadProgress fraction={progress} label="Uploading" />
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting}>
            Create product
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface NewProductDialogProps extends Omit<NewProductFormProps, 'target'> {
  target: NewProductTarget | null;
}

/** Creates a product with its cover and files in a project (or in a new project). */
export function NewProductDialog({ target, ...props }: NewProductDialogProps) {
  return (
    <Modal
      opened={target !== null}
      onClose={props.onCancel}
      title="New product"
      size="xl"
      closeOnClickOutside={false}
    >
      {target ? <NewProductForm target={target} {...props} /> : null}
    </Modal>
  );
}
