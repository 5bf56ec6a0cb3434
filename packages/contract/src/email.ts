import { z } from 'zod';
import { messages } from './messages.ts';

export const EMAIL_MAX_LENGTH = 254;

/** An e-mail address as typed by a person: trimmed, then checked. Shared by every form. */
export const emailField = z
  .string({ error: (issue) => (issue.input === undefined ? messages.emailRequired : messages.invalidEmail) })
  .trim()
  .min(1, messages.emailRequired)
  .max(EMAIL_MAX_LENGTH, messages.invalidEmail)
  .pipe(z.email({ error: messages.invalidEmail }));
