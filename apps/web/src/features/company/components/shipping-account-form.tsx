import { AddShippingAccountInput, type ShippingAccount } from '@circuits/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Checkbox, Group, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { Controller, type DefaultValues, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormError } from '../../../components/form-error.tsx';
import { showServerErrors } from '../../../lib/form-errors.ts';
import { useShippingAgents } from '../api/company-api.ts';

type AccountFields = z.input<typeof AddShippingAccountInput>;
export type ShippingAccountValues = z.output<typeof AddShippingAccountInput>;

const FIELDS = ['agent_id', 'account_number', 'description', 'is_default'] as const;

function initialValues(account: ShippingAccount | null): DefaultValues<AccountFields> {
  return {
    agent_id: account?.agent_id,
    account_number: account?.account_number ?? '',
    description: account?.description ?? '',
    is_default: account?.is_default ?? false,
  };
}

interface ShippingAccountFormProps {
  account: ShippingAccount | null;
  onSubmit: (values: ShippingAccountValues) => Promise<unknown>;
  onCancel: () => void;
}

export function ShippingAccountForm({ account, onSubmit, onCancel }: ShippingAccountFormProps) {
  const agents = useShippingAgents();
  const form = useForm<AccountFields, unknown, ShippingAccountValues>({
    resolver: zodResolver(AddShippingAccountInput),
    defaultValues: initialValues(account),
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      showServerErrors(error, form.setError, FIELDS);
    }
  });

  const agentOptions = (agents.data ?? []).map((agent) => ({
    value: String(agent.id),
    label: agent.name,
  }));

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormError message={errors.root?.server?.message} />
        <Controller
          control={form.control}
          name="agent_id"
          render={({ field }) => (
            <Select
              label="Carrier"
              required
              placeholder={agents.isPending ? 'Loading carriers…' : 'Choose a carrier'}
              data={agentOptions}
              disabled={agents.isPending}
              name={field.name}
              ref={field.ref}
              value={field.value ? String(field.value) : null}
              onChange={(value) => field.onChange(value ? Number(value) : undefined)}
              onBlur={field.onBlur}
              error={
                errors.agent_id?.message ??
                (agents.isError
                  ? 'The carriers could not be loaded. Close and try again.'
                  : undefined)
              }
              comboboxProps={{ withinPortal: true }}
            />
          )}
        />
        <TextInput
          label="Account number"
          required
          data-autofocus
          {...form.register('account_number')}
          error={errors.account_number?.message}
        />
        <Textarea
          label="Description"
          placeholder="For example: Ottawa office, express only"
          autosize
          minRows={2}
          {...form.register('description')}
          error={errors.description?.message}
        />
        <Checkbox
          label="Use this account by default"
          disabled={account?.is_default}
          {...form.register('is_default')}
        />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onCancel} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {account ? 'Save account' : 'Add account'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
