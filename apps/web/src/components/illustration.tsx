/** Our flat SVG illustrations, served as static files from /illustrations. */
export type IllustrationName =
  | 'tent'
  | 'compass'
  | 'hero-family'
  | 'hero-host'
  | 'schedule'
  | 'choices'
  | 'coordinate'
  | 'campfire'
  | 'mailbox'
  | 'lodge'
  | 'wallet'
  | 'questions'
  | 'signpost'
  | 'binoculars'
  | 'backpack';

interface IllustrationProps {
  name: IllustrationName;
  width: number;
  height: number;
  /** Decorative unless a description is given. */
  alt?: string;
  eager?: boolean;
}

export function Illustration({ name, width, height, alt = '', eager = false }: IllustrationProps) {
  return (
    <img
      src={`/illustrations/${name}.svg`}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      style={{ maxWidth: '100%', height: 'auto' }}
    />
  );
}
