import { messages } from '@campwise/contract/messages';

/** Each required field's label, as the form shows it: the name an error beside it uses. */
export type FieldLabels = Readonly<Record<string, string>>;

/** A problem the schema found, by field. */
export interface FieldIssue {
  field: string;
  message: string;
}

/** The message beside an empty required field: "First Name is required". */
export function requiredMessage(label: string): string {
  return messages.fieldRequired.replace('{field}', label);
}

/** Empty as a person sees it: nothing, only spaces, or no choice made. */
export function isBlank(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/**
 * One message per field, said once beside it. A field left empty gets "{label} is required"
 * (or its form's own words for it, such as the categories' 'Must select at least one
 * category'), whatever length or format rule the schema also broke; a filled-in field keeps
 * the schema's message, which says what to fix.
 */
export function fieldErrors(
  issues: readonly FieldIssue[],
  values: object,
  labels: FieldLabels,
  emptyMessages: Readonly<Record<string, string>> = {},
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const { field, message } of issues) {
    if (field in errors) continue;
    const label = labels[field];
    const empty = label !== undefined && isBlank((values as Record<string, unknown>)[field]);
    errors[field] = empty ? (emptyMessages[field] ?? requiredMessage(label)) : message;
  }
  return errors;
}

/** Whether a required field is among the errors: then the spec's banner says so above the form. */
export function missesRequiredField(
  errors: Readonly<Record<string, unknown>>,
  labels: FieldLabels,
  emptyMessages: Readonly<Record<string, string>> = {},
): boolean {
  return Object.entries(errors).some(([field, message]) => {
    const label = labels[field];
    return label !== undefined && (message === requiredMessage(label) || message === emptyMessages[field]);
  });
}

/** Anything with zod's safeParse: the form's schema from the contract. */
interface Checkable {
  safeParse(
    values: unknown,
  ): { success: true } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
}

/** The schema's issues by top-level field. */
export function schemaIssues(schema: Checkable, values: unknown): FieldIssue[] {
  const parsed = schema.safeParse(values);
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => ({ field: String(issue.path[0] ?? ''), message: issue.message }));
}

/** A Mantine form's `validate`: the contract's schema, with the rule above for empty fields. */
export function validateWith<Values extends object>(schema: Checkable, labels: FieldLabels) {
  return (values: Values) => fieldErrors(schemaIssues(schema, values), values, labels);
}

/**
 * A server's refusal placed like the form's own checks: beside each field it names (`fieldOf`
 * maps the server's field names to the form's), else beside the field its message is about,
 * else above the form.
 */
export function placeServerProblems<Field extends string>(
  message: string,
  fields: Record<string, string> | undefined,
  fieldOf: (name: string) => Field | undefined,
  fieldForMessage: (message: string) => Field | undefined = () => undefined,
): { fields: Partial<Record<Field, string>>; banner: string | null } {
  const placed: Partial<Record<Field, string>> = {};
  for (const [name, text] of Object.entries(fields ?? {})) {
    const field = fieldOf(name);
    if (field) placed[field] ??= text;
  }
  if (Object.keys(placed).length > 0) return { fields: placed, banner: null };
  const field = fieldForMessage(message);
  if (!field) return { fields: {}, banner: message };
  const only: Partial<Record<Field, string>> = {};
  only[field] = message;
  return { fields: only, banner: null };
}
