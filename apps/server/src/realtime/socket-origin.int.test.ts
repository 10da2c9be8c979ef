import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { errorMessage } from '@kaixiang/shared/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { registerUser } from '../../test/support/accounts.ts';
import { PRODUCTION_ENV, startTestApp, type TestApp } from '../../test/support/test-app.ts';
import { accountsRepo } from '../modules/accounts/accounts.repo.ts';
import { signAccessToken } from '../modules/auth/access-token.ts';
import { TestSocket } from './socket-test-client.ts';

/** The handshake's answer when the server refuses the upgrade: its status and envelope. */
function refusal(url: string, headers: Record<string, string>): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    ws.once('open', () => {
      ws.terminate();
      reject(new Error(`the socket opened for ${JSON.stringify(headers)}`));
    });
    ws.once('unexpected-response', (_req, res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
    });
    ws.once('error', () => {});
  });
}

async function loggedIn(url: string, origin: string | undefined, token: string, userId: number) {
  const ws = await TestSocket.open(url, origin === undefined ? {} : { origin });
  try {
    expect((await ws.next('pyUserInfo')).data).toMatchObject({ isGuest: true });
    ws.send('LOGIN', { token, user_id: userId });
    expect((await ws.next('LOGIN')).data).toMatchObject({ user_id: userId, ok: true });
  } finally {
    await ws.close();
  }
}

const listen = async (t: TestApp) => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return (t.app.server.address() as AddressInfo).port;
};

describe('socket origins outside production', () => {
  let t: TestApp;
  let port: number;
  let url: string;
  beforeAll(async () => {
    t = await startTestApp();
    port = await listen(t);
    url = `ws://127.0.0.1:${port}/connect`;
  });
  afterAll(() => t.close());

  it('lets the site itself, the Vite dev server and a non-browser client connect and log in', async () => {
    const u = await registerUser(t);
    for (const origin of [`http://127.0.0.1:${port}`, 'http://localhost:5173', undefined]) {
      await loggedIn(url, origin, u.tokens.access_token, u.userId);
    }
  });

  it("refuses another site's page at the upgrade, in the page's language", async () => {
    const zh = await refusal(url, { origin: 'https://evil.test' });
    expect(zh).toEqual({
      status: 403,
      body: { code: 403, data: null, error: 'FORBIDDEN', msg: errorMessage('FORBIDDEN', 'zh-CN') },
    });
    const en = await refusal(url, { origin: 'null', 'accept-language': 'en-US,en;q=0.9' });
    expect(en.body).toMatchObject({ error: 'FORBIDDEN', msg: errorMessage('FORBIDDEN', 'en-US') });
    expect(t.app.websocketServer.clients.size).toBe(0);
  });
});

describe('socket origins in production', () => {
  let t: TestApp;
  let port: number;
  let url: string;
  beforeAll(async () => {
    t = await startTestApp({ env: PRODUCTION_ENV });
    port = await listen(t);
    url = `ws://127.0.0.1:${port}/connect`;
  });
  afterAll(() => t.close());

  /** Production has no dev outbox to register through: a user and a live session, as a login leaves them. */
  async function sessionToken() {
    const db = t.rt.database.db;
    const now = t.rt.clock.now();
    const user = await accountsRepo.insertUser(db, {
      nickName: '生产玩家',
      avatar: '',
      superInviteCode: randomUUID().slice(0, 8).toUpperCase(),
      createdAt: new Date(now),
    });
    const sessionId = randomUUID();
    await accountsRepo.insertSession(db, {
      id: sessionId,
      userId: user.id,
      refreshHash: randomUUID(),
      expiresAt: new Date(now + 3_600_000),
      createdAt: new Date(now),
    });
    const token = signAccessToken({ userId: user.id, sessionId, expiresAtMs: now + 600_000 }, t.rt.config.TOKEN_SECRET);
    return { token, userId: user.id };
  }

  it('lets PUBLIC_ORIGIN and a non-browser client connect and log in', async () => {
    const { token, userId } = await sessionToken();
    await loggedIn(url, PRODUCTION_ENV.PUBLIC_ORIGIN, token, userId);
    await loggedIn(url, undefined, token, userId);
  });

  it('refuses localhost, its own host and every other origin', async () => {
    for (const origin of [
      'http://localhost:5173',
      `http://127.0.0.1:${port}`,
      'http://example.test',
      'https://evil.test',
    ]) {
      const res = await refusal(url, { origin, 'x-lang': 'zh-TW' });
      expect(res, origin).toEqual({
        status: 403,
        body: { code: 403, data: null, error: 'FORBIDDEN', msg: errorMessage('FORBIDDEN', 'zh-TW') },
      });
    }
  });
});
