import type { ShippingAccount } from '@circuits/contracts';
import {
  ActionIcon,
  Badge,
  Button,
  EmptyState,
  Modal,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconPencil, IconPlus, IconTruckDelivery } from '@tabler/icons-react';
import { useState } from 'react';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { showToast } from '../../../lib/toasts.ts';
import { type OnCompanyChange, useSaveShippingAccount } from '../api/company-api.ts';
import { ShippingAccountForm } from './shipping-account-form.tsx';

type Editing =
  | { type: 'closed' }
  | { type: 'new' }
  | { type: 'existing'; account: ShippingAccount };

interface ShippingAccountsSectionProps {
  accounts: readonly ShippingAccount[];
  canEdit: boolean;
  onCompanyChange: OnCompanyChange;
}

export function ShippingAccountsSection({
  accounts,
  canEdit,
  onCompanyChange,
}: ShippingAccountsSectionProps) {
  const saveAccount = useSaveShippingAccount(onCompanyChange);
  const [editing, setEditing] = useState<Editing>({ type: 'closed' });
  const close = () => setEditing({ type: 'closed' });
  const editedAccount = editing.type === 'existing' ? editing.account : null;

  const addButton = canEdit ? (
    <Button
      leftSection={<IconPlus size={16} />}
      variant={accounts.length > 0 ? 'default' : 'filled'}
      onClick={() => setEditing({ type: 'new' })}
    >
      Add shipping account
    </Button>
  ) : null;

  return (
    <SectionCard
      title="Shipping accounts"
      description="Your own carrier accounts, billed for shipping instead of the order."
      action={accounts.length > 0 ? addButton : null}
    >
      {accounts.length === 0 ? (
        <EmptyState
          icon={<IconTruckDelivery size={26} />}
          variant="light"
          title="No shipping accounts"
          description={
            canEdit
              ? 'Add your carrier account (such as UPS or FedEx) to have shipping billed to it.'
              : 'A colleague who can edit the company adds its carrier accounts.'
          }
        >
          {addButton ? <EmptyState.Actions>{addButton}</EmptyState.Actions> : null}
        </EmptyState>
      ) : (
        <ScrollTable minWidth={560} verticalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Shipping agent</Table.Th>
              <Table.Th>Account number</Table.Th>
              <Table.Th>Description</Table.Th>
              <Table.Th w={60}>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {accounts.map((account) => (
              <Table.Tr key={account.id}>
                <Table.Td>
                  <Text size="sm" fw={600} span>
                    {account.agent_name}
                  </Text>
                  {account.is_default ? (
                    <Badge ml="sm" variant="light" radius="sm" tt="none">
                      Default
                    </Badge>
                  ) : null}
                </Table.Td>
                <Table.Td ff="monospace">{account.account_number}</Table.Td>
                <Table.Td c={account.description ? undefined : 'dimmed'}>
                  {account.description || '—'}
                </Table.Td>
                <Table.Td>
                  {canEdit ? (
                    <Tooltip label="Edit account" withArrow>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        aria-label={`Edit ${account.agent_name} account ${account.account_number}`}
                        onClick={() => setEditing({ type: 'existing', account })}
                      >
                        <IconPencil size={18} />
                      </ActionIcon>
                    </Tooltip>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ScrollTable>
      )}
      <Modal
        opened={editing.type !== 'closed'}
        onClose={close}
        title={editedAccount ? 'Edit shipping account' : 'Add a shipping account'}
      >
        {editing.type !== 'closed' ? (
          <ShippingAccountForm
            key={editedAccount?.id ?? 'new'}
            account={editedAccount}
            onCancel={close}
            onSubmit={async (values) => {
              if (editedAccount) {
                await saveAccount.mutateAsync({
                  type: 'update',
                  input: { ...values, id: editedAccount.id },
                });
                showToast('success', 'Shipping account saved');
              } else {
                await saveAccount.mutateAsync({ type: 'add', input: values });
                showToast('success', 'Shipping account added');
              }
              close();
            }}
          />
        ) : null}
      </Modal>
    </SectionCard>
  );
}
