import type { Runtime } from '../../runtime.ts';
import type { AccountsDeps } from './accounts.deps.ts';
import { createAuthService } from './auth.service.ts';
import { authenticate, checkAccessToken } from './authenticate.ts';
import { createCodesService } from './codes.service.ts';
import { createEmailService } from './email.service.ts';
import { type SmsPort, sandboxMail, sandboxSms, smtpMail, tencentSms } from './messaging.ts';
import { createSessionCache } from './session-cache.ts';
import { sessionLoader } from './session-loader.ts';
import { createSessionsService } from './sessions.service.ts';
import { createSteamService, type FormPost, httpFormPost, STEAM_OPENID_URL } from './steam.service.ts';
import { createUserService } from './user.service.ts';

/** Builds the accounts services from the runtime: the adapters the config chooses. */
/** Where the local sandbox OpenID provider answers (outside production, when no provider is configured). */
export const STEAM_SANDBOX_PATH = '/dev/steam-openid';

/**
 * Builds the accounts services from the runtime: the adapters the config chooses.
 * `sandboxPost` reaches the in-process Steam sandbox provider (app.inject), so the sandbox works
 * whatever address the site is reached at.
 */
export async function createAccountsModule(
  rt: Runtime,
  opts: { sandboxPost?: FormPost; onIdentityVerified?: AccountsDeps['onIdentityVerified'] } = {},
) {
  const { config } = rt;
  const now = () => rt.clock.now();
  const db = rt.database.db;
  const sms: SmsPort =
    config.SMS_PROVIDER === 'tencent'
      ? tencentSms(
          {
            secretId: config.TENCENT_SMS_SECRET_ID ?? '',
            secretKey: config.TENCENT_SMS_SECRET_KEY ?? '',
            sdkAppId: config.TENCENT_SMS_SDK_APP_ID ?? '',
            signName: config.TENCENT_SMS_SIGN_NAME ?? '',
            templateId: config.TENCENT_SMS_TEMPLATE_ID ?? '',
            region: config.TENCENT_SMS_REGION,
          },
          now,
        )
      : sandboxSms(db, now);
  const deps: AccountsDeps = {
    db,
    transaction: (fn) => rt.transaction(fn),
    clock: rt.clock,
    bus: rt.bus,
    sms,
    mail: config.SMTP_URL ? await smtpMail(config.SMTP_URL, config.MAIL_FROM) : sandboxMail(db, now),
    counters: rt.counters,
    tokenSecret: config.TOKEN_SECRET,
    hashSecret: config.ID_HASH_SECRET,
    sessionCache: createSessionCache({ clock: rt.clock, bus: rt.bus }),
    ...(opts.onIdentityVerified ? { onIdentityVerified: opts.onIdentityVerified } : {}),
  };
  const codes = createCodesService(deps);
  const sessions = createSessionsService(deps);
  const auth = createAuthService(deps, codes, sessions);
  const users = createUserService(deps, codes, sessions);
  const email = createEmailService(deps, codes, sessions, auth);
  const steamSandbox = !config.STEAM_OPENID_URL && config.NODE_ENV !== 'production';
  const steam = createSteamService(deps, sessions, auth, {
    providerUrl: (origin) =>
      config.STEAM_OPENID_URL ?? (steamSandbox ? `${origin}${STEAM_SANDBOX_PATH}` : STEAM_OPENID_URL),
    post: steamSandbox && opts.sandboxPost ? opts.sandboxPost : httpFormPost,
  });
  const sessionRows = sessionLoader(db);
  return {
    deps,
    codes,
    sessions,
    auth,
    users,
    email,
    steam,
    steamSandbox,
    authenticate: authenticate({
      load: sessionRows,
      tokenSecret: config.TOKEN_SECRET,
      clock: rt.clock,
      sessionCache: deps.sessionCache,
    }),
    /** "May this token act", for callers outside a route (the socket's LOGIN). */
    checkToken: (token: string) =>
      checkAccessToken(sessionRows, token, config.TOKEN_SECRET, rt.clock, deps.sessionCache),
  };
}

export type AccountsModule = Awaited<ReturnType<typeof createAccountsModule>>;
