import { messages } from '@campwise/contract/messages';
import type { RefundPolicy } from '@campwise/contract/refund-policy';
import { refundPolicySchema } from '@campwise/contract/refund-policy-schema';
import { priceFieldText } from '@campwise/contract/session-text';
import { dollarsToCents } from '@campwise/contract/sessions';
import { placeServerProblems, requiredMessage } from '../forms/field-errors.ts';
import type { Checked } from '../forms/use-checked-submit.ts';

/** The Edit refund policy form as typed (a type alias so it fits the form library). */
export type RefundPolicyFormValues = {
  fullUntilDays: string;
  partialOn: boolean;
  partialPercent: string;
  partialUntilDays: string;
  /** Dollars, as typed; empty is no fee. */
  fee: string;
};

export const refundPolicyLabels = {
  fullUntilDays: 'Full refund until',
  partialPercent: 'Partial refund',
  partialUntilDays: 'Partial refund until',
  fee: 'Cancellation fee',
} as const;

/** The form starts from what is saved; a partial tier that is off starts empty. */
export function refundPolicyFormValues(saved: RefundPolicy): RefundPolicyFormValues {
  return {
    fullUntilDays: String(saved.fullUntilDays),
    partialOn: saved.partial !== null,
    partialPercent: saved.partial ? String(saved.partial.percent) : '',
    partialUntilDays: saved.partial ? String(saved.partial.untilDays) : '',
    fee: saved.cancellationFeeCents > 0 ? priceFieldText(saved.cancellationFeeCents) : '',
  };
}

/** Where each of the contract's fields sits in the form. */
const formFieldOf: Record<string, keyof RefundPolicyFormValues> = {
  fullUntilDays: 'fullUntilDays',
  'partial.percent': 'partialPercent',
  'partial.untilDays': 'partialUntilDays',
  cancellationFeeCents: 'fee',
};

type Problems = Partial<Record<keyof RefundPolicyFormValues, string>>;

/** A whole number as typed (a trailing unit such as "%" allowed), or null when it is not one. */
function wholeNumber(text: string, unit = ''): number | null {
  const trimmed = text.trim();
  const bare = unit && trimmed.endsWith(unit) ? trimmed.slice(0, -unit.length).trim() : trimmed;
  return /^\d{1,6}$/.test(bare) ? Number(bare) : null;
}

/**
 * The form as the server takes it, or one message beside each field that is wrong: empty
 * fields by their label, the rest by the contract's rules (days 0–365, a percent 1–99, a fee up
 * to $1,000, the partial tier ending closer to the start than the full one).
 */
export function checkRefundPolicy(
  values: RefundPolicyFormValues,
): Checked<RefundPolicy, keyof RefundPolicyFormValues> {
  const errors: Problems = {};
  const days = (field: 'fullUntilDays' | 'partialUntilDays') => {
    if (values[field].trim() === '') {
      errors[field] = requiredMessage(refundPolicyLabels[field]);
      return 0;
    }
    const parsed = wholeNumber(values[field]);
    if (parsed === null) errors[field] = messages.refundPolicyDaysInvalid;
    return parsed ?? 0;
  };
  const percent = () => {
    if (values.partialPercent.trim() === '') {
      errors.partialPercent = requiredMessage(refundPolicyLabels.partialPercent);
      return 0;
    }
    const parsed = wholeNumber(values.partialPercent, '%');
    if (parsed === null) errors.partialPercent = messages.refundPolicyPercentInvalid;
    return parsed ?? 0;
  };
  const fee = () => {
    const typed = values.fee.trim().replace(/^\$/, '').replaceAll(',', '');
    if (typed === '') return 0;
    const cents = dollarsToCents(typed);
    if (cents === null) errors.fee = messages.refundPolicyFeeInvalid;
    return cents ?? 0;
  };
  const candidate: RefundPolicy = {
    fullUntilDays: days('fullUntilDays'),
    partial: values.partialOn ? { percent: percent(), untilDays: days('partialUntilDays') } : null,
    cancellationFeeCents: fee(),
  };
  // Which tier ends first means something only once both days are numbers.
  const daysTyped = !errors.fullUntilDays && !errors.partialUntilDays;
  const parsed = refundPolicySchema.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = formFieldOf[issue.path.map(String).join('.')];
      if (issue.message === messages.refundPolicyPartialAfterFull && !daysTyped) continue;
      if (field) errors[field] ??= issue.message;
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { errors };
  return { body: parsed.data };
}

/** The server's refusal beside its field where it names one, otherwise above the form. */
export function refundPolicyServerProblems(message: string, fields: Record<string, string> | undefined) {
  return placeServerProblems(message, fields, (name) => formFieldOf[name]);
}
