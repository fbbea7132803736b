import type { Product } from '@circuits/contracts';
import { optionalText, requiredText } from '@circuits/contracts';
import {
  ActionIcon,
  Button,
  Card,
  Grid,
  Group,
  Input,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import { z } from 'zod';
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
import { useUpdateProduct } from '../api/products-api.ts';

/** SPEC §5: product info is valid only with a non-empty name. */
const ProductInfoFields = z.object({
  name: requiredText('Name', 200),
  partNumber: optionalText('Part number', 100),
  job: optionalText('Job', 200),
  notes: optionalText('Notes', 10000),
  description: optionalText('Description', 10000),
  odoo_products: z
    .array(
      z
        .object({
          key: z.string().trim().max(200, 'Key must be at most 200 characters'),
          value: z.string().trim().max(2000, 'Value must be at most 2000 characters'),
        })
        .refine((row) => row.key !== '' || row.value === '', {
          message: 'Key is required',
          path: ['key'],
        }),
    )
    .max(200, 'At most 200 records'),
});

interface ProductInfoFormProps {
  product: Product;
  canEdit: boolean;
  /** The ERP (Odoo) records are the staff's bookkeeping: customers do not see them. */
  showErpRecords?: boolean;
}

export function ProductInfoForm({
  product,
  canEdit,
  showErpRecords = false,
}: ProductInfoFormProps) {
  const updateProduct = useUpdateProduct(product.id);
  const [cover, setCover] = useState<CoverChange>({ type: 'keep' });
  const { form, submit } = useContractForm(ProductInfoFields, {
    defaultValues: {
      name: product.name,
      partNumber: product.partNumber ?? '',
      job: product.job ?? '',
      notes: product.notes ?? '',
      description: product.description ?? '',
      odoo_products: product.odoo_products,
    },
    onSubmit: async (values) => {
      const saved = await updateProduct.mutateAsync(
        toFormData({
          name: values.name,
          partNumber: values.partNumber ?? '',
          job: values.job ?? '',
          notes: values.notes ?? '',
          description: values.description ?? '',
          // Blank rows are left out; the server takes the records as JSON text.
          odoo_products: JSON.stringify(values.odoo_products.filter((row) => row.key !== '')),
          ...coverFields(cover),
        }),
      );
      setCover({ type: 'keep' });
      form.reset({
        name: saved.name,
        partNumber: saved.partNumber ?? '',
        job: saved.job ?? '',
        notes: saved.notes ?? '',
        description: saved.description ?? '',
        odoo_products: saved.odoo_products,
      });
      showToast('success', 'Product information saved');
    },
  });
  const records = useFieldArray({ control: form.control, name: 'odoo_products' });
  const { errors, isSubmitting, isDirty } = form.formState;
  const readOnly = !canEdit || isSubmitting;

  return (
    <Card padding="lg" component="section" aria-label="Product info">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormError message={errors.root?.server?.message} />
          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 6 }}>
              <TextInput
                label="Name"
                required
                readOnly={readOnly}
                {...registerField(form, 'name')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 3 }}>
              <TextInput
                label="Part number"
                readOnly={readOnly}
                {...registerField(form, 'partNumber')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 3 }}>
              <TextInput label="Job" readOnly={readOnly} {...registerField(form, 'job')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <Textarea
                label="Description"
                autosize
                minRows={3}
                maxRows={8}
                readOnly={readOnly}
                {...registerField(form, 'description')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <Textarea
                label="Notes"
                autosize
                minRows={3}
                maxRows={8}
                readOnly={readOnly}
                {...registerField(form, 'notes')}
              />
            </Grid.Col>
          </Grid>

          <Grid gap="md">
            {showErpRecords ? (
              <Grid.Col span={{ base: 12, md: 8 }}>
                <Input.Wrapper
                  label="Odoo products"
                  description="Records that link this board to products in the ERP (key and value)"
                  error={errors.odoo_products?.message ?? errors.odoo_products?.root?.message}
                >
                  <Stack gap={6} mt={6}>
                    {records.fields.length === 0 ? (
                      <Text size="sm" c="dimmed">
                        No records.
                      </Text>
                    ) : null}
                    {records.fields.map((record, index) => (
                      <Group key={record.id} gap="xs" wrap="nowrap" align="flex-start">
                        <TextInput
                          aria-label={`Key ${index + 1}`}
                          placeholder="Key"
                          readOnly={readOnly}
                          w={220}
                          {...registerField(form, `odoo_products.${index}.key`)}
                        />
                        <TextInput
                          aria-label={`Value ${index + 1}`}
                          placeholder="Value"
                          readOnly={readOnly}
                          style={{ flex: 1 }}
                          {...registerField(form, `odoo_products.${index}.value`)}
                        />
                        {canEdit ? (
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            mt={4}
                            aria-label={`Remove record ${index + 1}`}
                            disabled={isSubmitting}
                            onClick={() => records.remove(index)}
                          >
                            <IconTrash size={16} />
                          </ActionIcon>
                        ) : null}
                      </Group>
                    ))}
                    {canEdit ? (
                      <div>
                        <Button
                          size="xs"
                          variant="subtle"
                          leftSection={<IconPlus size={14} />}
                          disabled={isSubmitting}
                          onClick={() => records.append({ key: '', value: '' })}
                        >
                          Add record
                        </Button>
                      </div>
                    ) : null}
                  </Stack>
                </Input.Wrapper>
              </Grid.Col>
            ) : null}
            <Grid.Col span={{ base: 12, md: 4 }}>
              <CoverImageField
                label="Cover image"
                currentLink={product.imgLink}
                value={cover}
                onChange={setCover}
                disabled={isSubmitting}
                readOnly={!canEdit}
              />
            </Grid.Col>
          </Grid>

          {canEdit ? (
            <Group justify="flex-end" gap="sm">
              <Button
                variant="default"
                disabled={isSubmitting || (!isDirty && cover.type === 'keep')}
                onClick={() => {
                  form.reset();
                  setCover({ type: 'keep' });
                }}
              >
                Discard changes
              </Button>
              <Button type="submit" loading={isSubmitting}>
                Save product info
              </Button>
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              You can view this product; a colleague who can edit the company changes it.
            </Text>
          )}
        </Stack>
      </form>
    </Card>
  );
}
