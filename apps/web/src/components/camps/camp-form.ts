import type { CampDetail, CampInput, campUpdateBody, newCampBody } from '@campwise/contract/camps';
import { campKind } from '@campwise/contract/camps';
import { messages } from '@campwise/contract/messages';

/** The camp form as typed: number inputs hold '' until something is entered. */
export interface CampFormValues {
  name: string;
  description: string;
  categories: number[];
  address: string;
  city: string;
  state: string;
  zip: string;
  phone: string;
  email: string;
  startDate: string;
  endDate: string;
  minAge: number | string;
  maxAge: number | string;
  cost: number | string;
  spotsAvailable: number | string;
  allowsWaitlist: boolean;
}

export const emptyCamp: CampFormValues = {
  name: '',
  description: '',
  categories: [],
  address: '',
  city: '',
  state: '',
  zip: '',
  phone: '',
  email: '',
  startDate: '',
  endDate: '',
  minAge: '',
  maxAge: '',
  cost: '',
  spotsAvailable: '',
  allowsWaitlist: false,
};

const formFields = new Set<string>(Object.keys(emptyCamp));

/** The edit form starts from the saved camp; a virtual camp's 'Virtual' address is not typed text. */
export function campFormValues(camp: CampDetail): CampFormValues {
  const kind = campKind(camp.categories.map((category) => category.id));
  return {
    name: camp.name,
    description: camp.description,
    categories: camp.categories.map((category) => category.id),
    address: kind.needsAddress ? (camp.address ?? '') : '',
    city: camp.city ?? '',
    state: camp.state ?? '',
    zip: camp.zip ?? '',
    phone: camp.phone,
    email: camp.email ?? '',
    startDate: camp.startDate ?? '',
    endDate: camp.endDate ?? '',
    minAge: camp.minAge,
    maxAge: camp.maxAge,
    cost: camp.costCents / 100,
    spotsAvailable: camp.spotsAvailable,
    allowsWaitlist: camp.allowsWaitlist,
  };
}

const requiredMessages = new Set<string>([messages.requiredFields, messages.campRequiredFields]);

/**
 * A field's own error: the long "fill in all required fields" sentence is said once above the
 * form, so beside a single field it becomes "Required". Categories keep the full sentence
 * because it names them.
 */
function fieldMessage(field: string, message: string): string {
  return field !== 'categories' && requiredMessages.has(message) ? 'Required' : message;
}

export interface CampProblems {
  /** Errors by form field. */
  fields: Record<string, string>;
  /** Other fields the server named (the image files). */
  other: Record<string, string>;
  /** Each distinct message once, in the order found, for the summary above the form. */
  summary: string[];
}

function collect(entries: [string, string][]): CampProblems {
  const problems: CampProblems = { fields: {}, other: {}, summary: [] };
  for (const [field, message] of entries) {
    if (!problems.summary.includes(message)) problems.summary.push(message);
    const target = formFields.has(field) ? problems.fields : problems.other;
    target[field] ??= fieldMessage(field, message);
  }
  return problems;
}

/** Checks the form with the contract's schema (create or update), null when it passes. */
export function checkCamp(
  schema: typeof newCampBody | typeof campUpdateBody,
  values: CampFormValues,
): CampProblems | null {
  const parsed = schema.safeParse(values satisfies CampInput);
  if (parsed.success) return null;
  return collect(parsed.error.issues.map((issue) => [String(issue.path[0] ?? ''), issue.message]));
}

/** The problems the server reported, placed the same way. */
export function serverProblems(message: string, fields: Record<string, string> | undefined): CampProblems {
  const problems = collect(Object.entries(fields ?? {}));
  return { ...problems, summary: problems.summary.length > 0 ? problems.summary : [message] };
}
