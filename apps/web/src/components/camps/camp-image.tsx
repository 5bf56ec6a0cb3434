import { AspectRatio, Box } from '@mantine/core';
import { EmptyPicture } from '../empty-picture.tsx';
import { framedPictureStyle, type PictureFiles, type PictureSize, pictureAttributes } from '../picture.ts';

type CampImageProps = PictureSize & {
  image: PictureFiles | null;
  /** Empty when the camp's name is written right beside the image. */
  alt: string;
  radius?: string;
  /** For a picture in the first screenful (fetched first); the others wait until scrolled near. */
  eager?: boolean;
};

/** A camp photo filling the 4:3 frame, or an empty frame saying there is none yet. */
export function CampImage({
  image,
  alt,
  radius = 'var(--mantine-radius-lg)',
  eager = false,
  ...picture
}: CampImageProps) {
  if (!image) return <EmptyPicture radius={radius} />;
  return (
    <AspectRatio ratio={4 / 3}>
      <Box
        component="img"
        {...pictureAttributes(image, picture)}
        alt={alt}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : 'auto'}
        decoding="async"
        style={{ ...framedPictureStyle, borderRadius: radius }}
      />
    </AspectRatio>
  );
}
