/** The slots a camp's photos go in, beside its thumbnail. */
export const CAMP_IMAGE_SLOTS = [1, 2, 3] as const;
