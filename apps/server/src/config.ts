import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * Configuration, parsed once at start. A bad variable stops the start with every problem listed
 * (STYLE.md §4). The README's table of variables mirrors this schema: keep them in step.
 */
const DEV_SIGN_SECRET = 'kaixiang-dev-sign-secret';
const DEV_TOKEN_SECRET = 'kaixiang-dev-token-secret-change-me';
const DEV_STAFF_TOTP_KEY = 'kaixiang-dev-staff-totp-key-change-me';
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

/**
 * An RSA key from the environment, as PEM (literal \n allowed, since one-line env files are the
 * norm) or as the bare base64 that Alipay's key tool prints. Checked here so a bad key stops the
 * start; stored as PKCS#8 / SPKI PEM, the form both payment SDKs read.
 */
const rsaKeyVar = (kind: 'private' | 'public') =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      const text = v?.replace(/\\n/g, '\n').trim();
      if (!text) return undefined;
      // A private key would pass as a public one (Node derives it): refuse it, it is a leak waiting.
      if (kind === 'public' && text.includes('PRIVATE KEY')) {
        ctx.addIssue({ code: 'custom', message: 'is a private key; give the public key' });
        return z.NEVER;
      }
      const key = parseRsaKey(kind, text);
      if (key) return key;
      ctx.addIssue({ code: 'custom', message: `is not a valid RSA ${kind} key (PEM or base64)` });
      return z.NEVER;
    });

function parseRsaKey(kind: 'private' | 'public', text: string): string | undefined {
  const der = Buffer.from(text.replace(/\s+/g, ''), 'base64');
  const pem = text.startsWith('-----BEGIN');
  const attempts: (() => KeyObject)[] =
    kind === 'private'
      ? pem
        ? [() => createPrivateKey(text)]
        : [
            () => createPrivateKey({ key: der, format: 'der', type: 'pkcs8' }),
            () => createPrivateKey({ key: der, format: 'der', type: 'pkcs1' }),
          ]
      : [() => (pem ? createPublicKey(text) : createPublicKey({ key: der, format: 'der', type: 'spki' }))];
  for (const attempt of attempts) {
    try {
      const key = attempt();
      if (key.asymmetricKeyType !== 'rsa') return undefined;
      return key
        .export(kind === 'private' ? { type: 'pkcs8', format: 'pem' } : { type: 'spki', format: 'pem' })
        .toString();
    } catch {}
  }
  return undefined;
}

const intVar = (def: number, min: number, max: number) => z.coerce.number().int().min(min).max(max).default(def);
const boolVar = (def: boolean) =>
  z
    .enum(['true', 'false', '1', '0'])
    .default(def ? 'true' : 'false')
    .transform((v) => v === 'true' || v === '1');

/** proxy-addr's names for address ranges, accepted beside addresses and CIDRs. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
}

const TRUST_PROXY_HINT = "give the proxies' addresses or CIDR ranges, comma-separated (e.g. 10.0.0.0/8 or uniquelocal)";

/**
 * The proxies that may tell the client's address and protocol (X-Forwarded-For/-Proto): none
 * (`false`, `0`) or their own addresses and CIDR ranges (docs/security.md "Client address behind
 * a proxy"). `true`, every hop, let any client choose its address (issue 20 §2), and a hop count
 * is what Fastify 5 itself no longer honours (it cannot tell the proxy from a client connecting
 * directly: a number trusts nothing there). Both are refused at start rather than reinterpreted.
 */
const trustProxyVar = z
  .string()
  .trim()
  .default('false')
  .transform((v, ctx): false | string[] => {
    if (v === 'false' || v === '0') return false;
    const refuse = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    if (v === 'true')
      return refuse(
        `true would trust every hop, so any client could set its address with X-Forwarded-For; ${TRUST_PROXY_HINT}`,
      );
    if (/^\d+$/.test(v))
      return refuse(`a hop count cannot tell the proxy from a client that connects directly; ${TRUST_PROXY_HINT}`);
    const entries = v.split(',').map((e) => e.trim());
    const bad = entries.filter((e) => !isProxyAddress(e));
    if (bad.length === 0) return entries;
    return refuse(`${bad.map((b) => JSON.stringify(b)).join(', ')} is not an address or range; ${TRUST_PROXY_HINT}`);
  });

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
    /**
     * Prefix of every Redis key and of the event channel. Deployments (or test runs such as
     * bench/chaos.ts) that share one Redis keep apart by it; pub/sub channels ignore the logical db.
     */
    REDIS_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'must be 1-64 of letters, digits, _ . : -')
      .default('kx:'),
    SIGN_SECRET: z.string().min(16).default(DEV_SIGN_SECRET),
    SIGN_WINDOW_MS: intVar(300_000, 1_000, 3_600_000),
    TOKEN_SECRET: z.string().min(32).default(DEV_TOKEN_SECRET),
    /** Seals staff members' authenticator secrets at rest (admin/totp.ts); changing it voids every enrolment. */
    STAFF_TOTP_KEY: z.string().min(32).default(DEV_STAFF_TOTP_KEY),
    TX_MAX_RETRIES: intVar(5, 0, 50),
    BOX_TICKER_DELAY_MS: intVar(6_000, 0, 60_000),
    SOCKET_IDLE_TIMEOUT_MS: intVar(30_000, 1_000, 600_000),
    SCHEDULER_POLL_MS: intVar(2_000, 100, 600_000),
    /**
     * The public beacon mixed into shared games' rolls (GAMES.md §4): drand (production's default)
     * or a local one keyed by BEACON_KEY (the default elsewhere; refused in production).
     */
    BEACON: z.enum(['local', 'drand']).optional(),
    BEACON_KEY: z.string().min(16).default('kaixiang-dev-beacon-key'),
    DRAND_URL: z.string().url().default('https://api.drand.sh'),
    /** The turntable's betting phase, ms (spec: none given; 15 s, docs/games/turntable.md). */
    TURNTABLE_BET_MS: intVar(15_000, 1_000, 120_000),
    /**
     * The upgrade's rules (packages/game/src/upgrade.ts), in ppm: the house edge (5 %: RTP 95 %),
     * the least chance allowed (1 %) and the most (75 %; more is capped).
     */
    UPGRADE_HOUSE_EDGE_PPM: intVar(50_000, 0, 999_999),
    UPGRADE_MIN_RATE_PPM: intVar(10_000, 1, 999_999),
    UPGRADE_MAX_RATE_PPM: intVar(750_000, 1, 999_999),
    WEB_DIST: z.string().default('apps/web/dist'),
    TRUST_PROXY: trustProxyVar,
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
    /**
     * Trade bot adapter for item retrieval (docs/delivery.md): the sandbox (default; nothing
     * reaches Steam) or the Steam bot pool of STEAM_BOTS, with the marketplace of MARKET_PROVIDER
     * (if set) for items no bot holds.
     */
    TRADE_BOT: z.enum(['sandbox', 'steam']).default('sandbox'),
    /**
     * The bot accounts, as JSON: [{accountName, password, sharedSecret, identitySecret,
     * refreshToken?}] (modules/delivery/steam/steam-session.ts). Secrets: never in the repo.
     */
    STEAM_BOTS: z.string().optional(),
    /** Steam Web API key: trade-hold checks of a player's link (GetTradeHoldDurations). */
    STEAM_API_KEY: z.string().optional(),
    /** Overrides of Steam's addresses (a local fake in tests); unset: the real ones. */
    STEAM_COMMUNITY_URL: optionalUrl(['http', 'https']),
    STEAM_API_URL: optionalUrl(['http', 'https']),
    STEAM_POLL_MS: intVar(10_000, 10, 600_000),
    STEAM_INVENTORY_REFRESH_MS: intVar(600_000, 1_000, 86_400_000),
    STEAM_BOT_REVIVE_MS: intVar(60_000, 100, 3_600_000),
    /** The peer-to-peer marketplace items no bot holds are bought from (docs/delivery-marketplace.md); unset: none. */
    MARKET_PROVIDER: z.enum(['waxpeer']).optional(),
    MARKET_API_KEY: z.string().optional(),
    MARKET_API_URL: optionalUrl(['http', 'https']),
    /** How far above an item's value a purchase may go, basis points. */
    MARKET_MARGIN_BP: intVar(500, 0, 5_000),
    /** Our units per marketplace minor unit (Waxpeer: $0.001 ≈ 72 units at 7.2 CNY/USD). */
    MARKET_UNIT_PRICE_UNITS: intVar(72, 1, 1_000_000),
    MARKET_POLL_MS: intVar(15_000, 10, 600_000),
    /** A purchase not delivered by then fails and the item returns; over 6 h for Waxpeer (its trades live 6 h). */
    MARKET_TIMEOUT_MS: intVar(25_200_000, 1_000, 172_800_000),
    /**
     * How the sandbox bot answers offers (modules/inventory/sandbox-trade-bot.ts); unset means
     * auto_accept, and manual in production (nothing is ever marked delivered there).
     */
    SANDBOX_TRADE_MODE: z
      .enum(['auto_accept', 'manual', 'decline', 'trade_restricted', 'private_inventory', 'invalid_link', 'bot_fault'])
      .optional(),
    SANDBOX_TRADE_DELAY_MS: intVar(5_000, 0, 3_600_000),
    /**
     * The sandbox adapter (modules/payments) serves the channels no real adapter (ALIPAY_*,
     * WECHATPAY_*) serves; it never takes orders in production.
     */
    PAYMENT_PROVIDER: z.enum(['sandbox']).default('sandbox'),
    /** HMAC key of the sandbox cashier's notifications. */
    SANDBOX_PAY_SECRET: z.string().min(16).default('kaixiang-dev-sandbox-pay-secret'),
    /** Alipay 当面付 (modules/payments/alipay-pay.ts): set the app id to take Alipay for real. */
    ALIPAY_APP_ID: z.string().trim().optional(),
    /** Our application private key (RSA2), PEM or base64. */
    ALIPAY_PRIVATE_KEY: rsaKeyVar('private'),
    /** Alipay's public key (支付宝公钥, not our application public key), PEM or base64. */
    ALIPAY_PUBLIC_KEY: rsaKeyVar('public'),
    /** OpenAPI gateway; unset means https://openapi.alipay.com/gateway.do. */
    ALIPAY_GATEWAY: optionalUrl(['http', 'https']),
    /** WeChat Pay APIv3 Native (modules/payments/wechat-pay.ts): set the app id to take WeChat Pay for real. */
    WECHATPAY_APP_ID: z.string().trim().optional(),
    WECHATPAY_MCH_ID: z.string().trim().optional(),
    /** Merchant API private key (apiclient_key.pem). */
    WECHATPAY_PRIVATE_KEY: rsaKeyVar('private'),
    /** Serial number of the merchant API certificate the private key belongs to. */
    WECHATPAY_CERT_SERIAL: z.string().trim().optional(),
    /** WeChat Pay's public key (微信支付公钥) or platform certificate, PEM: verifies notifications. */
    WECHATPAY_PLATFORM_PUBLIC_KEY: rsaKeyVar('public'),
    /** Its id (PUB_KEY_ID_…) or certificate serial: the Wechatpay-Serial notifications carry. */
    WECHATPAY_PLATFORM_SERIAL: z.string().trim().optional(),
    /** APIv3 key (32 characters): decrypts notification resources. */
    WECHATPAY_APIV3_KEY: z.string().length(32).optional(),
    /** API origin; unset means https://api.mch.weixin.qq.com. */
    WECHATPAY_API_BASE: optionalUrl(['http', 'https']),
    /** First-recharge bonus in 1/10000 of the first paid tier's money (0: none). */
    FIRST_RECHARGE_BONUS_BP: intVar(0, 0, 10_000),
    /**
     * USDT deposits (modules/payments/crypto, docs/payments.md "USDT recharge"): sandbox chain, live TronGrid +
     * Ethereum RPC, or off. Unset: sandbox outside production, off in production.
     */
    CHAIN_WATCHER: z.enum(['sandbox', 'live', 'off']).optional(),
    TRONGRID_URL: z
      .string()
      .regex(/^https?:\/\//, 'must start with http:// or https://')
      .default('https://api.trongrid.io'),
    TRONGRID_API_KEY: z.string().optional(),
    ETH_RPC_URL: optionalUrl(['http', 'https']),
    USDT_TRC20_CONTRACT: z
      .string()
      .regex(/^T[1-9A-HJ-NP-Za-km-z]{33}$/)
      .default('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'),
    USDT_ERC20_CONTRACT: z
      .string()
      .regex(/^0x[0-9a-fA-F]{40}$/)
      .default('0xdAC17F958D2ee523a2206206994597C13D831ec7'),
    USDT_CONFIRMATIONS_TRC20: intVar(19, 1, 1_000),
    USDT_CONFIRMATIONS_ERC20: intVar(12, 1, 1_000),
    /** Added to every USDT quantity, in micro-USDT (1 USDT). */
    USDT_NETWORK_FEE_MICRO: intVar(1_000_000, 0, 100_000_000),
    /** The operator's deposit addresses, one `trc20,T…` / `erc20,0x…` a line (required when live). */
    CRYPTO_ADDRESS_FILE: z.string().optional(),
    /** How many generated addresses per chain the sandbox pool holds. */
    SANDBOX_CHAIN_ADDRESSES: intVar(50, 1, 10_000),
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
    // A real payment adapter is built when its app id is set; half a configuration is an error,
    // never a silently missing channel.
    const realPay = [
      ['ALIPAY_APP_ID', ['ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY']],
      [
        'WECHATPAY_APP_ID',
        [
          'WECHATPAY_MCH_ID',
          'WECHATPAY_PRIVATE_KEY',
          'WECHATPAY_CERT_SERIAL',
          'WECHATPAY_PLATFORM_PUBLIC_KEY',
          'WECHATPAY_PLATFORM_SERIAL',
          'WECHATPAY_APIV3_KEY',
        ],
      ],
    ] as const;
    for (const [appId, companions] of realPay) {
      if (!c[appId]) continue;
      for (const key of companions) {
        if (!c[key]) ctx.addIssue({ code: 'custom', path: [key], message: `required when ${appId} is set` });
      }
      // The notify_url given to the provider is absolute.
      if (!c.PUBLIC_ORIGIN)
        ctx.addIssue({ code: 'custom', path: ['PUBLIC_ORIGIN'], message: `required when ${appId} is set` });
    }
    if (c.CHAIN_WATCHER === 'live') {
      if (!c.ETH_RPC_URL)
        ctx.addIssue({ code: 'custom', path: ['ETH_RPC_URL'], message: 'required when CHAIN_WATCHER=live' });
      if (!c.CRYPTO_ADDRESS_FILE)
        ctx.addIssue({ code: 'custom', path: ['CRYPTO_ADDRESS_FILE'], message: 'required when CHAIN_WATCHER=live' });
    }
    if (c.UPGRADE_MIN_RATE_PPM > c.UPGRADE_MAX_RATE_PPM)
      ctx.addIssue({ code: 'custom', path: ['UPGRADE_MIN_RATE_PPM'], message: 'must not exceed UPGRADE_MAX_RATE_PPM' });
    if (c.TRADE_BOT === 'steam' && !c.STEAM_BOTS)
      ctx.addIssue({ code: 'custom', path: ['STEAM_BOTS'], message: 'required with TRADE_BOT=steam' });
    if (c.MARKET_PROVIDER && !c.MARKET_API_KEY)
      ctx.addIssue({ code: 'custom', path: ['MARKET_API_KEY'], message: 'required with MARKET_PROVIDER' });
    if (c.NODE_ENV !== 'production') return;
    // A beacon keyed by the house lets the house know rolls in advance.
    if (c.BEACON === 'local')
      ctx.addIssue({ code: 'custom', path: ['BEACON'], message: 'local is not allowed in production' });
    // The sandbox chain credits whatever the dev page "sends": never where money is real.
    if (c.CHAIN_WATCHER === 'sandbox')
      ctx.addIssue({ code: 'custom', path: ['CHAIN_WATCHER'], message: 'sandbox is not allowed in production' });
    if (c.SIGN_SECRET === DEV_SIGN_SECRET)
      ctx.addIssue({ code: 'custom', path: ['SIGN_SECRET'], message: 'must be set in production' });
    if (c.TOKEN_SECRET === DEV_TOKEN_SECRET)
      ctx.addIssue({ code: 'custom', path: ['TOKEN_SECRET'], message: 'must be set in production' });
    if (c.STAFF_TOTP_KEY === DEV_STAFF_TOTP_KEY)
      ctx.addIssue({ code: 'custom', path: ['STAFF_TOTP_KEY'], message: 'must be set in production' });
    if (c.ID_HASH_SECRET === DEV_ID_HASH_SECRET)
      ctx.addIssue({ code: 'custom', path: ['ID_HASH_SECRET'], message: 'must be set in production' });
    // The Steam callback compares the assertion's return_to with our origin: taken from the Host
    // header, an assertion made for another site could be relayed here under a forged Host.
    if (!c.PUBLIC_ORIGIN)
      ctx.addIssue({ code: 'custom', path: ['PUBLIC_ORIGIN'], message: 'must be set in production' });
    // The sandbox delivers nothing: in production it may only leave offers to expire.
    if (c.TRADE_BOT === 'sandbox' && c.SANDBOX_TRADE_MODE && c.SANDBOX_TRADE_MODE !== 'manual')
      ctx.addIssue({ code: 'custom', path: ['SANDBOX_TRADE_MODE'], message: 'only manual in production' });
    // Plain http (a local fake provider in tests) would carry signed orders in the clear.
    for (const key of ['ALIPAY_GATEWAY', 'WECHATPAY_API_BASE'] as const) {
      if (c[key]?.startsWith('http://'))
        ctx.addIssue({ code: 'custom', path: [key], message: 'must be https in production' });
    }
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
