/**
 * The tile picture of a category: a static file named after its text, so "Arts & Crafts" is
 * /categories/arts-and-crafts.svg. scripts/make-category-art.mjs draws the files with this name.
 */
export function categoryArtPath(text: string): string {
  const slug = text
    .toLowerCase()
    .replaceAll('&', ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `/categories/${slug}.svg`;
}

/** The drawn size of every tile picture (4:3, as camp pictures are). */
export const CATEGORY_ART_SIZE = { width: 160, height: 120 } as const;
