import type { CampDetail } from '@campwise/contract/camps';
import { messages } from '@campwise/contract/messages';
import { Button, SimpleGrid } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { useDeleteCampThumbnail, useSetCampThumbnail } from '../../api/camps.ts';
import { campSlides } from '../camps/camp-carousel.tsx';
import { CampImage } from '../camps/camp-image.tsx';
import { ConfirmModal } from '../camps/confirm-modal.tsx';
import { ImageSlotEditor } from '../camps/image-slot-editor.tsx';
import { SectionCard } from '../section-card.tsx';
import { ThumbnailEditor } from '../thumbnail-editor.tsx';

function ThumbnailSection({ camp }: { camp: CampDetail }) {
  const upload = useSetCampThumbnail(camp.id);
  const remove = useDeleteCampThumbnail(camp.id);
  const [confirming, confirm] = useDisclosure(false);

  const deleteThumbnail = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        confirm.close();
        notifications.show({ color: 'leaf', message: 'Thumbnail deleted.' });
      },
    });

  return (
    <SectionCard title="Thumbnail" description="Shown at 4:3 on camp cards and in search results.">
      <ThumbnailEditor
        preview={<CampImage image={camp.thumbnail} size="small" alt={`Current thumbnail of ${camp.name}`} />}
        hasThumbnail={camp.thumbnail !== null}
        upload={upload}
        actions={
          camp.thumbnail ? (
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={18} aria-hidden />}
              onClick={() => {
                remove.reset();
                confirm.open();
              }}
            >
              Delete Thumbnail
            </Button>
          ) : null
        }
      />
      <ConfirmModal
        opened={confirming}
        onClose={confirm.close}
        title="Delete thumbnail"
        question={messages.deleteCampThumbnailConfirm}
        confirmLabel="Delete"
        onConfirm={deleteThumbnail}
        loading={remove.isPending}
        error={remove.error}
      />
    </SectionCard>
  );
}

function ImagesSection({ camp }: { camp: CampDetail }) {
  return (
    <SectionCard
      title="Camp images"
      description="Up to three photos for the camp's profile. Each is uploaded on its own."
    >
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
        {campSlides(camp.images).map((slide) => (
          <ImageSlotEditor
            key={slide.position}
            campId={camp.id}
            campName={camp.name}
            position={slide.position}
            image={slide.image}
          />
        ))}
      </SimpleGrid>
    </SectionCard>
  );
}

/** Edit camp's Photos: each uploads (or is deleted) on its own, as it is chosen. */
export function PhotosSection({ camp }: { camp: CampDetail }) {
  return (
    <>
      <ThumbnailSection camp={camp} />
      <ImagesSection camp={camp} />
    </>
  );
}
