import { AspectRatio, Box } from '@mantine/core';
import type { IllustrationName } from '../illustration.tsx';
import { framedPictureStyle, type PictureFiles, type PictureSize, pictureAttributes } from '../picture.ts';

type CampImageProps = PictureSize & {
  image: PictureFiles | null;
  /** Empty when the camp's name is written right beside the image. */
  alt: string;
  /** Shown when there is no image: one of our illustrations, never a grey box. */
  placeholder?: IllustrationName;
  placeholderAlt?: string;
  radius?: string;
  /** For a picture in the first screenful (fetched first); the others wait until scrolled near. */
  eager?: boolean;
};

/** A camp photo in the 4:3 frame, or an illustration when there is none. */
export function CampImage({
  image,
  alt,
  placeholder = 'tent',
  placeholderAlt = '',
  radius = 'var(--mantine-radius-lg)',
  eager = false,
  ...picture
}: CampImageProps) {
  return (
    <AspectRatio ratio={4 / 3}>
      <Box
        component="img"
        {...pictureAttributes(image, `/illustrations/${placeholder}.svg`, picture)}
        alt={image ? alt : placeholderAlt}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : 'auto'}
        decoding="async"
        bg={image ? undefined : 'leaf.0'}
        style={{ ...framedPictureStyle, borderRadius: radius }}
      />
    </AspectRatio>
  );
}
