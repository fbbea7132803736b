import { Button, Group, Menu, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconTemplate, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useUserPreference } from '../../../hooks/use-user-preference.ts';
import { showToast } from '../../../lib/toasts.ts';
import { useAddToCart, useUpdateCartLine } from '../api/cart-api.ts';
import {
  deleteCartTemplate,
  parseCartTemplates,
  saveCartTemplate,
  type TemplateLine,
} from '../lib/cart-templates.ts';

/**
 * Cart templates, kept per user in this browser (SPEC §9): save the cart under a name, and fill
 * the cart from a template later (a board already in the cart takes the template's amount).
 */
export function CartTemplates({
  userId,
  lines,
}: {
  userId: number;
  lines: readonly TemplateLine[];
}) {
  const [templates, setTemplates] = useUserPreference(userId, 'cartTemplates', parseCartTemplates);
  const [naming, dialog] = useDisclosure(false);
  const [name, setName] = useState('');
  const add = useAddToCart();
  const update = useUpdateCartLine();
  const [loading, setLoading] = useState(false);

  const fillFromTemplate = async (templateName: string) => {
    const template = templates.find((entry) => entry.name === templateName);
    if (!template) return;
    setLoading(true);
    let added = 0;
    try {
      for (const line of template.lines) {
        try {
          const answer = await add.mutateAsync({
            product_id: line.id,
            amount: line.amount,
            material: line.material,
          });
          if (answer.warning) {
            await update.mutateAsync({
              productId: line.id,
              amount: line.amount,
              material: line.material,
            });
          }
          added += 1;
        } catch {
          // The client has shown why this board could not go in; the others still do.
        }
      }
    } finally {
      setLoading(false);
    }
    if (added > 0)
      showToast(
        'success',
        `Template “${template.name}”: ${added} of ${template.lines.length} boards in the cart`,
      );
  };

  return (
    <>
      <Menu position="top-start" withinPortal>
        <Menu.Target>
          <Button variant="default" leftSection={<IconTemplate size={16} />} loading={loading}>
            Templates
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item disabled={lines.length === 0} onClick={dialog.open}>
            Save the cart as a template…
          </Menu.Item>
          {templates.length > 0 ? <Menu.Divider /> : null}
          {templates.length > 0 ? <Menu.Label>Fill the cart from</Menu.Label> : null}
          {templates.map((template) => (
            <Menu.Item
              key={template.name}
              onClick={() => void fillFromTemplate(template.name)}
              rightSection={
                <IconTrash
                  size={14}
                  aria-label={`Delete template ${template.name}`}
                  onClick={(event) => {
                    event.stopPropagation();
                    setTemplates(deleteCartTemplate(templates, template.name));
                  }}
                />
              }
            >
              {template.name} ({template.lines.length})
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      <Modal opened={naming} onClose={dialog.close} title="Save the cart as a template">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (name.trim() === '') return;
            setTemplates(saveCartTemplate(templates, name, lines));
            showToast('success', `Template “${name.trim()}” saved in this browser`);
            setName('');
            dialog.close();
          }}
        >
          <Stack>
            <TextInput
              label="Name"
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              maxLength={80}
              data-autofocus
              required
            />
            <Text size="sm" c="dimmed">
              {lines.length} {lines.length === 1 ? 'board' : 'boards'} with their amounts and
              materials.
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={dialog.close}>
                Cancel
              </Button>
              <Button type="submit">Save</Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
