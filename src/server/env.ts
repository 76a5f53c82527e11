import { z } from 'zod';
import { isTimeZone } from '../shared/dates.ts';

// The only place that reads process.env: everything else receives a parsed, typed Env.
const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z.string().optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
    DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(5_000),
    DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
    // An empty value (PUBLIC_URL= in a file of settings) means unset.
    PUBLIC_URL: z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional()),
    JWT_SECRET: z.string().min(32).optional(),
    ACCESS_TOKEN_TTL_SECONDS: z.coerce
      .number()
      .int()
      .positive()
      .default(15 * 60),
    REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().positive().default(30),
    ADMIN_EMAIL: z.string().email().default('admin@isotope.lab'),
    ADMIN_PASSWORD: z.string().min(8).optional(),
    SMTP_URL: z.string().optional(),
    MAIL_FROM: z.string().default('Isotope Lab <no-reply@isotope.lab>'),
    /** The laboratory's name as its certificates, mails and Guidelines give it (laboratory.ts). */
    LAB_NAME: z.string().trim().min(2).max(120).default('Isotope Lab'),
    /** The laboratory's customer-service contact, named on the order form and in booking mail. */
    LAB_CONTACT_EMAIL: z.string().email().default('service@isotope.lab'),
    LAB_CONTACT_PHONE: z.string().min(3).max(40).default('+84 28 3822 0000'),
    /** The laboratory's address as its certificates print it (ISO/IEC 17025 §7.8.2.1 b). */
    LAB_ADDRESS: z.string().min(3).max(300).default('12 Nguyen Hue, District 1, Ho Chi Minh City, Vietnam'),
    /**
     * The laboratory's time zone (IANA): every date and time the product prints, mails, files or
     * filters on is the laboratory's, not UTC's and not the reader's browser's.
     */
    LAB_TIME_ZONE: z
      .string()
      .trim()
      .default('Asia/Ho_Chi_Minh')
      .refine(isTimeZone, 'LAB_TIME_ZONE must be an IANA time zone such as Asia/Ho_Chi_Minh'),
    /**
     * The secret the chain of custody is sealed with (HMAC-SHA-256), kept outside the database so that
     * someone who can write to the database cannot re-seal an edited chain. Unset: a key is generated
     * on first start into AUDIT_CHAIN_KEY_FILE and read from there afterwards.
     */
    AUDIT_CHAIN_KEY: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.string().min(32, 'AUDIT_CHAIN_KEY must be at least 32 characters').optional(),
    ),
    /**
     * Where a generated chain key is kept: beside the data, never inside DATA_DIR (a restore moves
     * that aside) nor the database (its backups must not carry the key).
     */
    AUDIT_CHAIN_KEY_FILE: z.string().default('./audit-chain.key'),
    /** Where the chain's daily anchor (its head hash and record count) is mailed; unset: logged only. */
    AUDIT_ANCHOR_EMAIL: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.string().email('AUDIT_ANCHOR_EMAIL must be an e-mail address').optional(),
    ),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Deprecated: TRUST_PROXY=true means one trusted proxy (TRUSTED_PROXIES=1). */
    TRUST_PROXY: z
      .enum(['true', 'false', '1', '0'])
      .default('false')
      .transform((v) => v === 'true' || v === '1'),
    /**
     * How many reverse proxies in front of the server append to X-Forwarded-For. The caller's
     * address is the hop that many places from the right; anything further left the caller wrote.
     */
    TRUSTED_PROXIES: z.coerce.number().int().min(0).max(10).optional(),
    STATIC_DIR: z.string().default('./dist'),
    // Operations: /metrics is served only with a token to ask for; errors are reported only with a DSN.
    METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
    SENTRY_DSN: z.string().url().optional(),
    SENTRY_ENVIRONMENT: z.string().optional(),
    /** The commit this build is from (CI or the image sets it); part of the reported release. */
    GIT_COMMIT: z.string().max(64).optional(),
    /** How long a stopping server lets requests in flight finish before it closes anyway. */
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(20_000),
    /** Without PUBLIC_URL: the host names a request may use for the links it causes (mail, certificates). */
    ALLOWED_HOSTS: z
      .string()
      .default('localhost,127.0.0.1,[::1]')
      .transform((v) =>
        v
          .split(',')
          .map((h) => h.trim().toLowerCase())
          .filter(Boolean),
      ),
    // Web Push: both keys (URL-safe base64, as web-push generates them) or neither, and then a pair
    // is generated once and kept in the database.
    VAPID_PUBLIC_KEY: z.string().min(80).optional(),
    VAPID_PRIVATE_KEY: z.string().min(40).optional(),
    /**
     * The laboratory's key and certificate for signing certificates of analysis: a PKCS#12 (.p12/.pfx)
     * file and its passphrase. Unset: a self-signed certificate is made on first start and kept.
     */
    CERTIFICATE_SIGNING_P12: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
    CERTIFICATE_SIGNING_PASSWORD: z.string().default(''),
    /** A PDF (certificate, custody record, labels) that takes longer to draw is refused (503 pdfTooSlow). */
    PDF_RENDER_SECONDS: z.coerce.number().positive().max(600).default(20),
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:|https:\/\/)/, 'VAPID_SUBJECT must be a mailto: or https: URL')
      .optional(),
    // Push services are reached over https only; http endpoints are for a push service on a test bench.
    PUSH_ALLOW_HTTP_ENDPOINTS: z
      .enum(['true', 'false', '1', '0'])
      .default('false')
      .transform((v) => v === 'true' || v === '1'),
  })
  .superRefine((env, ctx) => {
    // Links in mail and on certificates must not follow a request's Host header in production.
    if (env.NODE_ENV === 'production' && !env.PUBLIC_URL)
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message: 'PUBLIC_URL is required when NODE_ENV=production',
      });
  });

export type Env = Omit<z.infer<typeof envSchema>, 'TRUSTED_PROXIES'> & { TRUSTED_PROXIES: number };

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const { TRUSTED_PROXIES, TRUST_PROXY, VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY } = parsed.data;
  if (Boolean(VAPID_PUBLIC_KEY) !== Boolean(VAPID_PRIVATE_KEY)) {
    throw new Error('Invalid configuration:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together or not at all');
  }
  return { ...parsed.data, TRUSTED_PROXIES: TRUSTED_PROXIES ?? (TRUST_PROXY ? 1 : 0) };
}
