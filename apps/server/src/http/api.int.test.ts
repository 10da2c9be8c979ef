import { errorMessage } from '@kaixiang/shared/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerUser } from '../../test/support/accounts.ts';
import { fakeClock, startTestApp, type TestApp } from '../../test/support/test-app.ts';

describe('API envelope, errors and request signature', () => {
  const clock = fakeClock();
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ clock });
  });
  afterAll(() => t.close());

  it('answers a signed call with the success envelope', async () => {
    const res = await t.api('GET', '/site/v1/server-time');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 200, data: { now: clock.now() }, msg: '' });
  });

  it('refuses an unsigned call with its own code', async () => {
    const res = await t.api('GET', '/site/v1/server-time', { unsigned: true });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 4011, error: 'SIGNATURE_MISSING', data: null });
    expect(res.body.msg).toBe('请求缺少签名，请刷新页面后重试');
  });

  it('refuses a stale timestamp', async () => {
    const res = await t.api('GET', '/site/v1/server-time', { timestampMs: clock.now() - 6 * 60 * 1000 });
    expect(res.body).toMatchObject({ code: 4012, error: 'SIGNATURE_STALE' });
  });

  it('refuses a timestamp too far in the future', async () => {
    const res = await t.api('GET', '/site/v1/server-time', { timestampMs: clock.now() + 6 * 60 * 1000 });
    expect(res.body.error).toBe('SIGNATURE_STALE');
  });

  it('refuses a reused nonce but accepts the first use', async () => {
    const nonce = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
    const first = await t.api('GET', '/site/v1/server-time', { nonce });
    const again = await t.api('GET', '/site/v1/server-time', { nonce });
    expect(first.body.code).toBe(200);
    expect(again.body).toMatchObject({ code: 4013, error: 'SIGNATURE_REPLAYED' });
  });

  it('refuses a body altered after signing', async () => {
    const res = await t.api('POST', '/site/v1/nav', {
      body: { type: 1 },
      tamper: (b) => b.replace('1', '2'),
    });
    expect(res.body).toMatchObject({ code: 4014, error: 'SIGNATURE_INVALID' });
  });

  it('refuses a path altered after signing (query included)', async () => {
    // Signed for type=1, sent as type=2: the signature covers the query string too.
    const signed = await t.api('GET', '/site/v1/nav?type=1', {
      headers: {},
    });
    expect(signed.body.code).toBe(200);
    const { signRequest } = await import('@kaixiang/shared/signature');
    const headers = await signRequest(
      t.rt.config.SIGN_SECRET,
      { method: 'GET', pathWithQuery: '/api/site/v1/nav?type=1', body: '' },
      clock.now(),
    );
    const res = await t.app.inject({ method: 'GET', url: '/api/site/v1/nav?type=2', headers });
    expect(res.json()).toMatchObject({ error: 'SIGNATURE_INVALID' });
  });

  it('does not burn a nonce on a forged signature', async () => {
    const nonce = 'ffeeddccbbaa99887766554433221100';
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/site/v1/server-time',
      headers: { 'x-ts': String(clock.now()), 'x-nonce': nonce, 'x-sign': '0'.repeat(64) },
    });
    expect(forged.json().error).toBe('SIGNATURE_INVALID');
    const honest = await t.api('GET', '/site/v1/server-time', { nonce });
    expect(honest.body.code).toBe(200);
  });

  it('maps an unknown API path to the NOT_FOUND envelope', async () => {
    const res = await t.api('GET', '/site/v1/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 404, error: 'NOT_FOUND', msg: '接口不见了' });
  });

  it('maps a validation failure to VALIDATION_FAILED with details, in the player language', async () => {
    const zh = await t.api('GET', '/site/v1/get-reward-history?reward_type=9');
    expect(zh.status).toBe(400);
    expect(zh.body).toMatchObject({ code: 4000, error: 'VALIDATION_FAILED', msg: '参数不正确' });
    expect(zh.body.details?.[0]?.path).toContain('reward_type');
    const tw = await t.api('GET', '/site/v1/get-reward-history?reward_type=9', { lang: 'zh-TW' });
    expect(tw.body.msg).toBe('參數不正確');
    const en = await t.api('GET', '/site/v1/get-reward-history?reward_type=9', {
      headers: { 'accept-language': 'en-GB,en;q=0.9' },
    });
    expect(en.body.msg).toBe('Some fields are not valid');
  });

  it('maps malformed JSON to BAD_REQUEST without changing anything', async () => {
    const res = await t.api('POST', '/site/v1/nav', { rawBody: '{"type":' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('BAD_REQUEST');
  });

  // Found by the API fuzz test (api.fuzz.int.test.ts): each of these answered 500 or Fastify's own JSON.
  it('refuses a NUL character anywhere in a request as invalid, before it reaches the database', async () => {
    const query = await t.api('GET', '/site/v1/nav?type=1&q=a%00b', { lang: 'en-US' });
    expect(query.status).toBe(400);
    expect(query.body).toMatchObject({ error: 'VALIDATION_FAILED', msg: 'Some fields are not valid' });
    expect(query.body.details).toEqual([{ path: 'querystring.q', message: 'must not contain a NUL character' }]);
    const body = await t.api('POST', '/site/v1/nav', { body: { type: 1, deep: [{ x: '\u0000' }] }, lang: 'zh-TW' });
    expect(body.body).toMatchObject({ error: 'VALIDATION_FAILED', msg: '參數不正確' });
  });

  it('refuses an id past the database integer range as invalid', async () => {
    const u = await registerUser(t);
    const res = await t.api('POST', '/usercenter/v1/user/mark-read-mail', {
      body: { id: 2 ** 31 },
      headers: bearer(u.tokens.access_token),
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('VALIDATION_FAILED');
  });

  it('answers a malformed URL with the BAD_REQUEST envelope in the player language', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/site/v1/%E0%A4%A', headers: { 'x-lang': 'zh-TW' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, data: null, msg: '請求有誤', error: 'BAD_REQUEST' });
  });

  it('answers a notification for a payment provider we do not have as an unknown path', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/trade/v1/notify/nope',
      headers: { 'x-lang': 'en-US' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'NOT_FOUND', msg: errorMessage('NOT_FOUND', 'en-US') });
  });

  it('echoes a request id on every response', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'req-12345678' } });
    expect(res.headers['x-request-id']).toBe('req-12345678');
  });

  it('serves health, readiness, metrics and the OpenAPI document', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().checks.database).toBe('ok');
    if (process.env.TEST_REDIS_URL) expect(ready.json().checks.redis).toBe('ok');
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.body).toContain('kx_http_request_duration_seconds');
    const doc = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(Object.keys(doc.json().paths)).toContain('/api/site/v1/nav');
  });
});
