import { z } from 'zod';
import { idFromText } from './ids.ts';
import { messages } from './messages.ts';

/**
 * What families need to claim day camp with dependent-care FSA money or the Child and Dependent
 * Care Credit (IRS Form 2441): each provider's legal name, address and taxpayer identification
 * number, and what was paid for each child in the year (decision 077).
 */

/** An Employer Identification Number: nine digits, written "12-3456789". */
const EIN = /^(\d{2})-?(\d{7})$/;

/** An EIN as written on statements, "12-3456789", from nine digits with or without the dash; null otherwise. */
export function normalEin(text: string): string | null {
  const match = EIN.exec(text.trim());
  return match ? `${match[1]}-${match[2]}` : null;
}

/** An EIN as screens show it: only its last four digits, "••-•••6789". */
export function maskedEin(lastFour: string): string {
  return `••-•••${lastFour}`;
}

export const einField = z.string({ error: messages.einInvalid }).transform((text, context) => {
  const ein = normalEin(text);
  if (ein === null) {
    context.addIssue({ code: 'custom', message: messages.einInvalid });
    return z.NEVER;
  }
  return ein;
});

/** PUT /host/org/{id}/tax-details: the organisation's legal name and EIN, as the IRS knows them. */
export const taxDetailsBody = z
  .object({
    legalName: z
      .string({ error: messages.legalNameRequired })
      .trim()
      .min(2, messages.legalNameRequired)
      .max(200, messages.textTooLong),
    ein: einField,
  })
  .strict();
export type TaxDetailsBody = z.input<typeof taxDetailsBody>;

/** An organisation's tax details as its team sees them: the EIN masked (it is only shown in full on statements). */
export const taxDetailsSchema = z.object({
  legalName: z.string().nullable(),
  einMasked: z.string().nullable(),
});
export type TaxDetails = z.infer<typeof taxDetailsSchema>;
export const taxDetailsResponse = z.object({ data: taxDetailsSchema });

/** The first year statements are kept for. */
export const FIRST_STATEMENT_YEAR = 2020;

export const taxStatementQuery = z
  .object({
    year: z.coerce
      .number({ error: messages.statementYearInvalid })
      .int(messages.statementYearInvalid)
      .min(FIRST_STATEMENT_YEAR, messages.statementYearInvalid)
      .max(9999, messages.statementYearInvalid),
  })
  .strict();

export const childStatementParams = z.object({ id: idFromText });

/** One place of the child's with a provider: when the care was, what was paid for it in the year. */
export const statementPlaceSchema = z.object({
  registrationId: z.number().int(),
  placeName: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  paidCents: z.number().int(),
  refundedCents: z.number().int(),
});
export type StatementPlace = z.infer<typeof statementPlaceSchema>;

export const statementProviderSchema = z.object({
  orgId: z.number().int(),
  name: z.string(),
  /** The name the IRS knows it by; null until the organisation records it. */
  legalName: z.string().nullable(),
  address: z.string(),
  /** In full: the statement is what the family gives their FSA or their tax preparer. Null until recorded. */
  ein: z.string().nullable(),
  places: z.array(statementPlaceSchema),
  /** Paid less refunded in the year, in cents. */
  totalCents: z.number().int(),
});
export type StatementProvider = z.infer<typeof statementProviderSchema>;

export const taxStatementSchema = z.object({
  year: z.number().int(),
  child: z.object({ id: z.number().int(), name: z.string() }),
  payer: z.object({ name: z.string(), email: z.string() }),
  providers: z.array(statementProviderSchema),
  totalCents: z.number().int(),
});
export type TaxStatement = z.infer<typeof taxStatementSchema>;
export const taxStatementResponse = z.object({ data: taxStatementSchema });

/** A provider's total: what was paid less what was refunded, over its places. */
export function providerTotal(
  places: readonly Pick<StatementPlace, 'paidCents' | 'refundedCents'>[],
): number {
  return places.reduce((total, place) => total + place.paidCents - place.refundedCents, 0);
}
