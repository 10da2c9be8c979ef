import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { errorMessage } from '@kaixiang/shared/errors';
import { LOCALES } from '@kaixiang/shared/locale';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeClock, startTestApp, type TestApp } from '../../test/support/test-app.ts';

/**
 * An unknown /api path while the built web app is served (issue 10). The SPA's GET /* route
 * matches it and hands it to the 404 handler, which runs the preHandler hooks again: the signature
 * check must not claim the request's nonce a second time and answer SIGNATURE_REPLAYED.
 */
describe('unknown API paths with the web app served', () => {
  const clock = fakeClock();
  const dist = mkdtempSync(join(tmpdir(), 'kx-web-dist-'));
  let t: TestApp;
  beforeAll(async () => {
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head></head><body>spa</body></html>');
    t = await startTestApp({ clock, env: { WEB_DIST: dist } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('still serves the SPA for a client-side route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/userinfo/recharge' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('window.__KX__');
  });

  for (const method of ['GET', 'POST'] as const) {
    for (const lang of LOCALES) {
      it(`answers a signed ${method} to an unknown path with NOT_FOUND in ${lang}`, async () => {
        for (const path of ['/site/v1/no-such-thing', '/no/such/thing?x=1']) {
          const res = await t.api(method, path, { lang, ...(method === 'POST' ? { body: { a: 1 } } : {}) });
          expect(res.status, path).toBe(404);
          expect(res.body).toEqual({ code: 404, data: null, msg: errorMessage('NOT_FOUND', lang), error: 'NOT_FOUND' });
        }
      });

      it(`answers an unsigned ${method} to an unknown path with SIGNATURE_MISSING in ${lang}`, async () => {
        // Every /api path is signed, known or not: an unsigned caller learns nothing about which exist.
        const res = await t.api(method, '/site/v1/no-such-thing', { lang, unsigned: true });
        expect(res.status).toBe(400);
        expect(res.body).toEqual({
          code: 4011,
          data: null,
          msg: errorMessage('SIGNATURE_MISSING', lang),
          error: 'SIGNATURE_MISSING',
        });
      });
    }
  }

  it('still refuses a replayed nonce on an unknown path', async () => {
    const nonce = '0123456789abcdef0123456789abcdef';
    const first = await t.api('GET', '/no/such/thing', { nonce });
    const again = await t.api('GET', '/no/such/thing', { nonce, lang: 'en-US' });
    expect(first.body.error).toBe('NOT_FOUND');
    expect(again.body).toMatchObject({
      code: 4013,
      error: 'SIGNATURE_REPLAYED',
      msg: 'This request was already received',
    });
  });
});
