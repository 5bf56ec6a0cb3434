import { z } from 'zod';
import { emailField } from './email.ts';
import { messages } from './messages.ts';
import { optionalPhoneField, phoneField } from './phone.ts';
import { noControlCharacters } from './text.ts';

export const USER_TYPES = ['host', 'camper', 'admin'] as const;
export type UserType = (typeof USER_TYPES)[number];

export const PASSWORD_MIN_LENGTH = 8;
/** The tokens of reset and confirmation links: 32 random bytes, base64url. */
export const RESET_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32,128}$/;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 100;

// Control characters never belong in a name, and PostgreSQL text cannot store NUL at all:
// without this check a name containing one failed in the database with a 500.
const requiredText = (max: number, tooLong: string) =>
  z
    .string({ error: messages.requiredFields })
    .trim()
    .min(1, messages.requiredFields)
    .max(max, tooLong)
    .refine(noControlCharacters, messages.invalidInput);

export const nameField = requiredText(NAME_MAX_LENGTH, messages.nameTooLong);

/** Length rules for a new password; the common-password list is checked on the server. */
export const newPasswordField = z
  .string({ error: messages.passwordTooShort })
  .min(PASSWORD_MIN_LENGTH, messages.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, messages.passwordTooLong);

/** A password typed to prove who you are: only present and bounded. */
export const passwordField = z
  .string({ error: messages.requiredFields })
  .min(1, messages.requiredFields)
  .max(PASSWORD_MAX_LENGTH, messages.passwordTooLong);

export const hostRegisterBody = z.object({
  firstName: nameField,
  lastName: nameField,
  email: emailField,
  phone: optionalPhoneField,
  password: newPasswordField,
  userType: z.literal('host').optional(),
});
export type HostRegister = z.input<typeof hostRegisterBody>;

export const camperRegisterBody = z.object({
  firstName: nameField,
  lastName: nameField,
  email: emailField,
  phone: phoneField,
  password: newPasswordField,
  userType: z.literal('camper').optional(),
});
export type CamperRegister = z.input<typeof camperRegisterBody>;

/** The register forms add a confirmation that must match ('Passwords must match'). */
const confirmationMatches = (values: { password: string; confirmPassword: string }) =>
  values.password === values.confirmPassword;
const confirmationError = { message: messages.passwordsMustMatch, path: ['confirmPassword'] };
// Typed again, so required like the password itself: an empty one is missing, not mismatched.
const confirmationField = z.string().min(1, messages.requiredFields);

export const hostRegisterForm = hostRegisterBody
  .extend({ confirmPassword: confirmationField })
  .refine(confirmationMatches, confirmationError);
export const camperRegisterForm = camperRegisterBody
  .extend({ confirmPassword: confirmationField })
  .refine(confirmationMatches, confirmationError);

export const loginBody = z.object({ email: emailField, password: passwordField });
export type LoginBody = z.infer<typeof loginBody>;

export const tokenResponse = z.object({ data: z.object({ token: z.string() }) });

export const userDataSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  userType: z.enum(USER_TYPES),
  /** A new sign-in address waiting for its confirmation link; the e-mail above still signs in. */
  pendingEmail: z.string().nullable(),
});
export type UserData = z.infer<typeof userDataSchema>;

export const meResponse = z.object({ data: z.object({ userData: userDataSchema }) });

export const hostDetailsResponse = z.object({ data: userDataSchema });

/**
 * The current password, asked for when the sign-in e-mail changes (the server decides whether
 * it is needed); blank means not given.
 */
const currentPasswordForEmailChange = z
  .string({ error: messages.invalidInput })
  .max(PASSWORD_MAX_LENGTH, messages.passwordTooLong)
  .optional()
  .transform((value) => (value === '' ? undefined : value));

/** Host account details: first name, last name and e-mail required, phone optional. */
export const hostAccountBody = z.object({
  firstName: nameField,
  lastName: nameField,
  email: emailField,
  phone: optionalPhoneField,
  currentPassword: currentPasswordForEmailChange,
});
export type HostAccount = z.input<typeof hostAccountBody>;

export const camperAccountBody = z.object({
  firstName: nameField,
  lastName: nameField,
  email: emailField,
  phone: phoneField,
  currentPassword: currentPasswordForEmailChange,
});
export type CamperAccount = z.input<typeof camperAccountBody>;

/**
 * After an account update: the details. A new sign-in e-mail is not taken at once: it shows
 * as `pendingEmail` until the link sent to it is opened.
 */
export const accountUpdateResponse = z.object({ data: z.object({ userData: userDataSchema }) });

/** The confirmation link's token (the link sent to the new address). */
export const confirmEmailChangeBody = z.object({
  token: z
    .string({ error: messages.emailChangeLinkInvalid })
    .regex(RESET_TOKEN_PATTERN, messages.emailChangeLinkInvalid),
});
export const confirmEmailChangeResponse = z.object({
  data: z.object({ email: z.string(), userType: z.enum(USER_TYPES) }),
});

export const regenBody = z.object({ email: emailField });

export const passcheckBody = z.object({ password: passwordField });
export const passcheckResponse = z.object({ data: z.object({ isValid: z.boolean() }) });

export const changePasswordBody = z.object({
  currentPassword: passwordField,
  password: newPasswordField,
});
export type ChangePassword = z.infer<typeof changePasswordBody>;

/** The change-password form: all three fields, then the two new ones must match. */
const changePasswordFormField = z.string().min(1, messages.passwordFieldsRequired);
export const changePasswordForm = z
  .object({
    currentPassword: changePasswordFormField,
    password: changePasswordFormField,
    confirmPassword: changePasswordFormField,
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: messages.newPasswordsMustMatch,
    path: ['confirmPassword'],
  });

export const passwordResetRequestBody = z.object({ email: emailField });
export const passwordResetRequestResponse = z.object({ data: z.object({ requested: z.literal(true) }) });

export const passwordResetBody = z.object({
  token: z
    .string({ error: messages.resetTokenInvalid })
    .regex(RESET_TOKEN_PATTERN, messages.resetTokenInvalid),
  password: newPasswordField,
});
export const passwordResetResponse = z.object({
  data: z.object({ reset: z.literal(true), userType: z.enum(USER_TYPES) }),
});

/** The reset page: a new password typed twice. */
export const passwordResetForm = z
  .object({ password: newPasswordField, confirmPassword: confirmationField })
  .refine(confirmationMatches, confirmationError);

/** Whether a typed e-mail is another sign-in address than the current one (letter case aside). */
export function isNewEmail(current: string, typed: string): boolean {
  return current.trim().toLowerCase() !== typed.trim().toLowerCase();
}

/** The account details form: a new sign-in e-mail needs the current password beside it. */
export function accountDetailsForm(userType: 'host' | 'camper', currentEmail: string) {
  const body = userType === 'host' ? hostAccountBody : camperAccountBody;
  return body.superRefine((values, context) => {
    if (isNewEmail(currentEmail, values.email) && values.currentPassword === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['currentPassword'],
        message: messages.emailChangePasswordRequired,
      });
    }
  });
}
