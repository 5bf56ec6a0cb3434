import { resolve } from 'node:path';
import { feeBasisPoints } from '@campwise/contract/payouts';
import { z } from 'zod';

/** Unset and empty mean the same: not configured. */
const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value === '' ? undefined : value));

const optionalUrl = optionalText.pipe(z.url().optional());

/** One or more `id:secret` pairs: ids of letters and digits, secrets of 32 or more characters. */
const HEALTH_DATA_KEYS_PATTERN = /^[a-z0-9]{1,16}:[^,:\s]{32,}(,[a-z0-9]{1,16}:[^,:\s]{32,})*$/;
const HEALTH_DATA_KEYS_PROBLEM = 'use id:secret pairs, comma separated, each secret 32 or more characters';

/** A key id names one key; two keys under one id could not both open what they sealed. */
function distinctKeyIds(value: string | undefined): boolean {
  if (value === undefined) return true;
  const ids = parseHealthDataKeys(value).map((key) => key.id);
  return new Set(ids).size === ids.length;
}

export function parseHealthDataKeys(value: string): { id: string; secret: string }[] {
  return value.split(',').map((pair) => {
    const [id = '', secret = ''] = pair.split(':');
    return { id, secret };
  });
}

/** Every environment variable the server reads, with the embedded defaults of docs/design.md, section 1. */
const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl,
  PUBLIC_URL: optionalUrl,
  WEB_DIST_DIR: optionalText,
  MAILING_LIST_WEBHOOK_URL: optionalUrl,
  JWT_SECRET: optionalText,
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Campwise <no-reply@campwise.example>'),
  REDIS_URL: optionalUrl,
  TRUST_PROXY: z
    .enum(['true', 'false', ''])
    .default('false')
    .transform((value) => value === 'true'),
  /**
   * Sign-ups, sign-ins and password resets one address may try in 15 minutes. Raise it when many
   * people share one address (a school, an office behind one NAT), or for a test run's browser.
   */
  AUTH_ATTEMPTS_PER_IP: z.coerce.number().int().min(1).max(1_000_000).default(100),
  /** Public searches one address may run in a minute; far above what a person types. */
  SEARCH_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).max(10_000_000).default(300),
  /**
   * How long a public answer (camp and organization profile, search) is kept and sent again, in
   * ms: places left are never older than this on any instance (decision 037). 0 reads every time.
   */
  PUBLIC_ANSWER_TTL_MS: z.coerce.number().int().min(0).max(10_000).default(2000),
  /** How long one search may run on PostgreSQL before it is cancelled (the embedded database has no timer). */
  SEARCH_TIMEOUT_MS: z.coerce.number().int().min(1).max(600_000).default(3000),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_PRICE_ID: optionalText,
  STRIPE_PUBLISHABLE_KEY: optionalText,
  S3_BUCKET: optionalText,
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: optionalUrl,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_PUBLIC_URL: optionalUrl,
  JOB_INTERVAL_MS: z.coerce.number().int().min(100).default(5000),
  JOB_RUN_EXPIRY_SECONDS: z.coerce.number().int().min(1).max(3600).default(20),
  PAYMENT_RECONCILE_AFTER_MS: z.coerce.number().int().min(1000).default(120_000),
  /** The platform's fee on every charge for places, in percent (two decimals at most). */
  PLATFORM_FEE_PERCENT: z.coerce
    .number()
    .min(0)
    .max(50)
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'at most two decimals')
    .default(5),
  /** Whether a refund gives back the platform's fee in proportion (true) or the platform keeps it. */
  PLATFORM_FEE_REFUNDED: z
    .enum(['true', 'false', ''])
    .default('true')
    .transform((value) => value !== 'false'),
  /** How often the built-in test processor pays a connected account's balance out. */
  TEST_PAYOUT_INTERVAL_DAYS: z.coerce.number().int().min(1).max(31).default(7),
  /**
   * Keys that seal children's health profiles (docs/decisions/028): `id:secret` pairs, comma
   * separated, the first sealing new data and all of them opening old data.
   */
  HEALTH_DATA_KEYS: optionalText.pipe(
    z
      .string()
      .regex(HEALTH_DATA_KEYS_PATTERN, HEALTH_DATA_KEYS_PROBLEM)
      .refine(distinctKeyIds, 'each key id may appear once')
      .optional(),
  ),
  DEMO_DATA: z.enum(['auto', 'off']).default('auto'),
  SUPPORT_EMAIL: z.email().default('support@campwise.example'),
  INFO_EMAIL: z.email().default('info@campwise.example'),
  PRIVACY_EMAIL: z.email().default('privacy@campwise.example'),
  PLAN_NAME: z.string().default('Campwise Host'),
  PLAN_PRICE_CENTS: z.coerce.number().int().min(0).default(2900),
  PLAN_INTERVAL: z.enum(['month', 'year']).default('month'),
  SOCIAL_FACEBOOK_URL: z.url().default('https://www.facebook.com/campwise'),
  SOCIAL_INSTAGRAM_URL: z.url().default('https://www.instagram.com/campwise'),
  EXPLAINER_VIDEO_CAMP_URL: optionalUrl,
  EXPLAINER_VIDEO_CAMPER_URL: optionalUrl,
  /** A MapLibre style (as OpenStreetMap-based tile providers offer); without it search has no map. */
  MAP_STYLE_URL: optionalUrl,
});

export type DatabaseConfig = { kind: 'pglite'; dataDir: string | null } | { kind: 'postgres'; url: string };

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  logLevel: string;
  dataDir: string;
  database: DatabaseConfig;
  publicUrl: string;
  webDistDir: string | null;
  mailingListWebhookUrl: string | null;
  /** Null means: generate one and keep it in DATA_DIR (refused in production). */
  jwtSecret: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  redisUrl: string | null;
  trustProxy: boolean;
  authAttemptsPerIp: number;
  searchRequestsPerMinute: number;
  publicAnswerTtlMs: number;
  searchTimeoutMs: number;
  /** An S3-compatible bucket for uploads when configured; otherwise DATA_DIR/uploads. */
  s3: {
    bucket: string;
    region: string;
    endpoint: string | null;
    accessKeyId: string | null;
    secretAccessKey: string | null;
    publicUrl: string;
  } | null;
  /** Stripe when configured; otherwise the built-in test processor. */
  stripe: { secretKey: string; webhookSecret: string; priceId: string; publishableKey: string } | null;
  jobIntervalMs: number;
  /** How long a background job's run may stay active before the queue runs it again (a crashed instance's run). */
  jobRunExpirySeconds: number;
  /** How old a pending payment must be before reconciliation settles it (the request may still be running). */
  paymentReconcileAfterMs: number;
  /** What the platform keeps of each charge (docs/decisions/027). */
  platformFee: { basisPoints: number; refunded: boolean };
  testPayoutIntervalDays: number;
  /** 'auto': the first start of an empty embedded database loads the demo data; 'off': never. */
  demoData: 'auto' | 'off';
  /** Health data keys, the sealing one first; null: one key derived from the application secret. */
  healthDataKeys: { id: string; secret: string }[] | null;
  site: {
    planName: string;
    planPriceCents: number;
    planInterval: 'month' | 'year';
    supportEmail: string;
    infoEmail: string;
    privacyEmail: string;
    socialLinks: { facebook: string; instagram: string };
    explainerVideos: { camp: string | null; camper: string | null };
    mapStyleUrl: string | null;
  };
}

export class ConfigError extends Error {}

/** A JWT secret shorter than this, or made of fewer distinct characters, is too weak for production. */
export const JWT_SECRET_MIN_LENGTH = 32;
export const JWT_SECRET_MIN_DISTINCT_CHARACTERS = 10;

type Environment = z.output<typeof environmentSchema>;

/**
 * What production needs beyond a valid environment: a strong signing secret, real payments and
 * real mail. The embedded stand-ins are fine on a laptop, never in front of customers.
 */
function productionProblems(e: Environment): string[] {
  const problems: string[] = [];
  const secret = e.JWT_SECRET;
  if (!secret) {
    problems.push('JWT_SECRET: required when NODE_ENV=production');
  } else if (
    secret.length < JWT_SECRET_MIN_LENGTH ||
    new Set(secret).size < JWT_SECRET_MIN_DISTINCT_CHARACTERS
  ) {
    problems.push(
      `JWT_SECRET: too weak; use at least ${JWT_SECRET_MIN_LENGTH} random characters ` +
        `(${JWT_SECRET_MIN_DISTINCT_CHARACTERS} or more different ones), e.g. from \`openssl rand -base64 48\``,
    );
  }
  if (!e.STRIPE_SECRET_KEY) {
    problems.push(
      'STRIPE_SECRET_KEY: required when NODE_ENV=production; without it payments would go to the built-in test processor',
    );
  }
  if (!e.SMTP_URL) {
    problems.push('SMTP_URL: required when NODE_ENV=production; without it no e-mail would be sent');
  }
  return problems;
}

/** Reads and validates the environment; throws a ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // `PORT=` in an env file must mean the default, not a number coerced from '' (port 0, a free plan).
  const set = Object.fromEntries(Object.entries(env).filter(([, value]) => value?.trim()));
  const parsed = environmentSchema.safeParse(set);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  if (e.STRIPE_SECRET_KEY && (!e.STRIPE_WEBHOOK_SECRET || !e.STRIPE_PRICE_ID || !e.STRIPE_PUBLISHABLE_KEY)) {
    throw new ConfigError(
      'Invalid configuration:\n  STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_ID and STRIPE_PUBLISHABLE_KEY: required with STRIPE_SECRET_KEY',
    );
  }
  const productionGaps = e.NODE_ENV === 'production' ? productionProblems(e) : [];
  if (productionGaps.length > 0) {
    throw new ConfigError(`Refusing to start in production:\n  ${productionGaps.join('\n  ')}`);
  }
  // npm runs workspace scripts inside the package; a relative DATA_DIR means the caller's folder.
  const dataDir = resolve(env.INIT_CWD ?? process.cwd(), e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    logLevel: e.LOG_LEVEL,
    dataDir,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'pglite', dataDir: resolve(dataDir, 'pglite') },
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    webDistDir: e.WEB_DIST_DIR ? resolve(env.INIT_CWD ?? process.cwd(), e.WEB_DIST_DIR) : null,
    mailingListWebhookUrl: e.MAILING_LIST_WEBHOOK_URL ?? null,
    jwtSecret: e.JWT_SECRET ?? null,
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    redisUrl: e.REDIS_URL ?? null,
    trustProxy: e.TRUST_PROXY,
    authAttemptsPerIp: e.AUTH_ATTEMPTS_PER_IP,
    searchRequestsPerMinute: e.SEARCH_REQUESTS_PER_MINUTE,
    publicAnswerTtlMs: e.PUBLIC_ANSWER_TTL_MS,
    searchTimeoutMs: e.SEARCH_TIMEOUT_MS,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT ?? null,
          accessKeyId: e.S3_ACCESS_KEY_ID ?? null,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? null,
          publicUrl: (
            e.S3_PUBLIC_URL ??
            (e.S3_ENDPOINT
              ? `${e.S3_ENDPOINT.replace(/\/$/, '')}/${e.S3_BUCKET}`
              : `https://${e.S3_BUCKET}.s3.${e.S3_REGION}.amazonaws.com`)
          ).replace(/\/$/, ''),
        }
      : null,
    stripe: e.STRIPE_SECRET_KEY
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? '',
          priceId: e.STRIPE_PRICE_ID ?? '',
          publishableKey: e.STRIPE_PUBLISHABLE_KEY ?? '',
        }
      : null,
    jobIntervalMs: e.JOB_INTERVAL_MS,
    jobRunExpirySeconds: e.JOB_RUN_EXPIRY_SECONDS,
    paymentReconcileAfterMs: e.PAYMENT_RECONCILE_AFTER_MS,
    platformFee: { basisPoints: feeBasisPoints(e.PLATFORM_FEE_PERCENT), refunded: e.PLATFORM_FEE_REFUNDED },
    testPayoutIntervalDays: e.TEST_PAYOUT_INTERVAL_DAYS,
    demoData: e.DEMO_DATA,
    healthDataKeys: e.HEALTH_DATA_KEYS ? parseHealthDataKeys(e.HEALTH_DATA_KEYS) : null,
    site: {
      planName: e.PLAN_NAME,
      planPriceCents: e.PLAN_PRICE_CENTS,
      planInterval: e.PLAN_INTERVAL,
      supportEmail: e.SUPPORT_EMAIL,
      infoEmail: e.INFO_EMAIL,
      privacyEmail: e.PRIVACY_EMAIL,
      socialLinks: { facebook: e.SOCIAL_FACEBOOK_URL, instagram: e.SOCIAL_INSTAGRAM_URL },
      explainerVideos: {
        camp: e.EXPLAINER_VIDEO_CAMP_URL ?? null,
        camper: e.EXPLAINER_VIDEO_CAMPER_URL ?? null,
      },
      mapStyleUrl: e.MAP_STYLE_URL ?? null,
    },
  };
}
