import { adjustmentLabels, type CampDiscounts, type PromoCode } from '@campwise/contract/baskets';
import { formatDate, formatMoney } from '@campwise/contract/format';
import { priceFieldText } from '@campwise/contract/session-text';

/** How a host chooses to take money off: a whole percent, or an amount in cents. */
export type DiscountKind = 'percent' | 'amount';

export const discountKindLabels: Record<DiscountKind, string> = {
  percent: 'Percent',
  amount: 'Dollar amount',
};

/** "10% off", "$10 off". */
export function discountText(discount: { kind: DiscountKind; value: number }): string {
  return discount.kind === 'percent' ? `${discount.value}% off` : `${formatMoney(discount.value)} off`;
}

/** A saved value as its field shows it: a percent as is, cents as dollars ("12.50"). */
export function discountFieldText(discount: { kind: DiscountKind; value: number }): string {
  return discount.kind === 'percent' ? String(discount.value) : priceFieldText(discount.value);
}

/** "Any time", "From June 1", "Until August 31", "June 1 – August 31". */
export function promoValidityText(code: Pick<PromoCode, 'validFrom' | 'validTo'>): string {
  if (code.validFrom && code.validTo) {
    return code.validFrom === code.validTo
      ? `On ${formatDate(code.validFrom)}`
      : `${formatDate(code.validFrom)} – ${formatDate(code.validTo)}`;
  }
  if (code.validFrom) return `From ${formatDate(code.validFrom)}`;
  if (code.validTo) return `Until ${formatDate(code.validTo)}`;
  return 'Any time';
}

/** "3 of 50", or "3 (no limit)"; with "· 1 per family" when a family's uses are limited. */
export function promoUsesText(code: Pick<PromoCode, 'uses' | 'maxUses' | 'maxUsesPerFamily'>): string {
  const total = code.maxUses === null ? `${code.uses} (no limit)` : `${code.uses} of ${code.maxUses}`;
  return code.maxUsesPerFamily === null ? total : `${total} · ${code.maxUsesPerFamily} per family`;
}

/**
 * A camp's discounts and promo codes in one line, for its page: "Early-bird discount 10% off
 * until June 1, 2027 · Sibling discount $25 off · 2 promo codes", or that there are none.
 */
export function discountsSummaryText(discounts: CampDiscounts, promoCodes: number): string {
  const parts: string[] = [];
  if (discounts.earlyBird) {
    parts.push(
      `${adjustmentLabels.early_bird} ${discountText(discounts.earlyBird)} until ${formatDate(discounts.earlyBird.until)}`,
    );
  }
  if (discounts.multiSession) {
    parts.push(`${adjustmentLabels.multi_session} ${discountText(discounts.multiSession)}`);
  }
  if (discounts.sibling) parts.push(`${adjustmentLabels.sibling} ${discountText(discounts.sibling)}`);
  if (promoCodes > 0) parts.push(promoCodes === 1 ? '1 promo code' : `${promoCodes} promo codes`);
  return parts.length === 0 ? 'No discounts or promo codes.' : parts.join(' · ');
}
