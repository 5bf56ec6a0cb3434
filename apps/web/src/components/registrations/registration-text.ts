/** "June 3, 2027 at 4:00 PM" in the visitor's own time zone: offers end at an instant, not a day. */
export function dateTimeText(iso: string): string {
  const when = new Date(iso);
  const day = when.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });
  const time = when.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
  return `${day} at ${time}`;
}

/** "Nov 23, 1:59 PM": the same, where a table column has little room. */
export function shortDateTimeText(iso: string): string {
  return new Date(iso).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

/** "June 3, 2027" from an instant, in the visitor's time zone. */
export function dayText(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });
}

/** What is left of a camp: '3 spots left', 'Full — waitlist open' or 'Full'. */
export function spotsLeftText(camp: { spotsLeft: number; allowsWaitlist: boolean }): string {
  if (camp.spotsLeft > 0) return `${camp.spotsLeft} ${camp.spotsLeft === 1 ? 'spot' : 'spots'} left`;
  return camp.allowsWaitlist ? 'Full — waitlist open' : 'Full';
}

/** "Maya and Leo", "Maya, Leo and Sam". */
export function namesText(names: string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}
