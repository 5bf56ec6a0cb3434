import { cardDetailsSchema } from '@campwise/contract/cards';
import { messages } from '@campwise/contract/messages';
import type { CardFormValues } from '../card-fields.tsx';

export interface CardProblems {
  /** Each field in trouble; `true` marks one that is only empty (the summary says so once). */
  fields: Partial<Record<keyof CardFormValues, string | true>>;
  /** Each message once, 'Please fill in all fields' first (spec section 5). */
  summary: string[];
}

const cardFieldNames = new Set<string>(['firstName', 'lastName', 'cardNumber', 'expDate', 'expYear', 'cvc']);

/**
 * While any field is empty that is the one thing said (the empty fields marked); once all are
 * filled in, each problem with what was typed.
 */
function collect(issues: { field: string; message: string }[]): CardProblems | null {
  const missing = issues.filter(({ message }) => message === messages.allCardFieldsRequired);
  const shown = missing.length > 0 ? missing : issues;
  const fields: CardProblems['fields'] = {};
  for (const { field, message } of shown) {
    if (!cardFieldNames.has(field)) continue;
    fields[field as keyof CardFormValues] ??= message === messages.allCardFieldsRequired ? true : message;
  }
  const summary = [...new Set(shown.map(({ message }) => message))];
  return summary.length === 0 ? null : { fields, summary };
}

/** What is wrong with typed card details, checked with the schema the server uses; null when nothing is. */
export function checkCard(values: CardFormValues): CardProblems | null {
  const parsed = cardDetailsSchema.safeParse(values);
  if (parsed.success) return null;
  return collect(
    parsed.error.issues.map((issue) => ({ field: String(issue.path[0]), message: issue.message })),
  );
}

/** A refusal from the server (a bad field, a decline) shown the same way. */
export function serverCardProblems(message: string, fields: Record<string, string> = {}): CardProblems {
  const problems = collect(
    Object.entries(fields).map(([field, fieldMessage]) => ({ field, message: fieldMessage })),
  );
  return {
    fields: problems?.fields ?? {},
    summary: problems?.summary.includes(message) ? problems.summary : [message, ...(problems?.summary ?? [])],
  };
}
