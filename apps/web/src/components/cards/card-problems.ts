import { cardDetailsSchema } from '@campwise/contract/cards';
import { messages } from '@campwise/contract/messages';
import type { CardFormValues } from '../card-fields.tsx';
import { type FieldIssue, fieldErrors, missesRequiredField, schemaIssues } from '../forms/field-errors.ts';

/** The card fields' labels (docs/product-spec.md, section 2, with Exp Month for its Exp Day: docs/decisions/011). */
export const cardLabels = {
  firstName: 'First Name',
  lastName: 'Last Name',
  cardNumber: 'Card Number',
  expDate: 'Exp Month',
  expYear: 'Exp Year',
  cvc: 'CVC',
} as const satisfies Record<keyof CardFormValues, string>;

export interface CardProblems {
  /** One message per field, beside it. */
  fields: Partial<Record<keyof CardFormValues, string>>;
  /** Above the form: 'Please fill in all fields' (docs/product-spec.md, section 5), or a refusal no field took. */
  banner: string | null;
}

const cardFieldNames = new Set<string>(Object.keys(cardLabels));

/**
 * Each field says what is wrong with it, once: an empty one that it is required, a filled one
 * what to fix. Above them goes the spec's 'Please fill in all fields' while any is empty, else
 * the `fallback` (a refusal from the server) when no field took it.
 */
function place(issues: FieldIssue[], values: Partial<CardFormValues>, fallback: string | null): CardProblems {
  const fields = fieldErrors(
    issues.filter(({ field }) => cardFieldNames.has(field)),
    values,
    cardLabels,
  ) as CardProblems['fields'];
  const placed = Object.keys(fields).length > 0;
  const banner = missesRequiredField(fields, cardLabels)
    ? messages.allCardFieldsRequired
    : placed
      ? null
      : fallback;
  return { fields, banner };
}

/** What is wrong with typed card details, checked with the schema the server uses; null when nothing is. */
export function checkCard(values: CardFormValues): CardProblems | null {
  const issues = schemaIssues(cardDetailsSchema, values);
  return issues.length === 0 ? null : place(issues, values, null);
}

/** The holder's name beside a processor's own card field: both names are required. */
export function checkCardHolder(values: Pick<CardFormValues, 'firstName' | 'lastName'>): CardProblems | null {
  const issues = (['firstName', 'lastName'] as const)
    .filter((field) => values[field].trim() === '')
    .map((field) => ({ field, message: messages.allCardFieldsRequired }));
  return issues.length === 0 ? null : place(issues, values, null);
}

/** A refusal from the server (a bad field, a decline) shown the same way. */
export function serverCardProblems(
  message: string,
  fields: Record<string, string> = {},
  values: Partial<CardFormValues> = {},
): CardProblems {
  const issues = Object.entries(fields).map(([field, fieldMessage]) => ({ field, message: fieldMessage }));
  return place(issues, values, message);
}
