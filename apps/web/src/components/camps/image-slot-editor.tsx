import type { CampDetail } from '@campwise/contract/camps';
import { messages } from '@campwise/contract/messages';
import { Button, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useDeleteCampImage, useUploadCampImage } from '../../api/camps.ts';
import { ImageFileInput } from '../image-file-input.tsx';
import { CampImage } from './camp-image.tsx';
import { ConfirmModal } from './confirm-modal.tsx';

interface ImageSlotEditorProps {
  campId: number;
  campName: string;
  /** 1 to 3, as the slot is shown. */
  position: number;
  image: CampDetail['images'][number] | null;
}

/**
 * One of the three camp image slots: the photo or an empty placeholder, a file picker, Upload
 * (replaces this photo, or fills this empty slot) and Delete after a confirmation.
 */
export function ImageSlotEditor({ campId, campName, position, image }: ImageSlotEditorProps) {
  const upload = useUploadCampImage(campId);
  const remove = useDeleteCampImage();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, confirm] = useDisclosure(false);
  const name = `Image ${position}`;

  const send = () => {
    if (!file) {
      setError(messages.imageRequired);
      return;
    }
    setError(null);
    upload.mutate(
      { imageId: image?.id ?? null, slot: position, file },
      {
        onSuccess: () => {
          setFile(null);
          notifications.show({ color: 'leaf', message: image ? `${name} replaced.` : 'Image added.' });
        },
        onError: (failure) => setError(failure.message),
      },
    );
  };

  const deleteImage = () => {
    if (!image) return;
    remove.mutate(image.id, {
      onSuccess: () => {
        confirm.close();
        notifications.show({ color: 'leaf', message: `${name} deleted.` });
      },
    });
  };

  return (
    <Card padding="md" h="100%">
      <Stack gap="sm" h="100%">
        <Group justify="space-between" gap="xs">
          <Title order={3} fz="md">
            {name}
          </Title>
          <Text size="sm" c="gray.7">
            {image ? 'Photo added' : 'Empty'}
          </Text>
        </Group>
        <CampImage
          image={image}
          size="small"
          alt={`${campName}, ${name.toLowerCase()}`}
          radius="var(--mantine-radius-md)"
        />
        <ImageFileInput
          label={image ? `Replace ${name.toLowerCase()}` : `Add ${name.toLowerCase()}`}
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
            aria-label={`${name} upload progress`}
            animated
            striped
          />
        ) : null}
        <Group gap="sm" mt="auto">
          <Button
            variant="outline"
            leftSection={<IconUpload size={18} aria-hidden />}
            onClick={send}
            loading={upload.isPending}
            aria-label={`Upload ${name.toLowerCase()}`}
          >
            Upload
          </Button>
          {image ? (
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={18} aria-hidden />}
              onClick={() => {
                remove.reset();
                confirm.open();
              }}
              aria-label={`Delete ${name.toLowerCase()}`}
            >
              Delete
            </Button>
          ) : null}
        </Group>
      </Stack>
      <ConfirmModal
        opened={confirming}
        onClose={confirm.close}
        title={`Delete ${name.toLowerCase()}`}
        question={messages.deleteCampImageConfirm}
        confirmLabel="Delete"
        onConfirm={deleteImage}
        loading={remove.isPending}
        error={remove.error}
      />
    </Card>
  );
}
