import type { QuoteLine } from '@campwise/contract/baskets';
import type { RegistrationOptions, RegistrationOutcome } from '@campwise/contract/registrations';
import { namesText, registeredText, waitlistJoinedText } from '../registrations/registration-text.ts';

type Placement = 'place' | 'waitlist';

/**
 * The confirmation's sentence for a basket: who is registered where and what was charged, and
 * who joined which waitlist. Children and sessions in the page's order.
 */
export function basketDoneText(
  options: RegistrationOptions,
  outcome: RegistrationOutcome,
  sentLines: Pick<QuoteLine, 'childId' | 'sessionId' | 'placement'>[],
): string {
  // An answer replayed for a retried attempt may leave out its lines: the ones sent stand in.
  const lines = outcome.lines ?? sentLines;
  const namesOf = (placement: Placement) =>
    options.children
      .filter((child) => lines.some((line) => line.childId === child.id && line.placement === placement))
      .map((child) => child.firstName);
  const sessionsOf = (placement: Placement) =>
    options.sessions
      .filter((session) =>
        lines.some((line) => line.sessionId === session.id && line.placement === placement),
      )
      .map((session) => session.name);
  const campLabel = (placement: Placement) =>
    options.sessions.length > 1
      ? `${options.campName}, ${namesText(sessionsOf(placement))}`
      : options.campName;

  if (outcome.status === 'waitlisted') return waitlistJoinedText(namesOf('waitlist'), campLabel('waitlist'));
  const registered = registeredText(namesOf('place'), campLabel('place'), outcome.amountCents);
  const waiting = namesOf('waitlist');
  return waiting.length === 0
    ? registered
    : `${registered} ${namesText(waiting)} joined the waitlist for ${namesText(sessionsOf('waitlist'))}, free of charge.`;
}
