/**
 * Edit camp's sections, in the order of its side navigation: every setting of a camp has one
 * home here (decision 073).
 */
export const CAMP_SETTINGS = [
  { slug: 'details', label: 'Details', hint: 'Name, place, dates, ages, price and spots' },
  { slug: 'sessions', label: 'Sessions', hint: 'Weeks, their dates, prices and places' },
  { slug: 'discounts', label: 'Discounts and promo codes', hint: 'Early-bird, multi-week, sibling, codes' },
  { slug: 'refunds', label: 'Refund policy', hint: 'What a family gets back when it cancels' },
  { slug: 'payments', label: 'Deposits and instalments', hint: 'Booking with a deposit, paying later' },
  { slug: 'forms', label: 'Questions and waivers', hint: 'What families answer and sign' },
  { slug: 'reminders', label: 'Reminders', hint: 'The e-mail before the first day' },
  { slug: 'photos', label: 'Photos', hint: 'Thumbnail and camp images' },
  { slug: 'delete', label: 'Delete camp', hint: 'Remove the camp and its photos' },
] as const;

export type CampSettingsSlug = (typeof CAMP_SETTINGS)[number]['slug'];

/** The section an address names; Details when it names none, null when it names no section. */
export function settingsSection(slug: string | undefined): (typeof CAMP_SETTINGS)[number] | null {
  if (slug === undefined) return CAMP_SETTINGS[0];
  return CAMP_SETTINGS.find((section) => section.slug === slug) ?? null;
}

/** A section's address: Details is Edit camp's own address, as before sections. */
export const settingsPath = (campId: number, slug: CampSettingsSlug) =>
  slug === 'details' ? `/host/editcamp/${campId}` : `/host/editcamp/${campId}/${slug}`;
