/** A stored picture's two files: 1600 px and 400 px wide (apps/api/src/platform/images.ts). */
export interface PictureFiles {
  url: string;
  smallUrl: string;
}

/**
 * Which file a picture takes. A small one (a card, an editor) takes the 400 px file; a large one
 * may show at any width up to 1600 px, so it offers both, with how wide it shows as an `<img>`
 * sizes value, and a narrow screen fetches the small file.
 */
export type PictureSize = { size: 'small' } | { size: 'large'; sizes: string };

const SMALL = { width: 400, height: 300 };
const LARGE = { width: 1600, height: 1200 };

/**
 * The `<img>` attributes of a picture in a 4:3 frame. The intrinsic width and height give the
 * browser the frame's shape before a byte has loaded.
 */
export function pictureAttributes(image: PictureFiles, picture: PictureSize) {
  if (picture.size === 'small') return { src: image.smallUrl, ...SMALL };
  return {
    src: image.url,
    srcSet: `${image.smallUrl} ${SMALL.width}w, ${image.url} ${LARGE.width}w`,
    sizes: picture.sizes,
    ...LARGE,
  };
}

/**
 * A picture fills its frame whatever its own shape: Mantine's AspectRatio makes it 4:3, or a
 * frame stretched taller (a search result beside long text) gives it its whole height, and the
 * picture is cropped to fit (cover), so a wide or tall upload leaves no empty band.
 */
export const framedPictureStyle = {
  display: 'block',
  width: '100%',
  height: '100%',
  objectFit: 'cover',
} as const;
