import type { RosterEntry } from '@campwise/contract/registrations';

/** What the roster can narrow to, beside a name typed in its search box. */
export const ROSTER_SHOWS = ['all', 'forms', 'health'] as const;
export type RosterShow = (typeof ROSTER_SHOWS)[number];

export const rosterShowLabels: Record<RosterShow, string> = {
  all: 'Everyone',
  forms: 'Missing forms',
  health: 'Health needs',
};

/** Lower case without accents, so "zoe" finds "Zoë". */
const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** The family owes the camp's forms something for this child. */
export const owesForms = (entry: RosterEntry) => entry.forms.missing > 0;

/** The host has something to know about the child's health: an allergy, a medication, a condition, a diet or a note. */
export function hasHealthNeeds({ health, medical }: RosterEntry): boolean {
  const listed = health
    ? health.allergies.length +
      health.medications.length +
      health.conditions.length +
      health.dietaryNeeds.length
    : 0;
  return listed > 0 || Boolean(medical?.trim());
}

/**
 * The entries that match every word typed (in the child's or the parent's name, or the parent's
 * e-mail or telephone) and the narrowing chosen, in the roster's own order.
 */
export function filterRoster(
  entries: readonly RosterEntry[],
  search: string,
  show: RosterShow,
): RosterEntry[] {
  const words = folded(search).split(/\s+/).filter(Boolean);
  return entries.filter((entry) => {
    if (show === 'forms' && !owesForms(entry)) return false;
    if (show === 'health' && !hasHealthNeeds(entry)) return false;
    const haystack = folded(
      [
        entry.childFirstName,
        entry.childLastName,
        entry.parentName,
        entry.parentEmail,
        entry.parentPhone ?? '',
      ].join(' '),
    );
    return words.every((word) => haystack.includes(word));
  });
}
