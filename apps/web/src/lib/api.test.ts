import { canonicalRequest, hmacHex } from '@kaixiang/shared/signature';
import { navResponse } from '@kaixiang/shared/site';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n/index.ts';
import { fail, mockApi } from '../test/mock-api.ts';
import { ApiError, apiGet, apiPost } from './api.ts';
import { setCookie } from './cookies.ts';
import { APP_EVENTS } from './events.ts';
import { getToasts } from './toast.ts';

const KEY = 'kaixiang-dev-sign-secret';

async function expectSigned(req: { method: string; headers: Record<string, string>; body: string }, path: string) {
  const text = await canonicalRequest({
    method: req.method,
    pathWithQuery: path,
    timestampMs: Number(req.headers['x-ts']),
    nonce: req.headers['x-nonce']!,
    body: req.body,
  });
  expect(req.headers['x-sign']).toBe(await hmacHex(KEY, text));
}

describe('api client', () => {
  const events: string[] = [];
  const record = (e: Event) => events.push(e.type);

  beforeEach(() => {
    events.length = 0;
    for (const type of [APP_EVENTS.openLogin, APP_EVENTS.signedOut]) window.addEventListener(type, record);
  });
  afterEach(() => {
    for (const type of [APP_EVENTS.openLogin, APP_EVENTS.signedOut]) window.removeEventListener(type, record);
  });

  it('signs a GET over the exact path and query it requests, with an empty body', async () => {
    const { requests, fetchMock } = mockApi({ '/site/v1/nav': () => ({ nav_infos: [] }) });
    await apiGet('/site/v1/nav', { type: 1, skip: undefined });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/site/v1/nav?type=1');
    const req = requests[0]!;
    expect(req.method).toBe('GET');
    expect(req.body).toBe('');
    expect(req.headers['x-nonce']).toMatch(/^[0-9a-f]{32}$/);
    await expectSigned(req, '/api/site/v1/nav?type=1');
  });

  it('signs a POST over the JSON body exactly as sent', async () => {
    const { requests } = mockApi({ '/usercenter/v1/mall/mall-quota-to-std-coin': () => ({ ok: true }) });
    await apiPost('/usercenter/v1/mall/mall-quota-to-std-coin', { convert_amount: 125000 });
    const req = requests[0]!;
    expect(req.body).toBe('{"convert_amount":125000}');
    expect(req.headers['content-type']).toBe('application/json');
    await expectSigned(req, '/api/usercenter/v1/mall/mall-quota-to-std-coin');
  });

  it('sends the interface language and, when the cookie exists, the bearer token', async () => {
    const { requests } = mockApi({ '/x': () => null });
    await i18n.changeLanguage('en-US');
    setCookie('Authorization', 'tok-123');
    await apiGet('/x');
    expect(requests[0]?.headers['x-lang']).toBe('en-US');
    expect(requests[0]?.headers.authorization).toBe('Bearer tok-123');
  });

  it('returns data of a code 200 envelope, checked against the contract', async () => {
    mockApi({ '/site/v1/nav': () => ({ nav_infos: [] }) });
    await expect(apiGet('/site/v1/nav', {}, { schema: navResponse })).resolves.toEqual({ nav_infos: [] });
  });

  it('accepts code 0 only where the caller allows it', async () => {
    mockApi({ '/sell': () => new Response(JSON.stringify({ code: 0, data: { sold: 1 }, msg: '' })) });
    await expect(apiPost('/sell', {}, { allowZero: true })).resolves.toEqual({ sold: 1 });
    await expect(apiPost('/sell', {})).rejects.toBeInstanceOf(ApiError);
  });

  it('on code 401 signs out, shows the login prompt with the message and asks for the login dialog', async () => {
    setCookie('loginFlag', '1');
    setCookie('Authorization', 'tok');
    mockApi({ '/me': () => fail(401, '登录已过期') });
    const error = await apiGet('/me').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).failure).toBe('unauthorized');
    expect(document.cookie).not.toContain('loginFlag');
    expect(document.cookie).not.toContain('Authorization');
    expect(events).toEqual([APP_EVENTS.signedOut, APP_EVENTS.openLogin]);
    expect(getToasts()).toMatchObject([{ kind: 'warning', title: '登录提示', message: '登录已过期' }]);
  });

  it('on HTTP 401 without a message says 请先登录', async () => {
    mockApi({ '/me': () => new Response('unauthorized', { status: 401 }) });
    await expect(apiGet('/me')).rejects.toMatchObject({ failure: 'unauthorized' });
    expect(getToasts()).toMatchObject([{ kind: 'warning', message: '请先登录' }]);
    expect(events).toContain(APP_EVENTS.openLogin);
  });

  it('on code 400 shows the server message as an error toast', async () => {
    mockApi({ '/redeem': () => fail(400, '兑换码无效', 400) });
    await expect(apiPost('/redeem', { key: 'x' })).rejects.toMatchObject({ failure: 'rejected', code: 400 });
    expect(getToasts()).toMatchObject([{ kind: 'error', message: '兑换码无效' }]);
  });

  it('stays quiet for callers that opt out', async () => {
    mockApi({ '/redeem': () => fail(4000, '参数不正确', 400) });
    await expect(apiPost('/redeem', {}, { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(getToasts()).toEqual([]);
  });

  it('says the server is busy when there is no answer within 20 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const fetchMock = vi.fn(
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const pending = apiGet('/slow').catch((e: unknown) => e);
    // Signing is asynchronous (WebCrypto): the timeout starts when the request goes out.
    while (fetchMock.mock.calls.length === 0) await new Promise((r) => setImmediate(r));
    await vi.advanceTimersByTimeAsync(19_999);
    expect(getToasts()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toMatchObject({ failure: 'timeout' });
    expect(getToasts()).toMatchObject([{ kind: 'error', message: '服务器繁忙，请稍后再试' }]);
  });

  it('stays quiet when the caller cancels while the body of the answer is still coming', async () => {
    const caller = new AbortController();
    const body = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"code":200,'));
        caller.signal.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
      },
    });
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response(body, { status: 200 })));
    const pending = apiGet('/room', {}, { signal: caller.signal }).catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 20));
    caller.abort();
    expect(await pending).toMatchObject({ failure: 'aborted' });
    expect(getToasts()).toEqual([]);
  });

  it('says the server is busy when the network fails or the answer is not an envelope', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(apiGet('/down')).rejects.toMatchObject({ failure: 'network' });
    mockApi({ '/proxy': () => new Response('<html>502</html>', { status: 502 }) });
    await expect(apiGet('/proxy')).rejects.toMatchObject({ failure: 'network' });
    expect(getToasts()).toMatchObject([{ kind: 'error', message: '服务器繁忙，请稍后再试' }]);
  });

  it('rejects a success envelope that breaks the contract', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi({ '/site/v1/nav': () => ({ nav_infos: [{ id: 'x' }] }) });
    await expect(apiGet('/site/v1/nav', {}, { schema: navResponse })).rejects.toMatchObject({ failure: 'invalid' });
  });
});
