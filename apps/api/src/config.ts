import { z } from 'zod'

const Flag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1')
const Limit = z.coerce.number().int().min(0)

const Environment = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.url().startsWith('postgres').optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters.').optional(),
  SEED_DEMO: Flag.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  CORS_ORIGINS: z.string().optional(),
  RATE_LIMIT_LOGIN: Limit.default(10),
  RATE_LIMIT_REGISTER: Limit.default(20),
  RATE_LIMIT_MESSAGES: Limit.default(30),
  MEDIA_MAX_FILE_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 1024 * 1024),
  MEDIA_MAX_FILES: z.coerce.number().int().positive().default(10),
  MEDIA_MAX_PIXELS: z.coerce.number().int().positive().default(40_000_000),
  BENCH_CEILING_FILE: z.string().optional(),
})

export type Config = {
  env: 'development' | 'production' | 'test'
  host: string
  port: number
  dataDir: string
  databaseUrl: string | undefined
  /** Resolved at start (see `resolveJwtSecret`); undefined until then */
  jwtSecret: string | undefined
  seedDemo: boolean
  logLevel: string
  webDistDir: string | undefined
  corsOrigins: string[]
  rateLimits: { login: number; register: number; messages: number }
  media: { maxFileBytes: number; maxFiles: number; maxPixels: number }
  /** `npm run bench` only: serve the ceiling route from this file */
  benchCeilingFile: string | undefined
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
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR,
    corsOrigins: (e.CORS_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    rateLimits: {
      login: e.RATE_LIMIT_LOGIN,
      register: e.RATE_LIMIT_REGISTER,
      messages: e.RATE_LIMIT_MESSAGES,
    },
    media: {
      maxFileBytes: e.MEDIA_MAX_FILE_BYTES,
      maxFiles: e.MEDIA_MAX_FILES,
      maxPixels: e.MEDIA_MAX_PIXELS,
    },
    benchCeilingFile: e.BENCH_CEILING_FILE,
  }
}
