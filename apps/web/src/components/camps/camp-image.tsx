import { AspectRatio, Box } from '@mantine/core';
import type { IllustrationName } from '../illustration.tsx';

interface CampImageProps {
  image: { url: string; smallUrl: string } | null;
  /** The 400 px variant for cards and editors, the 1600 px one for the profile. */
  size: 'small' | 'large';
  /** Empty when the camp's name is written right beside the image. */
  alt: string;
  /** Shown when there is no image: one of our illustrations, never a grey box. */
  placeholder?: IllustrationName;
  placeholderAlt?: string;
  radius?: string;
  /** For a picture in the first screenful (fetched first); the others wait until scrolled near. */
  eager?: boolean;
}

/** A camp photo in the 4:3 frame, or an illustration when there is none. */
export function CampImage({
  image,
  size,
  alt,
  placeholder = 'tent',
  placeholderAlt = '',
  radius = 'var(--mantine-radius-lg)',
  eager = false,
}: CampImageProps) {
  return (
    <AspectRatio ratio={4 / 3}>
      <Box
        component="img"
        src={image ? (size === 'small' ? image.smallUrl : image.url) : `/illustrations/${placeholder}.svg`}
        alt={image ? alt : placeholderAlt}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : 'auto'}
        decoding="async"
        bg={image ? undefined : 'leaf.0'}
        style={{ display: 'block', objectFit: 'cover', borderRadius: radius }}
      />
    </AspectRatio>
  );
}
