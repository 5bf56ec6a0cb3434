/** What a result card says about room at a camp: a parent rules out a full camp at a glance. */
export function placesLeftText(place: { spotsLeft: number; allowsWaitlist: boolean }): string {
  if (place.spotsLeft > 0) return `${place.spotsLeft} ${place.spotsLeft === 1 ? 'place' : 'places'} left`;
  return place.allowsWaitlist ? 'Full · waitlist open' : 'Full';
}

/** Few enough places that the card draws the eye to them. */
export const FEW_PLACES = 5;
