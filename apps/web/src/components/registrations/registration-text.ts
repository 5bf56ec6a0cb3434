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
