import { type PromoCodeBody, promoCodeBody } from '@campwise/contract/baskets';
import { messages } from '@campwise/contract/messages';
import { placeServerProblems, requiredMessage } from '../forms/field-errors.ts';
import type { Checked } from '../forms/use-checked-submit.ts';
import type { DiscountKind } from './discount-text.ts';
import { discountValueOf } from './discount-value.ts';

/** The Add promo code form as typed (a type alias so it fits the form library). */
export type PromoCodeFormValues = {
  code: string;
  kind: DiscountKind;
  value: string;
  validFrom: string;
  validTo: string;
  maxUses: string;
  maxUsesPerFamily: string;
};

export const promoCodeLabels = {
  code: 'Code',
  value: 'Discount',
  validFrom: 'Valid from',
  validTo: 'Valid until',
  maxUses: 'Total uses',
  maxUsesPerFamily: 'Uses per family',
} as const;

export const emptyPromoCode: PromoCodeFormValues = {
  code: '',
  kind: 'amount',
  value: '',
  validFrom: '',
  validTo: '',
  maxUses: '',
  maxUsesPerFamily: '',
};

const limits = { maxUses: 100_000, maxUsesPerFamily: 1000 } as const;

/** An optional count: empty is no limit; otherwise a whole number from 1 to its limit. */
function countOf(field: keyof typeof limits, text: string, errors: Record<string, string>): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d{1,7}$/.test(trimmed) || Number(trimmed) < 1) errors[field] = messages.wholeNumberRequired;
  else if (Number(trimmed) > limits[field])
    errors[field] = `At most ${limits[field].toLocaleString('en-US')}.`;
  return Number(trimmed);
}

/** The form as the server takes it, or one message beside each field that is wrong. */
export function checkPromoCode(values: PromoCodeFormValues): Checked<PromoCodeBody, string> {
  const errors: Record<string, string> = {};
  if (values.code.trim() === '') errors.code = requiredMessage(promoCodeLabels.code);
  let value = 0;
  if (values.value.trim() === '') errors.value = requiredMessage(promoCodeLabels.value);
  else {
    const parsed = discountValueOf(values.kind, values.value);
    if ('problem' in parsed) errors.value = parsed.problem;
    else value = parsed.value;
  }
  const candidate: PromoCodeBody = {
    code: values.code,
    kind: values.kind,
    value,
    validFrom: values.validFrom || null,
    validTo: values.validTo || null,
    maxUses: countOf('maxUses', values.maxUses, errors),
    maxUsesPerFamily: countOf('maxUsesPerFamily', values.maxUsesPerFamily, errors),
  };
  const parsed = promoCodeBody.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? 'code')] ??= issue.message;
  }
  if (Object.keys(errors).length > 0) return { errors };
  return { body: candidate };
}

const fieldNames = new Set<string>(Object.keys(promoCodeLabels));

/** The server's refusal beside its field: a code the camp already has goes beside Code. */
export function promoCodeServerProblems(message: string, fields: Record<string, string> | undefined) {
  return placeServerProblems(
    message,
    fields,
    (name) => (fieldNames.has(name) ? name : undefined),
    (text) => (text === messages.promoCodeTaken ? 'code' : undefined),
  );
}
