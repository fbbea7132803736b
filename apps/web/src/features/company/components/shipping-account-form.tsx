import { AddShippingAccountInput, type ShippingAccount } from '@circuits/contracts';
import { Button, Checkbox, Group, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { Controller, type DefaultValues } from 'react-hook-form';
import type { z } from 'zod';
import { FormError } from '../../../components/form-error.tsx';
import { useContractForm } from '../../../hooks/use-contract-form.ts';
import { registerField } from '../../../lib/form-fields.ts';
import { useShippingAgents } from '../api/company-api.ts';

type AccountFields = z.input<typeof AddShippingAccountInput>;
export type ShippingAccountValues = z.output<typeof AddShippingAccountInput>;

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
  const { form, submit } = useContractForm(AddShippingAccountInput, {
    defaultValues: initialValues(account),
    onSubmit,
  });
  const { errors, isSubmitting } = form.formState;

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
              label="Shipping agent"
              required
              placeholder={agents.isPending ? 'Loading shipping agents…' : 'Choose a carrier'}
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
                  ? 'The shipping agents could not be loaded. Close and try again.'
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
          {...registerField(form, 'account_number')}
        />
        <Textarea
          label="Description"
          placeholder="For example: Ottawa office, express only"
          autosize
          minRows={2}
          {...registerField(form, 'description')}
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
