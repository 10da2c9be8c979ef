import {
  ACCOUNT_PATHS,
  captchaResponse,
  changeEmailRequest,
  changePasswordRequest,
  emailCodeRequest,
  emailLoginRequest,
  emailRegisterRequest,
  loginRequest,
  loginResponse,
  refreshRequest,
  registerRequest,
  smsCodeRequest,
  steamLoginRequest,
  steamLoginResponse,
  steamRedirectRequest,
  steamRedirectResponse,
} from '@kaixiang/shared/accounts';
import { OK_CODE_ZERO, ok } from '@kaixiang/shared/envelope';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import { envelopeOf } from '../../http/envelope-schema.ts';
import type { AccountsModule } from './accounts.module.ts';
import { authOf, bearerToken } from './authenticate.ts';
import { siteOrigin } from './origin.ts';
import type { ClientInfo } from './sessions.service.ts';

/**
 * The password fields are loosened from the shared contract's 64-hex rule: the server must answer
 * an empty password with the spec's own message (PASSWORD_REQUIRED), in its place in the order
 * of checks, not with a generic validation failure. The services check the hash format after.
 */
const password = z.string().max(128);
const registerBody = registerRequest.extend({ password });
const loginBody = loginRequest.extend({ password });
const changePasswordBody = changePasswordRequest.extend({ password, re_password: password });
const emailRegisterBody = emailRegisterRequest.extend({ password });
const emailLoginBody = emailLoginRequest.extend({ password });
const empty = z.null();

export function clientInfo(req: FastifyRequest): ClientInfo {
  const ua = req.headers['user-agent'];
  return { ip: req.ip, userAgent: typeof ua === 'string' ? ua : '' };
}

/** Schema in, schema out, call the service (STYLE.md §1). */
export function accountsRoutes(
  m: AccountsModule,
  opts: { publicOrigin?: string | undefined } = {},
): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['accounts'];
    app.post(ACCOUNT_PATHS.captcha, { schema: { tags, response: { 200: envelopeOf(captchaResponse) } } }, async () =>
      ok(await m.codes.issueCaptcha()),
    );
    app.post(
      ACCOUNT_PATHS.smsCode,
      { schema: { tags, body: smsCodeRequest, response: { 200: envelopeOf(empty) } } },
      async (req) => {
        await m.codes.sendSmsCode(req.body, req.ip);
        return ok(null, '发送成功');
      },
    );
    app.post(
      ACCOUNT_PATHS.register,
      { schema: { tags, body: registerBody, response: { 200: envelopeOf(loginResponse) } } },
      async (req) => ok(await m.auth.register(req.body, clientInfo(req))),
    );
    app.post(
      ACCOUNT_PATHS.login,
      { schema: { tags, body: loginBody, response: { 200: envelopeOf(loginResponse) } } },
      async (req) => ok(await m.auth.login(req.body, clientInfo(req))),
    );
    app.post(
      ACCOUNT_PATHS.refresh,
      { schema: { tags, body: refreshRequest, response: { 200: envelopeOf(loginResponse) } } },
      async (req) => ok(await m.sessions.refresh(req.body.refresh_token)),
    );
    app.post(
      ACCOUNT_PATHS.logout,
      { preHandler: m.authenticate, schema: { tags, response: { 200: envelopeOf(empty) } } },
      async (req) => {
        await m.sessions.logout(authOf(req).sessionId);
        return ok(null);
      },
    );
    app.post(
      ACCOUNT_PATHS.emailCode,
      { schema: { tags, body: emailCodeRequest, response: { 200: envelopeOf(empty) } } },
      async (req) => {
        // Codes to the current or a new address (types 5, 6) are for the signed-in user only.
        const token = bearerToken(req);
        const who = token ? await m.checkToken(token) : null;
        await m.email.sendCode(req.body, req.ip, who?.ok ? who.auth.userId : null);
        return ok(null, '发送成功');
      },
    );
    app.post(
      ACCOUNT_PATHS.registerByEmail,
      { schema: { tags, body: emailRegisterBody, response: { 200: envelopeOf(loginResponse) } } },
      async (req) => ok(await m.email.register(req.body, clientInfo(req))),
    );
    app.post(
      ACCOUNT_PATHS.loginByEmail,
      { schema: { tags, body: emailLoginBody, response: { 200: envelopeOf(loginResponse) } } },
      async (req) => ok(await m.email.login(req.body, clientInfo(req))),
    );
    app.post(
      ACCOUNT_PATHS.changeEmail,
      { preHandler: m.authenticate, schema: { tags, body: changeEmailRequest, response: { 200: envelopeOf(empty) } } },
      async (req) => {
        await m.email.changeEmail(authOf(req).userId, req.body);
        return ok(null);
      },
    );
    app.post(
      ACCOUNT_PATHS.steamRedirect,
      { schema: { tags, body: steamRedirectRequest, response: { 200: envelopeOf(steamRedirectResponse) } } },
      async (req) => {
        const origin = siteOrigin(req, opts.publicOrigin);
        // The browser may only ask to come back to this site: no open redirect through Steam.
        if (new URL(req.body.return_to).origin !== origin || new URL(req.body.realm).origin !== origin)
          throw new AppError('BAD_REQUEST');
        return ok({ url: m.steam.redirectUrl(origin) });
      },
    );
    // The provider sends the browser here (GET); signature-exempt: it is verified by OpenID instead.
    app.get<{ Querystring: Record<string, string> }>(
      ACCOUNT_PATHS.steamCallback,
      { schema: { tags, hide: true } },
      async (req, reply) => {
        const origin = siteOrigin(req, opts.publicOrigin);
        const ticket = await m.steam.verifyCallback(origin, req.query);
        return reply.redirect(ticket ? `${origin}/?steamId=${encodeURIComponent(ticket)}` : `${origin}/?steamError=1`);
      },
    );
    app.post(
      ACCOUNT_PATHS.loginBySteam,
      { schema: { tags, body: steamLoginRequest, response: { 200: envelopeOf(steamLoginResponse) } } },
      async (req) => {
        const { steamId: _steamId, ...tokens } = await m.steam.login(req.body.steam_id, clientInfo(req));
        const user = await m.users.detail(tokens.user_id);
        // Spec 1 §7: this flow answers code 0 on success.
        return { code: OK_CODE_ZERO, data: { ...tokens, api_token: tokens.access_token, user }, msg: '' };
      },
    );
    app.post(
      ACCOUNT_PATHS.changePassword,
      { schema: { tags, body: changePasswordBody, response: { 200: envelopeOf(empty) } } },
      async (req) => {
        await m.auth.changePassword(req.body);
        return ok(null);
      },
    );
  };
}
