import type { Address } from '@circuits/contracts';
import { Button, EmptyState, Modal, SimpleGrid } from '@mantine/core';
import { IconMapPin, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { LoadErrorBlock, LoadingBlock } from '../../../components/load-states.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { showToast } from '../../../lib/toasts.ts';
import { type OnCompanyChange, useAddresses, useSaveAddress } from '../api/company-api.ts';
import { AddressCard } from './address-card.tsx';
import { AddressForm } from './address-form.tsx';

type Editing = { type: 'closed' } | { type: 'new' } | { type: 'existing'; address: Address };

interface AddressesSectionProps {
  canEdit: boolean;
  onCompanyChange: OnCompanyChange;
}

export function AddressesSection({ canEdit, onCompanyChange }: AddressesSectionProps) {
  const addresses = useAddresses();
  const saveAddress = useSaveAddress(onCompanyChange);
  const [editing, setEditing] = useState<Editing>({ type: 'closed' });
  const close = () => setEditing({ type: 'closed' });
  const editedAddress = editing.type === 'existing' ? editing.address : null;

  const addButton = canEdit ? (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ type: 'new' })}>
      Add address
    </Button>
  ) : null;

  return (
    <SectionCard
      title="Addresses"
      description="Where invoices go and where boards are shipped."
      action={addresses.data && addresses.data.length > 0 ? addButton : null}
    >
      {addresses.isPending ? (
        <LoadingBlock label="Loading addresses…" />
      ) : addresses.isError ? (
        <LoadErrorBlock
          what="Addresses"
          error={addresses.error}
          onRetry={() => addresses.refetch()}
        />
      ) : addresses.data.length === 0 ? (
        <EmptyState
          icon={<IconMapPin size={26} />}
          variant="light"
          title="No addresses yet"
          description={
            canEdit
              ? 'Add the company address to get the right currency and tax, and a shipping address to order.'
              : 'A colleague who can edit the company adds its addresses.'
          }
        >
          {addButton ? <EmptyState.Actions>{addButton}</EmptyState.Actions> : null}
        </EmptyState>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {addresses.data.map((address) => (
            <AddressCard
              key={address.id}
              address={address}
              onEdit={canEdit ? () => setEditing({ type: 'existing', address }) : null}
            />
          ))}
        </SimpleGrid>
      )}
      <Modal
        opened={editing.type !== 'closed'}
        onClose={close}
        title={editedAddress ? 'Edit address' : 'Add an address'}
        size="lg"
      >
        {editing.type !== 'closed' ? (
          <AddressForm
            key={editedAddress?.id ?? 'new'}
            address={editedAddress}
            onCancel={close}
            onSubmit={async (input) => {
              await saveAddress.mutateAsync({ id: editedAddress?.id ?? null, input });
              showToast('success', editedAddress ? 'Address saved' : 'Address added');
              close();
            }}
          />
        ) : null}
      </Modal>
    </SectionCard>
  );
}
