import { formatMoney } from '@campwise/contract/format';
import {
  type FinalFailureRule,
  type PaymentPlanSettings,
  paymentPlanSettingsSchema,
} from '@campwise/contract/payment-plans';
import { priceFieldText } from '@campwise/contract/session-text';
import { dollarsToCents } from '@campwise/contract/sessions';
import { placeServerProblems, requiredMessage } from '../forms/field-errors.ts';
import type { Checked } from '../forms/use-checked-submit.ts';

/** The deposit form as typed (a type alias so it fits the form library). */
export type PaymentPlanFormValues = {
  on: boolean;
  /** Dollars, as typed. */
  deposit: string;
  balanceDueDays: string;
  maxInstalments: string;
  onFinalFailure: FinalFailureRule;
};

export const paymentPlanLabels = {
  deposit: 'Deposit per place',
  balanceDueDays: 'Balance due',
  maxInstalments: 'Instalments, at most',
  onFinalFailure: 'When the last try to charge an instalment fails',
} as const;

export function paymentPlanFormValues(saved: PaymentPlanSettings | null): PaymentPlanFormValues {
  return {
    on: saved !== null,
    deposit: saved ? priceFieldText(saved.depositCents) : '',
    balanceDueDays: saved ? String(saved.balanceDueDays) : '14',
    maxInstalments: saved ? String(saved.maxInstalments) : '3',
    onFinalFailure: saved?.onFinalFailure ?? 'keep',
  };
}

const formFieldOf: Record<string, keyof PaymentPlanFormValues> = {
  'plan.depositCents': 'deposit',
  depositCents: 'deposit',
  'plan.balanceDueDays': 'balanceDueDays',
  'plan.maxInstalments': 'maxInstalments',
  'plan.onFinalFailure': 'onFinalFailure',
};

type Problems = Partial<Record<keyof PaymentPlanFormValues, string>>;

/** The form as the server takes it, or a message beside each field that is wrong. */
export function checkPaymentPlan(
  values: PaymentPlanFormValues,
): Checked<PaymentPlanSettings | null, keyof PaymentPlanFormValues> {
  if (!values.on) return { body: null };
  const errors: Problems = {};
  const whole = (field: 'balanceDueDays' | 'maxInstalments') => {
    const typed = values[field].trim();
    if (typed === '') {
      errors[field] = requiredMessage(paymentPlanLabels[field]);
      return 0;
    }
    return /^\d{1,4}$/.test(typed) ? Number(typed) : Number.NaN;
  };
  const depositTyped = values.deposit.trim().replace(/^\$/, '').replaceAll(',', '');
  if (depositTyped === '') errors.deposit = requiredMessage(paymentPlanLabels.deposit);
  const candidate = {
    depositCents: depositTyped === '' ? 0 : (dollarsToCents(depositTyped) ?? Number.NaN),
    balanceDueDays: whole('balanceDueDays'),
    maxInstalments: whole('maxInstalments'),
    onFinalFailure: values.onFinalFailure,
  };
  const parsed = paymentPlanSettingsSchema.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = formFieldOf[`plan.${issue.path.map(String).join('.')}`];
      if (field) errors[field] ??= issue.message;
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { errors };
  return { body: parsed.data };
}

/** The server's refusal beside its field where it names one, otherwise above the form. */
export function paymentPlanServerProblems(message: string, fields: Record<string, string> | undefined) {
  return placeServerProblems(message, fields, (name) => formFieldOf[name]);
}

/** The settings in a host's words. */
export function paymentPlanText(plan: PaymentPlanSettings | null): string {
  if (!plan) return 'Families pay in full when they book.';
  const days = plan.balanceDueDays === 1 ? '1 day' : `${plan.balanceDueDays} days`;
  const parts = plan.maxInstalments === 1 ? 'in one payment' : `in up to ${plan.maxInstalments} instalments`;
  const rule =
    plan.onFinalFailure === 'release'
      ? 'If the last try to charge an instalment fails, the place is released to the waitlist.'
      : 'If the last try to charge an instalment fails, the place is kept and you are e-mailed.';
  return `Families may pay a ${formatMoney(plan.depositCents)} deposit per place and the balance ${parts}, due ${days} before the session starts. ${rule}`;
}
