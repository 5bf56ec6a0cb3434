/**
 * Prices a family's basket: children × sessions of one camp. Pure functions, no database: the
 * checkout stores what they answer, line by line, and never prices a stored line again. The
 * order and the rounding are those of docs/decisions/015.
 */

export type AmountKind = 'percent' | 'amount';

/** A discount: a whole percent (1–100) or an amount in cents. */
export interface DiscountValue {
  kind: AmountKind;
  value: number;
}

export interface CampDiscountRules {
  /** Applies while today is on or before `until` (yyyy-mm-dd). */
  earlyBird?: DiscountValue & { until: string };
  /** For each line of every child after the first (children ranked by list price, most first). */
  sibling?: DiscountValue;
  /** For a child's n-th session in the basket and every one after it (n ≥ 2). */
  multiSession?: DiscountValue & { fromSession: number };
}

export interface PromoCodeRule extends DiscountValue {
  code: string;
}

export interface BasketLine {
  childId: number;
  sessionId: number;
  /** The session's first day, for ordering a child's sessions; null for year-round sessions. */
  sessionStart: string | null;
  listPriceCents: number;
}

export type AdjustmentKind = 'early_bird' | 'multi_session' | 'sibling' | 'promo_code';

export interface Adjustment {
  kind: AdjustmentKind;
  /** Cents taken off this line (positive). */
  amountCents: number;
}

export interface PricedLine extends BasketLine {
  adjustments: Adjustment[];
  /** What the line costs: list price less its adjustments, never below zero. */
  amountCents: number;
}

export interface PricedBasket {
  lines: PricedLine[];
  listTotalCents: number;
  discountTotalCents: number;
  totalCents: number;
}

/** What a discount takes from `cents`: a percent rounded down to the cent, never more than all of it. */
export function discountOn(cents: number, discount: DiscountValue): number {
  const raw = discount.kind === 'percent' ? Math.floor((cents * discount.value) / 100) : discount.value;
  return Math.max(0, Math.min(cents, raw));
}

/**
 * Shares `total` cents across `weights` in proportion, by the largest-remainder method: the
 * shares add up to exactly `total` (capped at the sum of the weights) and none exceeds its weight.
 * Ties go to the earlier index; callers pass lines in a fixed order.
 */
export function shareByWeight(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const amount = Math.min(total, sum);
  if (amount <= 0 || sum === 0) return weights.map(() => 0);
  const exact = weights.map((weight) => (amount * weight) / sum);
  const shares = exact.map(Math.floor);
  let left = amount - shares.reduce((a, b) => a + b, 0);
  const order = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of order) {
    if (left === 0) break;
    if ((shares[index] ?? 0) < (weights[index] ?? 0)) {
      shares[index] = (shares[index] ?? 0) + 1;
      left -= 1;
    }
  }
  return shares;
}

const byChildThenSession = (a: BasketLine, b: BasketLine) =>
  a.childId - b.childId || a.sessionId - b.sessionId;

/** A child's sessions in the order the multi-session discount counts them: earliest first. */
const bySessionStart = (a: BasketLine, b: BasketLine) => {
  if (a.sessionStart !== b.sessionStart) {
    if (a.sessionStart === null) return 1;
    if (b.sessionStart === null) return -1;
    return a.sessionStart < b.sessionStart ? -1 : 1;
  }
  return a.sessionId - b.sessionId;
};

type Working = PricedLine;

function take(line: Working, kind: AdjustmentKind, cents: number): void {
  if (cents <= 0) return;
  line.adjustments.push({ kind, amountCents: cents });
  line.amountCents -= cents;
}

/**
 * Prices a basket. Lines come back sorted by child and session, whatever order they were given
 * in, and the result does not depend on that order.
 */
export function priceBasket(
  input: readonly BasketLine[],
  rules: CampDiscountRules,
  promo: PromoCodeRule | null,
  today: string,
): PricedBasket {
  const lines: Working[] = [...input]
    .sort(byChildThenSession)
    .map((line) => ({ ...line, adjustments: [], amountCents: line.listPriceCents }));

  const { earlyBird, multiSession, sibling } = rules;
  if (earlyBird && today <= earlyBird.until) {
    for (const line of lines) take(line, 'early_bird', discountOn(line.amountCents, earlyBird));
  }

  const byChild = new Map<number, Working[]>();
  for (const line of lines) byChild.set(line.childId, [...(byChild.get(line.childId) ?? []), line]);

  if (multiSession) {
    for (const childLines of byChild.values()) {
      const ordered = [...childLines].sort(bySessionStart);
      for (const line of ordered.slice(Math.max(1, multiSession.fromSession) - 1)) {
        take(line, 'multi_session', discountOn(line.amountCents, multiSession));
      }
    }
  }

  if (sibling && byChild.size > 1) {
    const listTotal = (childLines: Working[]) =>
      childLines.reduce((sum, line) => sum + line.listPriceCents, 0);
    const ranked = [...byChild.entries()].sort(
      ([aId, aLines], [bId, bLines]) => listTotal(bLines) - listTotal(aLines) || aId - bId,
    );
    for (const [, childLines] of ranked.slice(1)) {
      for (const line of childLines) take(line, 'sibling', discountOn(line.amountCents, sibling));
    }
  }

  if (promo) {
    if (promo.kind === 'percent') {
      for (const line of lines) take(line, 'promo_code', discountOn(line.amountCents, promo));
    } else {
      const shares = shareByWeight(
        promo.value,
        lines.map((line) => line.amountCents),
      );
      lines.forEach((line, index) => {
        take(line, 'promo_code', shares[index] ?? 0);
      });
    }
  }

  const listTotalCents = lines.reduce((sum, line) => sum + line.listPriceCents, 0);
  const totalCents = lines.reduce((sum, line) => sum + line.amountCents, 0);
  return { lines, listTotalCents, discountTotalCents: listTotalCents - totalCents, totalCents };
}
