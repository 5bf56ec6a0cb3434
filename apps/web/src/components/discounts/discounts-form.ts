import { type CampDiscounts, campDiscountsSchema } from '@campwise/contract/baskets';
import { requiredMessage } from '../forms/field-errors.ts';
import type { Checked } from '../forms/use-checked-submit.ts';
import { type DiscountKind, discountFieldText } from './discount-text.ts';
import { discountValueOf } from './discount-value.ts';

/** One discount as the form holds it: switched on or off, and its fields as typed. */
interface DiscountFields {
  on: boolean;
  kind: DiscountKind;
  value: string;
}

/** The three discounts as typed (a type alias so it fits the form library). */
export type DiscountsFormValues = {
  earlyBird: DiscountFields & { until: string };
  multiSession: DiscountFields & { fromSession: string };
  sibling: DiscountFields;
};

export const discountFieldLabels = {
  value: 'Discount',
  until: 'Last day',
  fromSession: 'From the',
} as const;

const fieldsOf = (discount: { kind: DiscountKind; value: number } | null): DiscountFields =>
  discount
    ? { on: true, kind: discount.kind, value: discountFieldText(discount) }
    : { on: false, kind: 'percent', value: '' };

/** The form starts from what is saved; a discount that is off starts as a percent. */
export function discountsFormValues(saved: CampDiscounts): DiscountsFormValues {
  return {
    earlyBird: { ...fieldsOf(saved.earlyBird), until: saved.earlyBird?.until ?? '' },
    multiSession: {
      ...fieldsOf(saved.multiSession),
      fromSession: String(saved.multiSession?.fromSession ?? 2),
    },
    sibling: fieldsOf(saved.sibling),
  };
}

/**
 * The form as the server takes it, or one message beside each field that is wrong: empty
 * fields by their label, the rest by the contract's rules (a percent at most 100, a valid day).
 */
export function checkDiscounts(values: DiscountsFormValues): Checked<CampDiscounts, string> {
  const errors: Record<string, string> = {};
  const typedValue = (name: keyof DiscountsFormValues) => {
    const fields = values[name];
    if (!fields.on) return 0;
    if (fields.value.trim() === '') {
      errors[`${name}.value`] = requiredMessage(discountFieldLabels.value);
      return 0;
    }
    const parsed = discountValueOf(fields.kind, fields.value);
    if ('problem' in parsed) {
      errors[`${name}.value`] = parsed.problem;
      return 0;
    }
    return parsed.value;
  };
  const { earlyBird, multiSession, sibling } = values;
  if (earlyBird.on && earlyBird.until === '')
    errors['earlyBird.until'] = requiredMessage(discountFieldLabels.until);
  const candidate = {
    earlyBird: earlyBird.on
      ? { kind: earlyBird.kind, value: typedValue('earlyBird'), until: earlyBird.until }
      : null,
    multiSession: multiSession.on
      ? {
          kind: multiSession.kind,
          value: typedValue('multiSession'),
          fromSession: Number(multiSession.fromSession),
        }
      : null,
    sibling: sibling.on ? { kind: sibling.kind, value: typedValue('sibling') } : null,
  };
  const parsed = campDiscountsSchema.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path.map(String).join('.');
      errors[field] ??= issue.message;
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { errors };
  return { body: parsed.data };
}
