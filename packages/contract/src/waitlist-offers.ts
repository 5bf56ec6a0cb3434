/** How long a freed spot is held for the first waitlisted family. */
export const OFFER_HOLD_HOURS = 48;
