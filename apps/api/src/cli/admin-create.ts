// Creates an administrator, or resets the password of an existing one:
//   npm run admin:create -- --email admin@example.com --password '...'
// Administrators sign in with an authenticator app too: the first sign-in at /admin/login sets
// one up. `--totp-secret <base32>` sets the secret now instead (for provisioning and tests) and
// prints its otpauth:// address and recovery codes; `--reset-two-factor` removes the
// authenticator (a lost phone and lost recovery codes), so the next sign-in sets up a new one.
import { parseArgs } from 'node:util';
import { newPasswordField } from '@campwise/contract/accounts';
import { emailField } from '@campwise/contract/email';
import { and, eq, sql } from 'drizzle-orm';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { provisionSecret, removeTwoFactor, TOTP_ISSUER } from '../modules/two-factor/index.ts';
import { hashPassword, isCommonPassword } from '../platform/passwords.ts';
import { SecretBox } from '../platform/secret-box.ts';
import { resolveJwtSecret } from '../platform/tokens.ts';
import { base32Decode, otpauthUri } from '../platform/totp.ts';
import { prepareDatabase } from '../prepare-database.ts';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    'first-name': { type: 'string', default: 'Campwise' },
    'last-name': { type: 'string', default: 'Administrator' },
    'totp-secret': { type: 'string' },
    'reset-two-factor': { type: 'boolean', default: false },
  },
});

const email = emailField.safeParse(values.email);
if (!email.success) fail(`--email: ${email.error.issues[0]?.message}`);
const password = newPasswordField.safeParse(values.password);
if (!password.success) fail(`--password: ${password.error.issues[0]?.message}`);
if (isCommonPassword(password.data)) fail('--password: this password is too common; choose another one.');
const totpSecret = values['totp-secret']?.replace(/\s/g, '').toUpperCase();
// RFC 4226 asks for at least 128 bits of secret.
if (totpSecret !== undefined && (base32Decode(totpSecret)?.length ?? 0) < 16) {
  fail('--totp-secret: give a base32 secret of at least 26 characters (128 bits).');
}
if (totpSecret !== undefined && values['reset-two-factor']) {
  fail('--totp-secret and --reset-two-factor cannot be used together.');
}

const config = loadConfig();
const handle = openDatabase(config.database);
try {
  await prepareDatabase(handle);
  const passwordHash = await hashPassword(password.data);
  const [existing] = await handle.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.userType, 'admin'), sql`lower(${users.email}) = lower(${email.data})`));
  let adminId: number;
  if (existing) {
    adminId = existing.id;
    await handle.db
      .update(users)
      .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
      .where(eq(users.id, existing.id));
    console.info(`Administrator ${email.data}: password reset.`);
  } else {
    const [created] = await handle.db
      .insert(users)
      .values({
        userType: 'admin',
        email: email.data,
        firstName: values['first-name'] ?? 'Campwise',
        lastName: values['last-name'] ?? 'Administrator',
        passwordHash,
      })
      .returning({ id: users.id });
    if (!created) throw new Error('insert returned no row');
    adminId = created.id;
    console.info(`Administrator ${email.data}: created. Sign in at /admin/login.`);
  }
  if (values['reset-two-factor']) {
    await removeTwoFactor(handle.db, adminId);
    console.info('Two-factor sign-in removed: the next sign-in sets up a new authenticator app.');
  } else if (totpSecret !== undefined) {
    const secretBox = new SecretBox(resolveJwtSecret(config));
    const recoveryCodes = await provisionSecret({ db: handle.db, secretBox }, adminId, totpSecret);
    console.info(`Authenticator app: add ${otpauthUri(totpSecret, TOTP_ISSUER, email.data)}`);
    console.info(`Recovery codes (each signs in once; keep them safe): ${recoveryCodes.join(' ')}`);
  } else {
    console.info('The first sign-in sets up an authenticator app for two-factor sign-in.');
  }
} finally {
  await handle.close();
}
