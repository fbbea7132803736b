import { TextInput, UnstyledButton } from '@mantine/core';
import { type KeyboardEvent, useRef, useState } from 'react';

interface EditableCellProps {
  /** What the cell holds; empty shows a dash. */
  value: string;
  /** Names the cell for assistive technology: "Part number of R1". */
  label: string;
  canEdit: boolean;
  /**
   * Keeps the typed text; answers a message when it is refused (then the editor stays open).
   * A rejected promise also keeps the editor open.
   */
  onSave: (text: string) => Promise<unknown> | string | undefined;
}

/**
 * A table cell edited where it stands: click it (or press Enter on it) to type; Enter saves,
 * Escape puts the value back. Leaving the cell saves what was typed, as a spreadsheet does.
 */
export function EditableCell({ value, label, canEdit, onSave }: EditableCellProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // The editor may lose focus as it closes (Escape, or a save under way): that blur must not save.
  const settled = useRef(true);

  if (!canEdit) return <span title={value || undefined}>{value || '—'}</span>;

  const close = () => {
    settled.current = true;
    setDraft(null);
    setError(null);
  };

  const commit = async () => {
    if (draft === null || settled.current) return;
    if (draft.trim() === value.trim()) return close();
    const refused = onSave(draft);
    if (typeof refused === 'string') return setError(refused);
    if (!refused) return close();
    settled.current = true;
    setSaving(true);
    try {
      await refused;
      close();
    } catch {
      // The caller tells the user why; the text typed stays to be corrected.
      settled.current = false;
    } finally {
      setSaving(false);
    }
  };

  if (draft === null)
    return (
      <UnstyledButton
        aria-label={`${label}: ${value || 'empty'}. Edit`}
        title={value || undefined}
        onClick={() => {
          settled.current = false;
          setDraft(value);
        }}
        style={{
          width: '100%',
          minHeight: 24,
          fontSize: 'var(--mantine-font-size-sm)',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
          textAlign: 'inherit',
          borderBottom: '1px dashed var(--mantine-color-default-border)',
        }}
      >
        {value || '—'}
      </UnstyledButton>
    );

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void commit();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close();
    }
  };

  return (
    <TextInput
      size="xs"
      aria-label={label}
      value={draft}
      autoFocus
      disabled={saving}
      error={error}
      onChange={(event) => setDraft(event.currentTarget.value)}
      onKeyDown={onKeyDown}
      onBlur={() => void commit()}
      styles={{ error: { whiteSpace: 'nowrap' } }}
    />
  );
}
