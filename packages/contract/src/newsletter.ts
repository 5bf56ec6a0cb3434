import { z } from 'zod';
import { emailField } from './email.ts';

export const newsletterSignupBody = z.object({ email: emailField });
export type NewsletterSignup = z.infer<typeof newsletterSignupBody>;

export const newsletterSignupResponse = z.object({
  data: z.object({ subscribed: z.literal(true) }),
});
