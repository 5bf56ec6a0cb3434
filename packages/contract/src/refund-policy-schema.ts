import { z } from 'zod';
import { messages } from './messages.ts';
import { MAX_CANCELLATION_FEE_CENTS, MAX_POLICY_DAYS } from './refund-policy.ts';

const days = z
  .number({ error: messages.refundPolicyDaysInvalid })
  .int(messages.refundPolicyDaysInvalid)
  .min(0, messages.refundPolicyDaysInvalid)
  .max(MAX_POLICY_DAYS, messages.refundPolicyDaysInvalid);

export const refundPolicySchema = z
  .object({
    fullUntilDays: days,
    partial: z
      .object({
        percent: z
          .number({ error: messages.refundPolicyPercentInvalid })
          .int(messages.refundPolicyPercentInvalid)
          .min(1, messages.refundPolicyPercentInvalid)
          .max(99, messages.refundPolicyPercentInvalid),
        untilDays: days,
      })
      .strict()
      .nullable(),
    cancellationFeeCents: z
      .number({ error: messages.refundPolicyFeeInvalid })
      .int(messages.refundPolicyFeeInvalid)
      .min(0, messages.refundPolicyFeeInvalid)
      .max(MAX_CANCELLATION_FEE_CENTS, messages.refundPolicyFeeInvalid),
  })
  .strict()
  .refine((policy) => !policy.partial || policy.partial.untilDays < policy.fullUntilDays, {
    message: messages.refundPolicyPartialAfterFull,
    path: ['partial', 'untilDays'],
  });
export const refundPolicyResponse = z.object({ data: refundPolicySchema });
