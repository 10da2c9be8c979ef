import { BEACON_PATHS } from '@kaixiang/shared/beacon';
import { SITE_PATHS } from '@kaixiang/shared/site';
import { vi } from 'vitest';
import { GROUP_INFO, HOST_INFO, LOCAL_BEACON_INFO, NAV_EN, NAV_ZH, STATISTICS } from './fixtures.ts';

export interface MockRequest {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body: string;
}

/** What a handler returns: envelope data (wrapped with code 200), or a full Response. */
export type MockHandler = (req: MockRequest) => unknown;

export const ok = (data: unknown) => new Response(JSON.stringify({ code: 200, data, msg: '' }), { status: 200 });
export const fail = (code: number, msg: string, status = 200) =>
  new Response(JSON.stringify({ code, data: null, msg }), { status });

/** Site endpoints answering like a fresh install with some activity; tests override per path. */
export function siteHandlers(): Record<string, MockHandler> {
  return {
    [SITE_PATHS.nav]: (req) => ({ nav_infos: req.headers['x-lang'] === 'en-US' ? NAV_EN : NAV_ZH }),
    [SITE_PATHS.messages]: (req) => ({
      messages:
        req.headers['x-lang'] === 'en-US'
          ? [{ id: 1, content: 'Welcome to Kaixiang' }]
          : [
              { id: 1, content: '欢迎来到开箱' },
              { id: 2, content: '理性消费' },
            ],
    }),
    [SITE_PATHS.bgm]: () => ({ bgm_list_info: [] }),
    [SITE_PATHS.rewardHistory]: () => ({ infos: [] }),
    [SITE_PATHS.groupInfo]: () => GROUP_INFO,
    [SITE_PATHS.hostInfo]: () => HOST_INFO,
    [SITE_PATHS.statistics]: () => STATISTICS,
    [SITE_PATHS.banners]: () => ({ banners: [] }),
    [SITE_PATHS.activities]: () => ({ activities: [] }),
    [BEACON_PATHS.info]: () => LOCAL_BEACON_INFO,
  };
}

/**
 * Replaces fetch with handlers keyed by API path (without /api). Unknown paths answer 404 with
 * the envelope, like the server. Returns the mock to inspect calls.
 */
export function mockApi(overrides: Record<string, MockHandler> = {}) {
  const handlers = { ...siteHandlers(), ...overrides };
  const requests: MockRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const headers = Object.fromEntries(
      Object.entries((init.headers as Record<string, string>) ?? {}).map(([k, v]) => [k.toLowerCase(), v]),
    );
    const req: MockRequest = { url, method: init.method ?? 'GET', headers, body: String(init.body ?? '') };
    requests.push(req);
    const handler = handlers[url.pathname.replace(/^\/api/, '')];
    if (!handler) return fail(404, '接口不见了', 404);
    const result = await handler(req);
    return result instanceof Response ? result : ok(result);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, requests };
}
