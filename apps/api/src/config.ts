import { CLAIM_VIDEO_MAX_BYTES } from '@store/contract'
import { z } from 'zod'

const Flag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1')
const Limit = z.coerce.number().int().min(0)

const Environment = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z.url().startsWith('postgres').optional(),
    JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters.').optional(),
    SEED_DEMO: Flag.default(true),
    REQUIRE_STAFF_2FA: Flag.default(false),
    TOTP_ENCRYPTION_KEY: z.string().min(32, 'TOTP_ENCRYPTION_KEY must be at least 32 characters.').optional(),
    TOTP_ENCRYPTION_KEY_PREVIOUS: z
      .string()
      .min(32, 'TOTP_ENCRYPTION_KEY_PREVIOUS must be at least 32 characters.')
      .optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIST_DIR: z.string().optional(),
    PUBLIC_URL: z.url().startsWith('http').optional(),
    CORS_ORIGINS: z.string().optional(),
    TRUST_PROXY: z.string().optional(),
    RATE_LIMIT_LOGIN: Limit.default(10),
    RATE_LIMIT_REGISTER: Limit.default(20),
    RATE_LIMIT_MESSAGES: Limit.default(30),
    RATE_LIMIT_PASSWORD_RESET: Limit.default(5),
    RATE_LIMIT_PASSWORD_RESET_IP: Limit.default(20),
    RATE_LIMIT_TWO_FACTOR_ACCOUNT: Limit.default(20),
    RATE_LIMIT_COUPON_GUESSES: Limit.default(10),
    MEDIA_MAX_FILE_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(10 * 1024 * 1024),
    MEDIA_MAX_FILES: z.coerce.number().int().positive().default(10),
    MEDIA_MAX_PIXELS: z.coerce.number().int().positive().default(40_000_000),
    CLAIM_VIDEO_MAX_BYTES: z.coerce.number().int().positive().default(CLAIM_VIDEO_MAX_BYTES),
    BENCH_CEILING_FILE: z.string().optional(),
    MEDIA_STORAGE: z.enum(['disk', 's3']).default('disk'),
    S3_ENDPOINT: z.url().optional(),
    S3_BUCKET: z.string().optional(),
    S3_REGION: z.string().default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    S3_PUBLIC_URL: z.url().optional(),
    S3_FORCE_PATH_STYLE: Flag.default(true),
    METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters.').optional(),
    SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'SMTP_URL is smtp://… or smtps://…' }).optional(),
    MAIL_FROM: z.string().optional(),
    NOTIFY_WEBHOOK_URL: z.url({ protocol: /^https?$/ }).optional(),
    NOTIFY_WEBHOOK_SECRET: z
      .string()
      .min(16, 'NOTIFY_WEBHOOK_SECRET must be at least 16 characters.')
      .optional(),
    NOTIFY_LEASE_SECONDS: z.coerce.number().positive().default(120),
    NOTIFY_RETRY_SECONDS: z.coerce.number().positive().default(60),
    NOTIFY_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(10),
    // Set by npm to the directory it was started from; the CLI reads file arguments relative to it.
    INIT_CWD: z.string().optional(),
  })
  .superRefine((e, context) => {
    // One without the other would silently fall back to .eml files, or send from nobody.
    if (Boolean(e.SMTP_URL) !== Boolean(e.MAIL_FROM)) {
      const missing = e.SMTP_URL ? 'MAIL_FROM' : 'SMTP_URL'
      context.addIssue({
        code: 'custom',
        path: [missing],
        message: 'Set both SMTP_URL and MAIL_FROM or neither.',
      })
    }
    if (e.NOTIFY_WEBHOOK_URL && !e.NOTIFY_WEBHOOK_SECRET) {
      const message = 'Required with NOTIFY_WEBHOOK_URL: the gateway checks the signature with it.'
      context.addIssue({ code: 'custom', path: ['NOTIFY_WEBHOOK_SECRET'], message })
    }
    if (e.MEDIA_STORAGE !== 's3') return
    if (!e.S3_BUCKET)
      context.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'Required with MEDIA_STORAGE=s3.' })
    // Neither key: the AWS SDK's own chain (an instance role, ~/.aws); one without the other is a mistake.
    if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
      const missing = e.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'
      context.addIssue({ code: 'custom', path: [missing], message: 'Set both S3 keys or neither.' })
    }
  })

export type S3Settings = {
  /** Unset: AWS itself */
  endpoint: string | undefined
  bucket: string
  region: string
  /** Unset: the AWS SDK's default credential chain */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined
  /** Where browsers load images from directly (a CDN or public bucket); unset: our /media/ route */
  publicUrl: string | undefined
  forcePathStyle: boolean
}

export type NotificationSettings = {
  /** Unset: each mail is written as an .eml file under DATA_DIR/mail/ */
  smtp: { url: string; from: string } | undefined
  /** Unset: no webhook notifications are written */
  webhook: { url: string; secret: string } | undefined
  /** How long a worker may take to send a claimed notification before another may claim it */
  leaseMs: number
  /** The first retry's delay; each further one doubles it */
  retryMs: number
  /** Attempts before a notification is given up as failed */
  maxAttempts: number
}

/** Where customers reach the shop, for what has no request to take it from (mails). */
export const shopAddress = (config: Pick<Config, 'publicUrl' | 'port'>) =>
  config.publicUrl ?? `http://localhost:${config.port}`

/** What a start should warn of: settings a shop in production would regret leaving out. */
export function startWarnings(config: Pick<Config, 'env' | 'publicUrl' | 'port'>): string[] {
  return config.env === 'production' && !config.publicUrl
    ? [
        `PUBLIC_URL is not set: mails and texts will link to ${shopAddress(config)}, which customers cannot open. Set PUBLIC_URL to the shop's address (docs/configuration.md).`,
      ]
    : []
}

export type Config = {
  env: 'development' | 'production' | 'test'
  host: string
  port: number
  dataDir: string
  databaseUrl: string | undefined
  /** Resolved at start (see `resolveJwtSecret`); undefined until then */
  jwtSecret: string | undefined
  seedDemo: boolean
  /** Staff routes refuse staff who have not set up two-factor sign-in */
  requireStaff2fa: boolean
  /** Encrypts authenticator secrets at rest; unset: a key derived from the JWT secret */
  totpEncryptionKey: string | undefined
  /** The key that sealed authenticator secrets before TOTP_ENCRYPTION_KEY changed, until `keys:rotate` re-seals them */
  previousTotpEncryptionKey: string | undefined
  logLevel: string
  webDistDir: string | undefined
  /**
   * The shop's address, e.g. https://shop.example.com: canonical links, the sitemap and the links in
   * mails; unset: a page's own request address, and http://localhost:PORT in mails
   */
  publicUrl: string | undefined
  corsOrigins: string[]
  /** Addresses or CIDR ranges of the reverse proxies whose X-Forwarded-* headers are believed */
  trustProxy: string[]
  rateLimits: {
    login: number
    register: number
    messages: number
    /** Reset mails asked for one email from one address, and for any email from one address */
    passwordReset: number
    passwordResetPerIp: number
    /** Two-factor codes tried for one account, from any address */
    twoFactorPerAccount: number
    /** Coupon codes that do not work, tried by one account from one address */
    couponGuesses: number
  }
  media: { maxFileBytes: number; maxFiles: number; maxPixels: number }
  /** The largest video a claim may carry */
  claimVideoMaxBytes: number
  /** `npm run bench` only: serve the ceiling route from this file */
  benchCeilingFile: string | undefined
  mediaStorage: { kind: 'disk' } | ({ kind: 's3' } & S3Settings)
  /** Unset: no /metrics route */
  metricsToken: string | undefined
  notifications: NotificationSettings
  /** Directory relative file arguments of the CLI are resolved from */
  callerDir: string
}

/** Parses the environment once; on failure, lists every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable counts as unset (`DATABASE_URL= npm start` means the embedded database).
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''))
  const parsed = Environment.safeParse(given)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
    throw new Error(`Invalid environment:\n${lines.join('\n')}`)
  }
  const e = parsed.data
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET,
    seedDemo: e.SEED_DEMO,
    requireStaff2fa: e.REQUIRE_STAFF_2FA,
    totpEncryptionKey: e.TOTP_ENCRYPTION_KEY,
    previousTotpEncryptionKey: e.TOTP_ENCRYPTION_KEY_PREVIOUS,
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR,
    publicUrl: e.PUBLIC_URL && new URL(e.PUBLIC_URL).origin,
    corsOrigins: (e.CORS_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    trustProxy: (e.TRUST_PROXY ?? '')
      .split(',')
      .map((address) => address.trim())
      .filter(Boolean),
    rateLimits: {
      login: e.RATE_LIMIT_LOGIN,
      register: e.RATE_LIMIT_REGISTER,
      messages: e.RATE_LIMIT_MESSAGES,
      passwordReset: e.RATE_LIMIT_PASSWORD_RESET,
      passwordResetPerIp: e.RATE_LIMIT_PASSWORD_RESET_IP,
      twoFactorPerAccount: e.RATE_LIMIT_TWO_FACTOR_ACCOUNT,
      couponGuesses: e.RATE_LIMIT_COUPON_GUESSES,
    },
    media: {
      maxFileBytes: e.MEDIA_MAX_FILE_BYTES,
      maxFiles: e.MEDIA_MAX_FILES,
      maxPixels: e.MEDIA_MAX_PIXELS,
    },
    claimVideoMaxBytes: e.CLAIM_VIDEO_MAX_BYTES,
    benchCeilingFile: e.BENCH_CEILING_FILE,
    mediaStorage:
      e.MEDIA_STORAGE === 's3'
        ? {
            kind: 's3',
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET ?? '',
            region: e.S3_REGION,
            credentials:
              e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
                ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
                : undefined,
            publicUrl: e.S3_PUBLIC_URL?.replace(/\/+$/, ''),
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : { kind: 'disk' },
    metricsToken: e.METRICS_TOKEN,
    notifications: {
      smtp: e.SMTP_URL && e.MAIL_FROM ? { url: e.SMTP_URL, from: e.MAIL_FROM } : undefined,
      webhook:
        e.NOTIFY_WEBHOOK_URL && e.NOTIFY_WEBHOOK_SECRET
          ? { url: e.NOTIFY_WEBHOOK_URL, secret: e.NOTIFY_WEBHOOK_SECRET }
          : undefined,
      leaseMs: e.NOTIFY_LEASE_SECONDS * 1000,
      retryMs: e.NOTIFY_RETRY_SECONDS * 1000,
      maxAttempts: e.NOTIFY_MAX_ATTEMPTS,
    },
    callerDir: e.INIT_CWD ?? process.cwd(),
  }
}
