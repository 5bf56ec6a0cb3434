import { z } from 'zod';
import { passwordField } from './accounts.ts';
import { messages } from './messages.ts';

export const RECOVERY_CODE_COUNT = 10;
/** Six digits from an authenticator app. */
export const AUTHENTICATOR_CODE_PATTERN = /^\d{6}$/;
/** Two groups of five base32 letters and digits, such as `k7p2q-x4m9t`. */
export const RECOVERY_CODE_PATTERN = /^[a-z2-7]{5}-[a-z2-7]{5}$/;

/** A recovery code as typed: any case, with or without its dash or spaces. */
export function normalizeRecoveryCode(typed: string): string {
  const compact = typed.replace(/[\s-]/g, '').toLowerCase();
  return compact.length === 10 ? `${compact.slice(0, 5)}-${compact.slice(5)}` : compact;
}

const typedCode = z
  .string({ error: messages.twoFactorCodeRequired })
  .max(40, messages.twoFactorCodeInvalid)
  .transform((typed) => typed.replace(/\s/g, ''));

/** The code of an authenticator app, spaces allowed (apps show `123 456`). */
export const authenticatorCodeField = typedCode.pipe(
  z
    .string()
    .min(1, messages.twoFactorCodeRequired)
    .regex(AUTHENTICATOR_CODE_PATTERN, messages.twoFactorCodeInvalid),
);

/** What proves the second factor: an authenticator code, or one of the recovery codes. */
export const secondFactorCodeField = typedCode
  .pipe(z.string().min(1, messages.twoFactorCodeRequired))
  .transform((code) => (AUTHENTICATOR_CODE_PATTERN.test(code) ? code : normalizeRecoveryCode(code)))
  .refine(
    (code) => AUTHENTICATOR_CODE_PATTERN.test(code) || RECOVERY_CODE_PATTERN.test(code),
    messages.twoFactorCodeInvalid,
  );

/** A ticket from the password step: a compact JWT. */
const ticketField = z
  .string({ error: messages.twoFactorSignInExpired })
  .max(2000, messages.twoFactorSignInExpired)
  .regex(/^[\w-]+\.[\w-]+\.[\w-]+$/, messages.twoFactorSignInExpired);

/**
 * The answer of a login: a session token, or (the password was right) a ticket for the second
 * step: `code` asks for an authenticator or recovery code, `enrol` (administrators without an
 * authenticator) for setting one up first.
 */
export const loginResponse = z.object({
  data: z.union([
    z.object({ token: z.string() }),
    z.object({ secondFactor: z.enum(['code', 'enrol']), ticket: z.string() }),
  ]),
});
export type LoginAnswer = z.infer<typeof loginResponse>['data'];

export const secondFactorBody = z.object({ ticket: ticketField, code: secondFactorCodeField });
export type SecondFactorBody = z.input<typeof secondFactorBody>;

export const enrolmentBody = z.object({ ticket: ticketField });
export const enrolmentConfirmBody = z.object({ ticket: ticketField, code: authenticatorCodeField });

/** What an authenticator app needs: the secret as text, and the same as an otpauth:// QR code. */
export const authenticatorSetupSchema = z.object({
  secret: z.string(),
  otpauthUri: z.string(),
  qrSvg: z.string(),
});
export type AuthenticatorSetup = z.infer<typeof authenticatorSetupSchema>;
export const authenticatorSetupResponse = z.object({ data: authenticatorSetupSchema });

/** Enrolment done at sign-in: the session, and the recovery codes, shown this once. */
export const enrolmentConfirmResponse = z.object({
  data: z.object({ token: z.string(), recoveryCodes: z.array(z.string()) }),
});

export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** Administrators cannot turn it off. */
  required: z.boolean(),
  /**
   * Off, and asked of this account: an organisation's owner or manager, who sees families'
   * payments or health details (decision 057). Staff may turn it on; nobody is made to.
   */
  asked: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;
export const twoFactorStatusResponse = z.object({ data: twoFactorStatusSchema });

/** Starting a setup from account settings takes the password: a stolen session alone cannot. */
export const beginSetupBody = z.object({ password: passwordField });
export type BeginSetup = z.input<typeof beginSetupBody>;

export const confirmSetupBody = z.object({ code: authenticatorCodeField });
export const recoveryCodesResponse = z.object({ data: z.object({ recoveryCodes: z.array(z.string()) }) });

/** What a serious change to two-factor sign-in takes: the password and a code (or recovery code). */
const passwordAndCodeBody = z.object({ password: passwordField, code: secondFactorCodeField });

export const disableTwoFactorBody = passwordAndCodeBody;
export type DisableTwoFactor = z.input<typeof disableTwoFactorBody>;

/** New recovery codes for old ones: the password and a code, as for turning two-factor off. */
export const renewRecoveryCodesBody = passwordAndCodeBody;
export type RenewRecoveryCodes = z.input<typeof renewRecoveryCodesBody>;
