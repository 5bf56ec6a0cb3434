// Creates an administrator, or resets the password of an existing one:
//   npm run admin:create -- --email admin@example.com --password '...'
import { parseArgs } from 'node:util';
import { newPasswordField } from '@campwise/contract/accounts';
import { emailField } from '@campwise/contract/email';
import { and, eq, sql } from 'drizzle-orm';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { prepareDatabase } from '../db/setup.ts';
import { hashPassword, isCommonPassword } from '../platform/passwords.ts';

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
  },
});

const email = emailField.safeParse(values.email);
if (!email.success) fail(`--email: ${email.error.issues[0]?.message}`);
const password = newPasswordField.safeParse(values.password);
if (!password.success) fail(`--password: ${password.error.issues[0]?.message}`);
if (isCommonPassword(password.data)) fail('--password: this password is too common; choose another one.');

const handle = openDatabase(loadConfig().database);
try {
  await prepareDatabase(handle);
  const passwordHash = await hashPassword(password.data);
  const [existing] = await handle.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.userType, 'admin'), sql`lower(${users.email}) = lower(${email.data})`));
  if (existing) {
    await handle.db
      .update(users)
      .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
      .where(eq(users.id, existing.id));
    console.info(`Administrator ${email.data}: password reset.`);
  } else {
    await handle.db.insert(users).values({
      userType: 'admin',
      email: email.data,
      firstName: values['first-name'] ?? 'Campwise',
      lastName: values['last-name'] ?? 'Administrator',
      passwordHash,
    });
    console.info(`Administrator ${email.data}: created. Sign in at /admin/login.`);
  }
} finally {
  await handle.close();
}
