import { isExpired, type NewCard, type SavedCard } from '@campwise/contract/cards';
import { messages } from '@campwise/contract/messages';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { paymentCustomers, savedCards, users } from '../../db/schema.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import type { CardToSave, PaymentProvider } from '../../platform/payments/provider.ts';

const cardColumns = {
  id: savedCards.id,
  brand: savedCards.brand,
  last4: savedCards.last4,
  expMonth: savedCards.expMonth,
  expYear: savedCards.expYear,
  holderName: savedCards.holderName,
  createdAt: savedCards.createdAt,
};

type CardRow = Omit<SavedCard, 'isExpired' | 'createdAt'> & { createdAt: Date };

function toCard({ createdAt, ...row }: CardRow): SavedCard {
  return { ...row, isExpired: isExpired(row.expMonth, row.expYear), createdAt: createdAt.toISOString() };
}

const ownCard = (parentId: number, cardId: number) =>
  and(eq(savedCards.id, cardId), eq(savedCards.parentId, parentId));

/**
 * The parent's customer at the payment provider, made on first need. Two first requests at
 * once may both ask the provider; only one id is kept and both use it.
 */
export async function ensurePaymentCustomer(
  db: Database,
  provider: PaymentProvider,
  userId: number,
): Promise<string> {
  const known = async () => {
    const [row] = await db
      .select({ customerId: paymentCustomers.customerId })
      .from(paymentCustomers)
      .where(eq(paymentCustomers.userId, userId));
    return row?.customerId ?? null;
  };
  const existing = await known();
  if (existing) return existing;
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound();
  const created = await provider.createCustomer({ email: user.email, userId });
  await db.insert(paymentCustomers).values({ userId, customerId: created }).onConflictDoNothing();
  const kept = await known();
  if (!kept) throw new Error('payment customer vanished');
  return kept;
}

/** The parent's saved cards, oldest first. */
export async function listCards(db: Database, parentId: number): Promise<SavedCard[]> {
  const rows = await db
    .select(cardColumns)
    .from(savedCards)
    .where(eq(savedCards.parentId, parentId))
    .orderBy(asc(savedCards.createdAt), asc(savedCards.id));
  return rows.map(toCard);
}

/** One of the parent's cards; another parent's looks exactly like one that does not exist. */
export async function getCard(db: Database, parentId: number, cardId: number): Promise<SavedCard> {
  const [row] = await db.select(cardColumns).from(savedCards).where(ownCard(parentId, cardId));
  if (!row) throw notFound(messages.cardNotFound);
  return toCard(row);
}

/** Starts saving a card in Stripe's own field; null when cards are typed into our form. */
export async function beginCardSetup(
  db: Database,
  provider: PaymentProvider,
  parentId: number,
): Promise<{ clientSecret: string | null }> {
  if (provider.kind !== 'stripe') return { clientSecret: null };
  const customerId = await ensurePaymentCustomer(db, provider, parentId);
  const setup = await provider.beginCardSetup(customerId);
  return { clientSecret: setup?.clientSecret ?? null };
}

/**
 * Saves a card through the provider's tokeniser. With Stripe only a confirmed SetupIntent is
 * taken; with the test processor only typed details. We keep the provider's token, brand,
 * last four digits, expiry and the holder's name: never the number or the CVC.
 */
export async function saveCard(
  db: Database,
  provider: PaymentProvider,
  parentId: number,
  input: NewCard,
): Promise<SavedCard> {
  if (provider.kind === 'stripe' && input.kind !== 'setup-intent') {
    throw badRequest(messages.cardUseSecureField, { cardNumber: messages.cardUseSecureField });
  }
  if (provider.kind !== 'stripe' && input.kind !== 'details') {
    throw badRequest(messages.cardSetupUnavailable, { setupIntentId: messages.cardSetupUnavailable });
  }
  const toSave: CardToSave =
    input.kind === 'details'
      ? { kind: 'details', card: input.card }
      : { kind: 'setup-intent', setupIntentId: input.setupIntentId };
  const { firstName, lastName } = input.kind === 'details' ? input.card : input;
  const customerId = await ensurePaymentCustomer(db, provider, parentId);
  const saved = await provider.saveCard(customerId, toSave);
  const [row] = await db
    .insert(savedCards)
    .values({ parentId, ...saved, holderName: `${firstName} ${lastName}` })
    .returning(cardColumns);
  if (!row) throw new Error('insert returned no row');
  return toCard(row);
}

/**
 * Removes one of the parent's cards: first at the provider, so a card we no longer list can
 * never be charged, then here.
 */
export async function removeCard(
  db: Database,
  provider: PaymentProvider,
  parentId: number,
  cardId: number,
): Promise<void> {
  const [card] = await db
    .select({ paymentMethodId: savedCards.paymentMethodId, customerId: paymentCustomers.customerId })
    .from(savedCards)
    .leftJoin(paymentCustomers, eq(paymentCustomers.userId, savedCards.parentId))
    .where(ownCard(parentId, cardId));
  if (!card) throw notFound(messages.cardNotFound);
  if (card.customerId) await provider.removeCard(card.customerId, card.paymentMethodId);
  await db.delete(savedCards).where(ownCard(parentId, cardId));
}
