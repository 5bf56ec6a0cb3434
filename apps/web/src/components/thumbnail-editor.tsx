import { messages } from '@campwise/contract/messages';
import { Button, Grid, Group, Progress, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUpload } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { ImageFileInput } from './image-file-input.tsx';

/** A thumbnail upload with progress, as the organisation and camp API hooks give it. */
export interface ThumbnailUpload {
  mutate: (file: File, options: { onSuccess: () => void; onError: (error: Error) => void }) => void;
  isPending: boolean;
  progress: number | null;
}

interface ThumbnailEditorProps {
  /** The current image (or its illustrated placeholder). */
  preview: ReactNode;
  hasThumbnail: boolean;
  upload: ThumbnailUpload;
  /** More buttons beside Update Thumbnail (a camp's thumbnail can also be deleted). */
  actions?: ReactNode;
}

/**
 * The current thumbnail beside a file picker and Update Thumbnail, which needs a chosen file
 * ('Must upload an image in order to update thumbnail') and shows the upload's progress.
 */
export function ThumbnailEditor({ preview, hasThumbnail, upload, actions }: ThumbnailEditorProps) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);

  const send = () => {
    if (!file) {
      setError(messages.thumbnailRequired);
      return;
    }
    setError(null);
    upload.mutate(file, {
      onSuccess: () => {
        setFile(null);
        notifications.show({ color: 'leaf', message: 'Thumbnail updated!' });
      },
      onError: (failure) => setError(failure.message),
    });
  };

  return (
    <Grid gutter="lg" align="flex-start">
      <Grid.Col span={{ base: 12, sm: 5 }}>
        <Text size="sm" fw={600} mb={6}>
          Current thumbnail
        </Text>
        {preview}
        {hasThumbnail ? null : (
          <Text size="sm" c="gray.7" mt={6}>
            No thumbnail yet; families see this illustration instead.
          </Text>
        )}
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 7 }}>
        <Stack gap="md">
          <ImageFileInput
            label="New thumbnail"
            value={file}
            onChange={(chosen) => {
              setError(null);
              setFile(chosen);
            }}
            error={error}
            disabled={upload.isPending}
          />
          {upload.isPending ? (
            <Progress
              value={Math.round((upload.progress ?? 0) * 100)}
              aria-label="Thumbnail upload progress"
              animated
              striped
            />
          ) : null}
          <Group gap="sm">
            <Button
              variant="outline"
              leftSection={<IconUpload size={18} aria-hidden />}
              onClick={send}
              loading={upload.isPending}
            >
              Update Thumbnail
            </Button>
            {actions}
          </Group>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
