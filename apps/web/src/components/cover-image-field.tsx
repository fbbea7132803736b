import { Button, FileButton, Group, Image, Input, Stack, Text } from '@mantine/core';
import { IconPhoto, IconPhotoPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';

/** What happens to a cover image when the form is saved. */
export type CoverChange = { type: 'keep' } | { type: 'replace'; file: File } | { type: 'remove' };

export const COVER_IMAGE_TYPES = 'image/png,image/jpeg,image/gif,image/webp';

/** The form fields a cover change sends (the multipart `cover` file, or `removeCover`). */
export function coverFields(change: CoverChange): { cover?: File; removeCover?: boolean } {
  if (change.type === 'replace') return { cover: change.file };
  if (change.type === 'remove') return { removeCover: true };
  return {};
}

interface CoverImageFieldProps {
  label: string;
  /** The image saved now, if any. */
  currentLink: string | null;
  value: CoverChange;
  onChange: (change: CoverChange) => void;
  error?: string;
  disabled?: boolean;
  /** Shows the image only, for users who may not change it. */
  readOnly?: boolean;
}

/** Picks, previews, replaces or removes a cover image. */
export function CoverImageField({
  label,
  currentLink,
  value,
  onChange,
  error,
  disabled,
  readOnly,
}: CoverImageFieldProps) {
  const previewLink = useMemo(
    () => (value.type === 'replace' ? URL.createObjectURL(value.file) : null),
    [value],
  );
  useEffect(
    () => () => (previewLink ? URL.revokeObjectURL(previewLink) : undefined),
    [previewLink],
  );
  const shown = value.type === 'replace' ? previewLink : value.type === 'keep' ? currentLink : null;

  return (
    <Input.Wrapper label={label} error={error}>
      <Group gap="md" wrap="nowrap" mt={4}>
        {shown ? (
          <Image
            src={shown}
            alt={`${label} preview`}
            w={72}
            h={72}
            radius="sm"
            fit="cover"
            style={{ border: '1px solid var(--mantine-color-gray-3)' }}
          />
        ) : (
          <Stack
            w={72}
            h={72}
            align="center"
            justify="center"
            style={{
              border: '1px dashed var(--mantine-color-gray-4)',
              borderRadius: 'var(--mantine-radius-sm)',
              flexShrink: 0,
            }}
          >
            <IconPhoto size={24} color="var(--mantine-color-gray-5)" aria-hidden />
          </Stack>
        )}
        {readOnly ? (
          shown ? null : (
            <Text size="sm" c="dimmed">
              No image
            </Text>
          )
        ) : (
          <Stack gap={6}>
            <Group gap="xs">
              <FileButton
                accept={COVER_IMAGE_TYPES}
                disabled={disabled}
                onChange={(file) => (file ? onChange({ type: 'replace', file }) : undefined)}
              >
                {(props) => (
                  <Button
                    {...props}
                    size="xs"
                    variant="default"
                    leftSection={<IconPhotoPlus size={14} />}
                  >
                    {shown ? 'Change image' : 'Choose image'}
                  </Button>
                )}
              </FileButton>
              {shown ? (
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  leftSection={<IconTrash size={14} />}
                  disabled={disabled}
                  onClick={() =>
                    onChange(
                      value.type === 'replace' && currentLink === null
                        ? { type: 'keep' }
                        : { type: 'remove' },
                    )
                  }
                >
                  Remove
                </Button>
              ) : null}
            </Group>
            <Text size="xs" c="dimmed">
              {value.type === 'replace' ? value.file.name : 'PNG, JPEG, GIF or WebP'}
            </Text>
          </Stack>
        )}
      </Group>
    </Input.Wrapper>
  );
}
