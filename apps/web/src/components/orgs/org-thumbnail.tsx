import { AspectRatio, Box } from '@mantine/core';
import type { CSSProperties } from 'react';
import { EmptyPicture } from '../empty-picture.tsx';
import { framedPictureStyle, type PictureFiles, type PictureSize, pictureAttributes } from '../picture.ts';

type OrgThumbnailProps = PictureSize & {
  image: PictureFiles | null;
  /** Empty when the organization's name is written right beside the image. */
  alt: string;
  faded?: boolean;
  radius?: string;
  /** For a picture in the first screenful (fetched first); the others wait until scrolled near. */
  eager?: boolean;
};

/** How wide the thumbnail shows on the organization pages: their 5-of-12 column from md up. */
export const ORG_PROFILE_THUMBNAIL_SIZES = '(min-width: 75em) 468px, (min-width: 62em) 42vw, 100vw';

const fadedStyle: CSSProperties = { opacity: 0.5, filter: 'grayscale(0.6)' };

/** An organization's thumbnail filling the 4:3 frame, or an empty frame saying there is none yet. */
export function OrgThumbnail({
  image,
  alt,
  faded = false,
  radius = 'var(--mantine-radius-lg)',
  eager = false,
  ...picture
}: OrgThumbnailProps) {
  // The empty frame is already muted; fading it too would make its words unreadable.
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
        style={{ ...framedPictureStyle, borderRadius: radius, ...(faded ? fadedStyle : null) }}
      />
    </AspectRatio>
  );
}
