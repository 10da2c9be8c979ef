import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signRequest } from '@kaixiang/shared/signature';
import { SITE_PATHS } from '@kaixiang/shared/site';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCTION_ENV, startTestApp, type TestApp } from '../../test/support/test-app.ts';
import { HSTS_VALUE } from './security-headers.ts';

/**
 * Issue 20 §3: every answer carries the security headers, and the page's policy allows exactly
 * what the page runs. A tiny dist stands in for the build (the browser test loads the real one).
 */
const dist = mkdtempSync(join(tmpdir(), 'kx-web-dist-'));
mkdirSync(join(dist, 'assets'));
writeFileSync(
  join(dist, 'index.html'),
  '<!doctype html><html><head><title>开箱</title><script type="module" src="/assets/app-abc.js"></script></head><body></body></html>',
);
writeFileSync(join(dist, 'assets', 'app-abc.js'), 'export const app = 1;\n');
afterAll(() => rmSync(dist, { recursive: true, force: true }));

/** The policy as directive → sources. */
function csp(res: LightMyRequestResponse): Map<string, string[]> {
  const header = String(res.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

function expectFrameAndSniffGuards(res: LightMyRequestResponse) {
  expect(csp(res).get('frame-ancestors')).toEqual(["'none'"]);
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('same-origin');
  expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
}

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { WEB_DIST: dist, TRUST_PROXY: 'loopback' } });
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('on the home page: a policy allowing its scripts by file and its one inline script by hash', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expectFrameAndSniffGuards(res);
    const policy = csp(res);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('script-src-attr')).toEqual(["'none'"]);
    const scripts = policy.get('script-src') ?? [];
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts).not.toContain("'unsafe-eval'");
    // The inline script the page really carries is the one the policy names.
    const inline = [...res.body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '');
    expect(inline).toHaveLength(1);
    const hash = createHash('sha256')
      .update(inline[0] ?? '')
      .digest('base64');
    expect(scripts).toEqual(["'self'", `'sha256-${hash}'`]);
    expect(policy.get('style-src')).toEqual(["'self'"]);
    // Item pictures from the catalogue's CDN; the socket on this host.
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'https://cdn.cstrike.app']);
    expect(policy.get('connect-src')).toEqual(["'self'", 'ws://localhost:80', 'wss://localhost:80']);
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('on a game page, the API, a static asset and a 404 alike', async () => {
    const home = csp(await get('/'));
    const url = `/api${SITE_PATHS.statistics}`;
    const signed = await signRequest(
      t.rt.config.SIGN_SECRET,
      { method: 'GET', pathWithQuery: url, body: '' },
      Date.now(),
    );
    const answers = [
      await get('/battle'),
      await get(url, signed),
      await get(url), // unsigned: refused, and guarded all the same
      await get('/assets/app-abc.js'),
      await get('/api/no/such/path'),
      await get('/img/avatars/1.svg'),
    ];
    for (const res of answers) {
      expectFrameAndSniffGuards(res);
      expect(csp(res)).toEqual(home);
    }
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 400, 200, 400, 200]);
  });

  it('HSTS only when the request came over https: X-Forwarded-Proto from a trusted proxy, not from anyone', async () => {
    expect((await get('/', { 'x-forwarded-proto': 'https' })).headers['strict-transport-security']).toBe(HSTS_VALUE);
    const direct = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'x-forwarded-proto': 'https' },
      remoteAddress: '198.51.100.7',
    });
    expect(direct.headers['strict-transport-security']).toBeUndefined();
  });

  it('the /dev tool pages may run their inline scripts, but are not frameable either', async () => {
    const res = await get('/dev/outbox');
    expect(res.statusCode).toBe(200);
    expectFrameAndSniffGuards(res);
    expect(csp(res).get('script-src')).toEqual(["'self'", "'unsafe-inline'"]);
  });

  it('the API docs get their own policy: scripts from files only, inline styles for Swagger UI', async () => {
    const res = await get('/docs/');
    expect(res.statusCode).toBe(200);
    expectFrameAndSniffGuards(res);
    expect(csp(res).get('script-src')).toEqual(["'self'"]);
    expect(csp(res).get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
  });
});

describe('security headers in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { ...PRODUCTION_ENV, WEB_DIST: dist } });
  });
  afterAll(() => t.close());

  it('HSTS on every answer of an https site; the socket named by the public origin; no /dev policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.headers['strict-transport-security']).toBe(HSTS_VALUE);
    expect(csp(res).get('connect-src')).toEqual(["'self'", 'wss://example.test']);
    const dev = await t.app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(dev.statusCode).toBe(404);
    expect(csp(dev).get('script-src')).not.toContain("'unsafe-inline'");
  });
});
