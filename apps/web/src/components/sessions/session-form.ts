import { campWallClock } from '@campwise/contract/camp-clock';
import { messages } from '@campwise/contract/messages';
import { priceFieldText } from '@campwise/contract/session-text';
import { type HostCampSession, type SessionInput, sessionBody } from '@campwise/contract/sessions';
import { fieldErrors, placeServerProblems, schemaIssues } from '../forms/field-errors.ts';
import { type Checked, checkedBody } from '../forms/use-checked-submit.ts';

/**
 * The session form as typed: text, as the server reads it (a price in dollars such as "249.50",
 * registration moments as `YYYY-MM-DDTHH:MM` in UTC). A type alias so it fits the form library.
 */
export type SessionFormValues = {
  name: string;
  startDate: string;
  endDate: string;
  startTime: string;
  endTime: string;
  /** The days of the week it meets, as the day chips hold them ("1" is Monday); none: every day. */
  weekdays: string[];
  price: string;
  capacity: string;
  allowsWaitlist: boolean;
  registrationOpensAt: string;
  registrationClosesAt: string;
};

export const sessionLabels = {
  name: 'Session name',
  startDate: 'Start date',
  endDate: 'End date',
  startTime: 'Starts at',
  endTime: 'Ends at',
  weekdays: 'Days of the week',
  price: 'Price',
  capacity: 'Places',
  registrationOpensAt: 'Registration opens',
  registrationClosesAt: 'Registration closes',
} as const;

/** The fields always required; an empty one reads "{label} is required". */
const requiredLabels = {
  name: sessionLabels.name,
  price: sessionLabels.price,
  capacity: sessionLabels.capacity,
};

const fieldNames = new Set<string>(Object.keys(sessionLabels));

/** An instant as the datetime-local field holds it, on the camp's clock: `2027-05-01T09:00`. */
const momentField = (at: string | null, timeZone: string) =>
  at ? campWallClock(new Date(at), timeZone) : '';

/** The edit form starts from the saved session. */
export function sessionFormValues(session: HostCampSession): SessionFormValues {
  return {
    name: session.name,
    startDate: session.startDate ?? '',
    endDate: session.endDate ?? '',
    startTime: session.startTime ?? '',
    endTime: session.endTime ?? '',
    weekdays: (session.weekdays ?? []).map(String),
    price: priceFieldText(session.priceCents),
    capacity: String(session.capacity),
    allowsWaitlist: session.allowsWaitlist,
    registrationOpensAt: momentField(session.registrationOpensAt, session.timeZone),
    registrationClosesAt: momentField(session.registrationClosesAt, session.timeZone),
  };
}

/**
 * A new session starts from the camp's latest one (its price, places, hours and waitlist), with
 * its own name and dates left to the host.
 */
export function newSessionValues(latest: HostCampSession | undefined): SessionFormValues {
  const base = latest ? sessionFormValues(latest) : null;
  return {
    name: '',
    startDate: '',
    endDate: '',
    startTime: base?.startTime ?? '',
    endTime: base?.endTime ?? '',
    weekdays: base?.weekdays ?? [],
    price: base?.price ?? '',
    capacity: base?.capacity ?? '',
    allowsWaitlist: base?.allowsWaitlist ?? false,
    registrationOpensAt: '',
    registrationClosesAt: '',
  };
}

/** What the server reads: the form's text as it is, the chosen days as numbers. */
export function sessionRequest(values: SessionFormValues): SessionInput {
  return { ...values, weekdays: values.weekdays.map(Number) };
}

/** The contract's rules, one message beside each field; else what the server reads. */
export function checkSession(values: SessionFormValues): Checked<SessionInput, string> {
  const body = sessionRequest(values);
  return checkedBody(fieldErrors(schemaIssues(sessionBody, body), values, requiredLabels), () => body);
}

/** Whether `text` is `template` with its `{placeholders}` filled in. */
function fromTemplate(template: string, text: string): boolean {
  const pattern = template
    .split(/\{\w+\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.+');
  return new RegExp(`^${pattern}$`).test(text);
}

/** Refusals that are about one field, placed beside it: an overlap on the dates, places below those taken. */
const conflictFields: [template: string, field: keyof SessionFormValues][] = [
  [messages.sessionOverlaps, 'startDate'],
  [messages.sessionCapacityBelowTaken, 'capacity'],
];

/** The server's answer placed like the form's own checks; its message goes above when no field took it. */
export function sessionServerProblems(message: string, fields: Record<string, string> | undefined) {
  return placeServerProblems(
    message,
    fields,
    (name) => (fieldNames.has(name) ? name : undefined),
    (text) => conflictFields.find(([template]) => fromTemplate(template, text))?.[1],
  );
}
