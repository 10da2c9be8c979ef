import { z } from 'zod';

/**
 * Configuration, parsed once at start. A bad variable stops the start with every problem listed
 * (STYLE.md §4). The README's table of variables mirrors this schema: keep them in step.
 */
const DEV_SIGN_SECRET = 'kaixiang-dev-sign-secret';
const DEV_TOKEN_SECRET = 'kaixiang-dev-token-secret-change-me';
const DEV_ID_HASH_SECRET = 'kaixiang-dev-id-hash-secret-change-me';

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || protocols.some((p) => v.startsWith(`${p}://`)), {
      message: `must start with ${protocols.map((p) => `${p}://`).join(' or ')}`,
    });

const intVar = (def: number, min: number, max: number) => z.coerce.number().int().min(min).max(max).default(def);
const boolVar = (def: boolean) =>
  z
    .enum(['true', 'false', '1', '0'])
    .default(def ? 'true' : 'false')
    .transform((v) => v === 'true' || v === '1');

export const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().default('0.0.0.0'),
    PORT: intVar(3000, 0, 65535),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    DATABASE_URL: optionalUrl(['postgres', 'postgresql']),
    DB_POOL_MAX: intVar(10, 1, 200),
    PGLITE_DIR: z.string().default('./data/pglite'),
    REDIS_URL: optionalUrl(['redis', 'rediss']),
    SIGN_SECRET: z.string().min(16).default(DEV_SIGN_SECRET),
    SIGN_WINDOW_MS: intVar(300_000, 1_000, 3_600_000),
    TOKEN_SECRET: z.string().min(32).default(DEV_TOKEN_SECRET),
    TX_MAX_RETRIES: intVar(5, 0, 50),
    BOX_TICKER_DELAY_MS: intVar(6_000, 0, 60_000),
    SOCKET_IDLE_TIMEOUT_MS: intVar(30_000, 1_000, 600_000),
    SCHEDULER_POLL_MS: intVar(2_000, 100, 600_000),
    WEB_DIST: z.string().default('apps/web/dist'),
    TRUST_PROXY: boolVar(false),
    SEED: boolVar(true),
    /** Key of the HMAC that stores ID numbers (never the number itself); rotating it orphans old rows. */
    ID_HASH_SECRET: z.string().min(32).default(DEV_ID_HASH_SECRET),
    /** The site's public origin (Steam OpenID return_to and realm, links in messages). */
    PUBLIC_ORIGIN: optionalUrl(['http', 'https']),
    SMS_PROVIDER: z.enum(['sandbox', 'tencent']).default('sandbox'),
    TENCENT_SMS_SECRET_ID: z.string().optional(),
    TENCENT_SMS_SECRET_KEY: z.string().optional(),
    TENCENT_SMS_SDK_APP_ID: z.string().optional(),
    TENCENT_SMS_SIGN_NAME: z.string().optional(),
    /** Template with one parameter, the code: e.g. "验证码{1}，5分钟内有效。". */
    TENCENT_SMS_TEMPLATE_ID: z.string().optional(),
    TENCENT_SMS_REGION: z.string().default('ap-guangzhou'),
    /** smtp(s)://user:pass@host:port; absent means the sandbox outbox. */
    SMTP_URL: optionalUrl(['smtp', 'smtps']),
    MAIL_FROM: z.string().default('开箱 <no-reply@kaixiang.local>'),
    /** Steam OpenID endpoint; outside production the local sandbox provider when unset. */
    STEAM_OPENID_URL: optionalUrl(['http', 'https']),
    /** Trade bot adapter for item retrieval; only the sandbox exists so far (modules/inventory). */
    TRADE_BOT: z.enum(['sandbox']).default('sandbox'),
    /**
     * How the sandbox bot answers offers (modules/inventory/sandbox-trade-bot.ts); unset means
     * auto_accept, and manual in production (nothing is ever marked delivered there).
     */
    SANDBOX_TRADE_MODE: z
      .enum(['auto_accept', 'manual', 'decline', 'trade_restricted', 'private_inventory', 'invalid_link', 'bot_fault'])
      .optional(),
    SANDBOX_TRADE_DELAY_MS: intVar(5_000, 0, 3_600_000),
    /** Payment adapter (modules/payments); only the sandbox exists so far, and never takes orders in production. */
    PAYMENT_PROVIDER: z.enum(['sandbox']).default('sandbox'),
    /** HMAC key of the sandbox cashier's notifications. */
    SANDBOX_PAY_SECRET: z.string().min(16).default('kaixiang-dev-sandbox-pay-secret'),
    /** First-recharge bonus in 1/10000 of the first paid tier's money (0: none). */
    FIRST_RECHARGE_BONUS_BP: intVar(0, 0, 10_000),
  })
  .superRefine((c, ctx) => {
    if (c.SMS_PROVIDER === 'tencent') {
      for (const key of [
        'TENCENT_SMS_SECRET_ID',
        'TENCENT_SMS_SECRET_KEY',
        'TENCENT_SMS_SDK_APP_ID',
        'TENCENT_SMS_SIGN_NAME',
        'TENCENT_SMS_TEMPLATE_ID',
      ] as const) {
        if (!c[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'required when SMS_PROVIDER=tencent' });
      }
    }
    if (c.NODE_ENV !== 'production') return;
    if (c.SIGN_SECRET === DEV_SIGN_SECRET)
      ctx.addIssue({ code: 'custom', path: ['SIGN_SECRET'], message: 'must be set in production' });
    if (c.TOKEN_SECRET === DEV_TOKEN_SECRET)
      ctx.addIssue({ code: 'custom', path: ['TOKEN_SECRET'], message: 'must be set in production' });
    if (c.ID_HASH_SECRET === DEV_ID_HASH_SECRET)
      ctx.addIssue({ code: 'custom', path: ['ID_HASH_SECRET'], message: 'must be set in production' });
    // The Steam callback compares the assertion's return_to with our origin: taken from the Host
    // header, an assertion made for another site could be relayed here under a forged Host.
    if (!c.PUBLIC_ORIGIN)
      ctx.addIssue({ code: 'custom', path: ['PUBLIC_ORIGIN'], message: 'must be set in production' });
    // The sandbox delivers nothing: in production it may only leave offers to expire.
    if (c.TRADE_BOT === 'sandbox' && c.SANDBOX_TRADE_MODE && c.SANDBOX_TRADE_MODE !== 'manual')
      ctx.addIssue({ code: 'custom', path: ['SANDBOX_TRADE_MODE'], message: 'only manual in production' });
  });

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads only the variables the schema names; an empty string counts as unset. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const picked: Record<string, string> = {};
  for (const key of Object.keys(configSchema.shape)) {
    const value = env[key];
    if (value !== undefined && value !== '') picked[key] = value;
  }
  const parsed = configSchema.safeParse(picked);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || '(config)'}: ${i.message}`));
  }
  return parsed.data;
}
