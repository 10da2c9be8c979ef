import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../infra/clock.ts';
import { accountsRepo } from '../accounts/accounts.repo.ts';
import type { UserService } from '../accounts/user.service.ts';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The development outbox (never in production): what the sandbox SMS and e-mail adapters "sent",
 * and the answers of live captchas, so a person trying the site and the tests can get in.
 */
export function outboxRoutes(deps: { db: Db; clock: Clock; users: UserService }): FastifyPluginAsyncZod {
  async function load() {
    const [messages, captchas] = await Promise.all([
      accountsRepo.outbox(deps.db, 100),
      accountsRepo.liveCaptchas(deps.db, new Date(deps.clock.now()), 50),
    ]);
    return {
      messages: messages.map((m) => ({
        id: m.id,
        channel: m.channel,
        target: m.target,
        text: m.text,
        code: /(\d{6})/.exec(m.text)?.[1] ?? null,
        created_at: m.createdAt.getTime(),
      })),
      captchas: captchas.map((c) => ({ captcha_id: c.id, answer: c.answer, expires_at: c.expiresAt.getTime() })),
    };
  }

  return async (app) => {
    app.post(
      '/dev/test/ban',
      {
        schema: {
          hide: true,
          body: z.object({ user_id: z.number().int().positive(), banned: z.boolean().default(true) }),
        },
      },
      async (req) => {
        await deps.users.setBanned(req.body.user_id, req.body.banned);
        return { code: 200, data: null, msg: '' };
      },
    );
    app.get('/dev/outbox.json', { schema: { hide: true } }, async (_req, reply) =>
      reply.header('cache-control', 'no-store').send(await load()),
    );
    app.get('/dev/outbox', { schema: { hide: true } }, async (_req, reply) => {
      const { messages, captchas } = await load();
      const rows = messages
        .map(
          (m) =>
            `<tr><td>${new Date(m.created_at).toISOString().slice(11, 19)}</td><td>${esc(m.channel)}</td><td>${esc(m.target)}</td><td><b>${esc(m.code ?? '')}</b></td><td>${esc(m.text)}</td></tr>`,
        )
        .join('');
      const caps = captchas
        .map((c) => `<tr><td><code>${esc(c.captcha_id)}</code></td><td><b>${esc(c.answer)}</b></td></tr>`)
        .join('');
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(`<!doctype html><meta charset="utf-8"><title>开发发件箱 · Dev outbox</title><meta http-equiv="refresh" content="5">
<style>body{font:14px/1.5 system-ui,sans-serif;background:#10131c;color:#dfe3ee;max-width:960px;margin:30px auto}table{border-collapse:collapse;width:100%;margin-bottom:24px}td,th{border-bottom:1px solid #2a3040;padding:4px 8px;text-align:left}b{color:#ffd35c;font-size:16px}</style>
<h1>开发发件箱 · Dev outbox</h1><p>Sandbox SMS and e-mail (newest first); refreshes every 5 s. JSON: <a href="/dev/outbox.json" style="color:#4fc3f7">/dev/outbox.json</a></p>
<table><tr><th>time (UTC)</th><th>channel</th><th>to</th><th>code</th><th>text</th></tr>${rows || '<tr><td colspan="5">nothing sent yet</td></tr>'}</table>
<h2>图片验证码 · Live captchas</h2><table><tr><th>captcha_id</th><th>answer</th></tr>${caps || '<tr><td colspan="2">none</td></tr>'}</table>`);
    });
  };
}
