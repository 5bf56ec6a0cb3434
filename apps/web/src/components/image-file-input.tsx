import { messages } from '@campwise/contract/messages';
import { AspectRatio, Box, FileInput, Group, Image } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useEffect, useState } from 'react';

/** What the server accepts; it re-encodes every upload, so these only spare a wasted upload. */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;

interface ImageFileInputProps {
  label: string;
  description?: string;
  value: File | null;
  onChange: (file: File | null) => void;
  /** An error from outside, such as the server's or 'Must upload an image ...'. */
  error?: string | null;
  disabled?: boolean;
}

/** A file picker for one photo: checks type and size before upload and previews the choice. */
export function ImageFileInput({
  label,
  description,
  value,
  onChange,
  error,
  disabled,
}: ImageFileInputProps) {
  const [rejection, setRejection] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!value) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(value);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [value]);

  const choose = (file: File | null) => {
    if (file && !IMAGE_TYPES.includes(file.type)) {
      setRejection(messages.imageType);
      onChange(null);
    } else if (file && file.size > IMAGE_MAX_BYTES) {
      setRejection(messages.imageTooLarge);
      onChange(null);
    } else {
      setRejection(null);
      onChange(file);
    }
  };

  return (
    <Group align="flex-start" gap="md" wrap="nowrap">
      <FileInput
        style={{ flex: 1, minWidth: 0 }}
        label={label}
        description={description ?? 'JPEG, PNG or WebP, up to 10 MB'}
        placeholder="Choose an image"
        // Mantine draws this placeholder as real text, so it must meet text contrast.
        styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
        accept={IMAGE_TYPES.join(',')}
        clearable
        clearButtonProps={{ 'aria-label': 'Remove the chosen image' }}
        leftSection={<IconPhoto size={18} aria-hidden />}
        value={value}
        onChange={choose}
        error={rejection ?? error}
        disabled={disabled}
      />
      {preview ? (
        <Box w={120} style={{ flexShrink: 0 }}>
          <AspectRatio ratio={4 / 3}>
            <Image src={preview} alt="Preview of the chosen image" radius="md" fit="cover" />
          </AspectRatio>
        </Box>
      ) : null}
    </Group>
  );
}
