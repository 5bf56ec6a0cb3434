import type { CampDetail, CampInput, campUpdateBody, newCampBody } from '@campwise/contract/camps';
import { campKind } from '@campwise/contract/camps';
import { messages } from '@campwise/contract/messages';
import { type FieldIssue, fieldErrors, missesRequiredField, schemaIssues } from '../forms/field-errors.ts';

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

/** The labels of the camp fields that can be required, also the names their errors use. */
export const campLabels = {
  name: 'Name',
  description: 'Description',
  categories: 'Categories',
  address: 'Address',
  city: 'City',
  state: 'State',
  zip: 'ZIP',
  phone: 'Phone',
  startDate: 'Start Date',
  endDate: 'End Date',
  minAge: 'Min Age',
  maxAge: 'Max Age',
  cost: 'Cost',
  spotsAvailable: 'Spots Available',
} as const;

/** No category chosen, in the spec's words for the edit form (it names the field and the fix). */
const emptyMessages = { categories: messages.campCategoryRequired };

export interface CampProblems {
  /** Errors by form field, one each. */
  fields: Record<string, string>;
  /** Other fields the server named (the image files). */
  other: Record<string, string>;
  /** The one message above the form: the spec's banner when something required is missing. */
  banner: string | null;
}

/**
 * Places each problem once, beside its field: an empty required field is named as missing
 * (the categories with 'Must select at least one category'), anything else keeps its message.
 * Above the form goes only the spec's banner, when something required is missing.
 */
function collect(
  issues: FieldIssue[],
  values: CampFormValues,
  missingBanner: string,
  fallback: string | null,
): CampProblems {
  const formIssues = issues.filter(({ field }) => formFields.has(field));
  const fields = fieldErrors(formIssues, values, campLabels, emptyMessages);
  const other: Record<string, string> = {};
  for (const { field, message } of issues) {
    if (!formFields.has(field)) other[field] ??= message;
  }
  const missing = missesRequiredField(fields, campLabels, emptyMessages);
  const placed = Object.keys(fields).length + Object.keys(other).length > 0;
  return { fields, other, banner: missing ? missingBanner : placed ? null : fallback };
}

/**
 * Checks the form with the contract's schema (create or update), null when it passes. The
 * banner is the spec's: New Camp's names the categories too.
 */
export function checkCamp(
  schema: typeof newCampBody | typeof campUpdateBody,
  values: CampFormValues,
  missingBanner: string,
): CampProblems | null {
  const issues = schemaIssues(schema, values satisfies CampInput);
  return issues.length === 0 ? null : collect(issues, values, missingBanner, null);
}

/** The problems the server reported, placed the same way; its message goes above when no field took it. */
export function serverProblems(
  message: string,
  fields: Record<string, string> | undefined,
  values: CampFormValues,
  missingBanner: string,
): CampProblems {
  const issues = Object.entries(fields ?? {}).map(([field, fieldMessage]) => ({
    field,
    message: fieldMessage,
  }));
  return collect(issues, values, missingBanner, message);
}
