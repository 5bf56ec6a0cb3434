import { formatDate } from '@campwise/contract/format';
import { compose } from './compose.ts';
import type { MailMessage } from './service.ts';

/** What every day-of-camp e-mail names: the family, the child, the camp and the day. */
export interface AttendanceMailFacts {
  to: string;
  parentFirstName: string;
  childFirstName: string;
  campName: string;
  sessionName: string;
  day: string;
  childUrl: string;
  /** Who tapped: the team member's name. */
  staffName: string;
}

const dayText = (day: string) => formatDate(day, { weekday: 'long' });
const where = (facts: AttendanceMailFacts) => `${facts.campName} (${facts.sessionName})`;
const action = (facts: AttendanceMailFacts) => ({
  label: 'See who may collect your child',
  url: facts.childUrl,
});

export function checkedInMail(facts: AttendanceMailFacts): MailMessage {
  return compose(
    facts.to,
    `${facts.childFirstName} is checked in at ${facts.campName}`,
    `Hi ${facts.parentFirstName},`,
    [
      `${facts.childFirstName} was checked in at ${where(facts)} on ${dayText(facts.day)} by ${facts.staffName}.`,
    ],
    action(facts),
  );
}

export function collectedMail(
  facts: AttendanceMailFacts,
  adult: { name: string; relationship: string },
): MailMessage {
  return compose(
    facts.to,
    `${facts.childFirstName} was collected from ${facts.campName}`,
    `Hi ${facts.parentFirstName},`,
    [
      `${facts.childFirstName} was checked out of ${where(facts)} on ${dayText(facts.day)} by ${facts.staffName} and collected by ${adult.name} (${adult.relationship}).`,
    ],
    action(facts),
  );
}

export function pickupRefusedMail(facts: AttendanceMailFacts, name: string): MailMessage {
  return compose(
    facts.to,
    `A pickup of ${facts.childFirstName} was refused at ${facts.campName}`,
    `Hi ${facts.parentFirstName},`,
    [
      `Someone who gave the name “${name}” asked to collect ${facts.childFirstName} from ${where(facts)} on ${dayText(facts.day)}. They are not on your list of pickup adults, so ${facts.staffName} did not let ${facts.childFirstName} go with them.`,
      `${facts.childFirstName} stays at camp until an adult on your list arrives. Add an adult to the list on ${facts.childFirstName}'s page if you want them to be able to collect.`,
    ],
    action(facts),
  );
}
