import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';

/** The size the big networks show a link's picture at (Facebook, LinkedIn, X's large card). */
export const PREVIEW_WIDTH = 1200;
export const PREVIEW_HEIGHT = 630;

/** The site's mark (the web app's favicon), drawn large on the site's card. */
const MARK_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#2f855a"/><path d="M12 46 32 14l20 32z" fill="#fff8ec"/><path d="M32 14 26 46h12z" fill="#f08c00"/><circle cx="48" cy="16" r="5" fill="#ffd43b"/></svg>';
const CARD_BACKGROUND = '#eaf7ef';

/**
 * A camp's or an organisation's picture as a link preview: JPEG (which every network reads; the
 * stored pictures are WebP, the demo's SVG), filling 1200×630 from its middle.
 */
export function previewOfPicture(bytes: Buffer): Promise<Buffer> {
  return sharp(bytes, { density: 150 })
    .resize(PREVIEW_WIDTH, PREVIEW_HEIGHT, { fit: 'cover', position: 'attention' })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
}

/**
 * The site's own card, for pages without a picture of their own (the home page, search, the
 * site's pages): the mark, and the home page's drawing beside it when the web app is built here.
 * Drawn once per process from the same vector art the pages use.
 */
export async function siteCard(webDistDir: string | null): Promise<Buffer> {
  const layers: sharp.OverlayOptions[] = [];
  const drawing = webDistDir
    ? await readFile(join(webDistDir, 'illustrations', 'hero-family.svg')).catch(() => null)
    : null;
  const markSize = 260;
  if (drawing) {
    layers.push({
      input: await sharp(drawing, { density: 300 })
        .resize(720, 540, { fit: 'contain', background: CARD_BACKGROUND })
        .png()
        .toBuffer(),
      left: 420,
      top: 45,
    });
  }
  layers.push({
    input: await sharp(Buffer.from(MARK_SVG), { density: 600 }).resize(markSize, markSize).png().toBuffer(),
    left: drawing ? 110 : Math.round((PREVIEW_WIDTH - markSize) / 2),
    top: Math.round((PREVIEW_HEIGHT - markSize) / 2),
  });
  return sharp({
    create: { width: PREVIEW_WIDTH, height: PREVIEW_HEIGHT, channels: 3, background: CARD_BACKGROUND },
  })
    .composite(layers)
    .png({ compressionLevel: 9 })
    .toBuffer();
}
