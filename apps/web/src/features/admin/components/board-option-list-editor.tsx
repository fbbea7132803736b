import type { AdminBoardOptionList } from '@circuits/contracts';
import {
  ActionIcon,
  Badge,
  Button,
  ColorSwatch,
  Group,
  NativeSelect,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { type BoardOptionEdit, useEditBoardOptions } from '../api/board-options-api.ts';

type List = AdminBoardOptionList;
type Option = List['options'][number];
type Key = string | number;

/** The option as a user reads it ("1.6 mm"). */
export function optionText(list: List, value: Key): string {
  return list.unit ? `${value} ${list.unit}` : String(value);
}

function boardsText(boards: number): string {
  if (boards === 0) return 'no saved boards';
  return `${boards} saved board${boards === 1 ? '' : 's'}`;
}

/** What was typed, as the list holds it: numbers for number lists (the server names a bad one). */
function typed(list: List, text: string): Key {
  if (list.kind !== 'number') return text;
  const number = Number(text.replace(',', '.'));
  return text.trim() !== '' && Number.isFinite(number) ? number : text;
}

function problemsOf(error: unknown): { fields: Record<string, string>; message?: string } {
  if (!(error instanceof ApiError)) return { fields: {} };
  const fields = error.fieldErrors;
  return Object.keys(fields).length > 0 ? { fields } : { fields, message: error.message };
}

/** Name (and colour) inputs shared by adding and renaming. */
function OptionForm({
  list,
  initial,
  submitLabel,
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  list: List;
  initial: { value: string; hex: string };
  submitLabel: string;
  pending: boolean;
  error: unknown;
  onSubmit: (value: Key, hex: string | undefined) => void;
  onCancel?: () => void;
}) {
  const [value, setValue] = useState(initial.value);
  const [hex, setHex] = useState(initial.hex);
  const problems = problemsOf(error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(typed(list, value), list.kind === 'color' ? hex.trim() : undefined);
  };
  const unit = list.unit ? ` (${list.unit})` : '';
  return (
    <form onSubmit={submit} aria-label={`${submitLabel} in ${list.label}`}>
      <Stack gap="xs">
        <Group gap="xs" align="flex-start" wrap="wrap">
          {list.kind === 'fixed' ? (
            <NativeSelect
              label="Option"
              data={(list.allowed ?? []).filter(
                (name) => !list.options.some((option) => option.value === name),
              )}
              value={value}
              onChange={(event) => setValue(event.currentTarget.value)}
              error={problems.fields.value ?? problems.fields.option}
              style={{ flex: '1 1 12rem' }}
            />
          ) : (
            <TextInput
              label={list.kind === 'number' ? `Value${unit}` : 'Name'}
              inputMode={list.kind === 'number' ? 'decimal' : undefined}
              maxLength={100}
              value={value}
              onChange={(event) => setValue(event.currentTarget.value)}
              error={problems.fields.value ?? problems.fields.option}
              style={{ flex: '1 1 12rem' }}
              data-autofocus
            />
          )}
          {list.kind === 'color' ? (
            <TextInput
              label="Colour (#rrggbb)"
              maxLength={7}
              value={hex}
              onChange={(event) => setHex(event.currentTarget.value)}
              leftSection={
                /^#[0-9a-f]{6}$/i.test(hex) ? <ColorSwatch color={hex} size={16} /> : null
              }
              error={problems.fields.hex}
              style={{ flex: '0 1 10rem' }}
            />
          ) : null}
        </Group>
        <FormError message={problems.message} />
        <Group gap="xs">
          <Button type="submit" size="xs" loading={pending}>
            {submitLabel}
          </Button>
          {onCancel ? (
            <Button size="xs" variant="default" onClick={onCancel} disabled={pending}>
              Cancel
            </Button>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}

/**
 * One list the Board tab offers, in the order users see it: administrators move options up and
 * down (buttons, so the keyboard works), rename, delete and add them; moderators only read.
 */
export function BoardOptionListEditor({ list, canChange }: { list: List; canChange: boolean }) {
  const edit = useEditBoardOptions(list.name);
  const [renaming, setRenaming] = useState<Key | null>(null);
  const [deleting, setDeleting] = useState<Option | null>(null);
  const [adding, setAdding] = useState(false);
  // After a move the moved option's button keeps the focus, wherever the row went.
  const [focusAfterMove, setFocusAfterMove] = useState<{ value: Key; up: boolean } | null>(null);
  const rows = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (!focusAfterMove || !rows.current) return;
    const buttons = [
      ...rows.current.querySelectorAll<HTMLButtonElement>(
        `[data-option="${CSS.escape(String(focusAfterMove.value))}"] button[data-move]`,
      ),
    ];
    const wanted = buttons.find(
      (button) => button.dataset.move === (focusAfterMove.up ? 'up' : 'down') && !button.disabled,
    );
    (wanted ?? buttons.find((button) => !button.disabled))?.focus();
  }, [focusAfterMove]);

  const run = (change: BoardOptionEdit, onDone?: () => void) =>
    edit.mutate(change, { onSuccess: () => onDone?.() });

  const move = (index: number, up: boolean) => {
    const keys = list.options.map((option) => option.value);
    const other = up ? index - 1 : index + 1;
    [keys[index], keys[other]] = [keys[other]!, keys[index]!];
    const value = list.options[index]!.value;
    run({ type: 'order', options: keys }, () => setFocusAfterMove({ value, up }));
  };

  const canAddFixed =
    list.kind !== 'fixed' ||
    (list.allowed ?? []).some((name) => !list.options.some((option) => option.value === name));

  return (
    <Stack gap="xs">
      <ul
        ref={rows}
        aria-label={`${list.label}, in the order offered`}
        style={{ listStyle: 'none', margin: 0, padding: 0 }}
      >
        {list.options.map((option, index) => {
          const text = optionText(list, option.value);
          return (
            <li
              key={String(option.value)}
              data-option={String(option.value)}
              style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
            >
              {renaming === option.value ? (
                <div style={{ padding: '8px 0' }}>
                  <OptionForm
                    list={list}
                    initial={{ value: String(option.value), hex: option.hex ?? '' }}
                    submitLabel={`Save ${text}`}
                    pending={edit.isPending}
                    error={edit.variables?.type === 'rename' ? edit.error : null}
                    onSubmit={(value, hex) =>
                      run({ type: 'rename', option: option.value, value, hex }, () =>
                        setRenaming(null),
                      )
                    }
                    onCancel={() => {
                      edit.reset();
                      setRenaming(null);
                    }}
                  />
                </div>
              ) : (
                <Group gap="xs" py={6} wrap="wrap" justify="space-between">
                  <Group gap="xs" wrap="nowrap" style={{ flex: '1 1 12rem', minWidth: 0 }}>
                    <Text size="sm" c="dimmed" w={24} ta="right">
                      {index + 1}.
                    </Text>
                    {option.hex ? <ColorSwatch color={option.hex} size={16} /> : null}
                    <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                      {text}
                    </Text>
                    {option.hex ? (
                      <Text size="xs" c="dimmed">
                        {option.hex}
                      </Text>
                    ) : null}
                  </Group>
                  <Group gap={4} wrap="nowrap">
                    {option.priced === false ? (
                      <Badge
                        variant="light"
                        color="red"
                        title="Boards choosing it cannot be priced until the price book lists it"
                      >
                        not in the price book
                      </Badge>
                    ) : null}
                    <Badge variant="light" color={option.boards > 0 ? 'blue' : 'gray'}>
                      {boardsText(option.boards)}
                    </Badge>
                    {canChange ? (
                      <>
                        <ActionIcon
                          variant="subtle"
                          aria-label={`Move ${text} up`}
                          data-move="up"
                          disabled={index === 0 || edit.isPending}
                          onClick={() => move(index, true)}
                        >
                          <IconArrowUp size={16} />
                        </ActionIcon>
                        <ActionIcon
                          variant="subtle"
                          aria-label={`Move ${text} down`}
                          data-move="down"
                          disabled={index === list.options.length - 1 || edit.isPending}
                          onClick={() => move(index, false)}
                        >
                          <IconArrowDown size={16} />
                        </ActionIcon>
                        {list.kind === 'fixed' ? null : (
                          <ActionIcon
                            variant="subtle"
                            aria-label={`Rename ${text}`}
                            onClick={() => {
                              edit.reset();
                              setRenaming(option.value);
                            }}
                          >
                            <IconPencil size={16} />
                          </ActionIcon>
                        )}
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Delete ${text}`}
                          disabled={list.options.length === 1}
                          onClick={() => setDeleting(option)}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </>
                    ) : null}
                  </Group>
                </Group>
              )}
            </li>
          );
        })}
      </ul>
      {canChange && canAddFixed ? (
        adding ? (
          <OptionForm
            list={list}
            initial={{
              value:
                list.kind === 'fixed'
                  ? ((list.allowed ?? []).find(
                      (name) => !list.options.some((option) => option.value === name),
                    ) ?? '')
                  : '',
              hex: '',
            }}
            submitLabel="Add"
            pending={edit.isPending}
            error={edit.variables?.type === 'add' ? edit.error : null}
            onSubmit={(value, hex) => run({ type: 'add', value, hex }, () => setAdding(false))}
            onCancel={() => {
              edit.reset();
              setAdding(false);
            }}
          />
        ) : (
          <Group>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPlus size={14} />}
              onClick={() => {
                edit.reset();
                setAdding(true);
              }}
            >
              Add to {list.label.toLowerCase()}
            </Button>
          </Group>
        )
      ) : null}
      <ConfirmDialog
        opened={deleting !== null}
        title={`Stop offering ${deleting ? optionText(list, deleting.value) : ''}?`}
        confirmLabel="Delete"
        danger
        loading={edit.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) run({ type: 'delete', option: deleting.value }, () => setDeleting(null));
        }}
      >
        {deleting && deleting.boards > 0
          ? `${boardsText(deleting.boards)} choose it, so it stays offered until their settings change (deleting names them); renaming it takes them along.`
          : 'New boards will no longer be offered it; you can add it again later.'}
      </ConfirmDialog>
    </Stack>
  );
}
