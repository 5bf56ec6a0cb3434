import { BOOKED_VIA_WIDGET } from '@campwise/contract/booking-widget';

const storageKey = (campId: number) => `campwise.bookedVia.${campId}`;

/**
 * Whether this camp's checkout was opened from the host's booking widget (decision 075). The
 * mark is kept for the tab, so it survives signing in, adding a child or choosing another
 * session on the way to paying.
 */
export function bookedViaFor(campId: number, via: string | null): typeof BOOKED_VIA_WIDGET | undefined {
  try {
    if (via === BOOKED_VIA_WIDGET) sessionStorage.setItem(storageKey(campId), BOOKED_VIA_WIDGET);
    return sessionStorage.getItem(storageKey(campId)) === BOOKED_VIA_WIDGET ? BOOKED_VIA_WIDGET : undefined;
  } catch {
    // Storage may be refused (private modes); the address alone still says it.
    return via === BOOKED_VIA_WIDGET ? BOOKED_VIA_WIDGET : undefined;
  }
}
