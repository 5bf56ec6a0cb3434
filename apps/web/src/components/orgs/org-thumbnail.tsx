import { AspectRatio, Box } from '@mantine/core';
import type { CSSProperties } from 'react';

interface OrgThumbnailProps {
  image: { url: string; smallUrl: string } | null;
  /** Which variant to load: the 400 px one for cards, the 1600 px one for profiles. */
  size: 'small' | 'large';
  /** Empty when the organization's name is written right beside the image. */
  alt: string;
  faded?: boolean;
  radius?: string;
  /** For a picture in the first screenful (fetched first); the others wait until scrolled near. */
  eager?: boolean;
}

const fadedStyle: CSSProperties = { opacity: 0.5, filter: 'grayscale(0.6)' };

/** An organization's 4:3 thumbnail, or our lodge illustration when it has none. */
export function OrgThumbnail({
  image,
  size,
  alt,
  faded = false,
  radius = 'var(--mantine-radius-lg)',
  eager = false,
}: OrgThumbnailProps) {
  return (
    <AspectRatio ratio={4 / 3}>
      <Box
        component="img"
        src={image ? (size === 'small' ? image.smallUrl : image.url) : '/illustrations/lodge.svg'}
        alt={image ? alt : ''}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : 'auto'}
        decoding="async"
        style={{ objectFit: 'cover', borderRadius: radius, ...(faded ? fadedStyle : null) }}
      />
    </AspectRatio>
  );
}
