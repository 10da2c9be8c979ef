import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { Clock } from '../../infra/clock.ts';
import { STEAM_SANDBOX_PATH } from '../accounts/accounts.module.ts';
import { siteOrigin } from '../accounts/origin.ts';

const NS = 'http://specs.openid.net/auth/2.0';
const SIGNED = 'signed,op_endpoint,claimed_id,identity,return_to,response_nonce,assoc_handle';
export const SANDBOX_STEAM_IDS = [
  { steamId: '76561198000000001', name: '测试玩家 Alpha' },
  { steamId: '76561198000000002', name: '测试玩家 Bravo' },
  { steamId: '76561198000000003', name: '测试玩家 Charlie' },
];
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** OpenID key-value form of the signed fields, as the specification signs them. */
function signature(secret: string, p: Record<string, string>): string {
  const fields = (p['openid.signed'] ?? '').split(',');
  const kv = fields.map((f) => `${f}:${p[`openid.${f}`] ?? ''}\n`).join('');
  return createHmac('sha256', secret).update(kv).digest('base64');
}

/**
 * A local stand-in for Steam's OpenID provider (never in production): the same checkid_setup
 * redirect and check_authentication answer as the real one, signed with its own association
 * secret, so the whole sign-in runs through the real verification code with no network.
 */
export function steamSandboxRoutes(deps: { secret: string; clock: Clock; publicOrigin?: string }): FastifyPluginAsync {
  const assocSecret = createHmac('sha256', deps.secret).update('steam-sandbox-association').digest('hex');
  return async (app) => {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });

    app.get<{ Querystring: Record<string, string> }>(
      STEAM_SANDBOX_PATH,
      { schema: { hide: true } },
      async (req, reply) => {
        const q = req.query;
        const returnTo = q['openid.return_to'] ?? '';
        const realm = q['openid.realm'] ?? '';
        if (q['openid.mode'] !== 'checkid_setup' || !realm || !returnTo.startsWith(realm)) {
          return reply.status(400).type('text/plain').send('bad OpenID request');
        }
        const items = SANDBOX_STEAM_IDS.map((s) => {
          const link = `${STEAM_SANDBOX_PATH}/approve?${new URLSearchParams({ steam_id: s.steamId, return_to: returnTo })}`;
          return `<li><a href="${esc(link)}" style="color:#4fc3f7">${esc(s.name)}</a> <code>${s.steamId}</code></li>`;
        }).join('');
        return reply
          .type('text/html; charset=utf-8')
          .send(`<!doctype html><meta charset="utf-8"><title>Steam 沙盒登录</title>
<style>body{font:15px/1.7 system-ui,sans-serif;background:#171a21;color:#c7d5e0;max-width:560px;margin:60px auto}</style>
<h1>Steam 沙盒登录 · Sandbox Steam sign-in</h1><p>开发环境：选择一个测试 Steam 身份登录到 ${esc(realm)}</p><ul>${items}</ul>`);
      },
    );

    app.get<{ Querystring: { steam_id?: string; return_to?: string } }>(
      `${STEAM_SANDBOX_PATH}/approve`,
      { schema: { hide: true } },
      async (req, reply) => {
        const steamId = req.query.steam_id ?? '';
        const returnTo = req.query.return_to ?? '';
        if (!/^\d{17}$/.test(steamId) || !/^https?:\/\//.test(returnTo))
          return reply.status(400).type('text/plain').send('bad request');
        const claimed = `https://steamcommunity.com/openid/id/${steamId}`;
        const nonce = `${new Date(deps.clock.now()).toISOString().slice(0, 19)}Z${randomBytes(6).toString('hex')}`;
        const p: Record<string, string> = {
          'openid.ns': NS,
          'openid.mode': 'id_res',
          'openid.op_endpoint': `${siteOrigin(req, deps.publicOrigin)}${STEAM_SANDBOX_PATH}`,
          'openid.claimed_id': claimed,
          'openid.identity': claimed,
          'openid.return_to': returnTo,
          'openid.response_nonce': nonce,
          'openid.assoc_handle': 'kx-sandbox',
          'openid.signed': SIGNED,
        };
        p['openid.sig'] = signature(assocSecret, p);
        const sep = returnTo.includes('?') ? '&' : '?';
        return reply.redirect(`${returnTo}${sep}${new URLSearchParams(p)}`);
      },
    );

    app.post<{ Body: Record<string, string> }>(STEAM_SANDBOX_PATH, { schema: { hide: true } }, async (req, reply) => {
      const p = req.body ?? {};
      let valid = false;
      if (p['openid.mode'] === 'check_authentication' && p['openid.assoc_handle'] === 'kx-sandbox') {
        const given = Buffer.from(p['openid.sig'] ?? '', 'base64');
        const expected = Buffer.from(signature(assocSecret, p), 'base64');
        valid = given.length === expected.length && timingSafeEqual(given, expected);
      }
      return reply.type('text/plain').send(`ns:${NS}\nis_valid:${valid}\n`);
    });
  };
}
