import { brandName, type SavedCard } from '@campwise/contract/cards';

/** "Visa ending in 4242": how a card is named to people and screen readers. */
export const cardName = (card: Pick<SavedCard, 'brand' | 'last4'>) =>
  `${brandName(card.brand)} ending in ${card.last4}`;

/** The masked number as a card shows it: only the last four digits. */
export const maskedNumber = (last4: string) => `•••• •••• •••• ${last4}`;

/** "03/2031". */
export const expiryText = (card: Pick<SavedCard, 'expMonth' | 'expYear'>) =>
  `${String(card.expMonth).padStart(2, '0')}/${card.expYear}`;
