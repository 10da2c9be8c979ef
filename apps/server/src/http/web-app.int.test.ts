import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { BOX_PATHS } from '@kaixiang/shared/boxes';
import { signRequest } from '@kaixiang/shared/signature';
import { SITE_PATHS } from '@kaixiang/shared/site';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';
import { COMPRESS_THRESHOLD_BYTES } from './compression.ts';

/** What a browser sends; Chromium's header, and the older ones without brotli. */
const CHROMIUM = 'gzip, deflate, br, zstd';
const GZIP_ONLY = 'gzip, deflate';

function decoded(res: LightMyRequestResponse): string {
  const raw = res.rawPayload;
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(raw).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(raw).toString('utf8');
  return raw.toString('utf8');
}

/**
 * Compressed answers (issue 10): the web app's assets from their precompressed twins, index.html
 * compressed once in memory, API JSON compressed on the fly above the threshold. A tiny dist in a
 * temp folder stands in for the build; its twins hold markers so the test sees which file was sent.
 */
describe('compressed responses', () => {
  const dist = mkdtempSync(join(tmpdir(), 'kx-web-dist-'));
  const script = `export const app = "${'kaixiang '.repeat(400)}";\n`;
  let t: TestApp;

  beforeAll(async () => {
    mkdirSync(join(dist, 'assets'));
    writeFileSync(
      join(dist, 'index.html'),
      `<!doctype html><html><head><title>开箱</title></head><body>spa</body></html>`,
    );
    writeFileSync(join(dist, 'assets', 'app-abc.js'), script);
    writeFileSync(join(dist, 'assets', 'app-abc.js.br'), brotliCompressSync(`${script}// br twin\n`));
    writeFileSync(join(dist, 'assets', 'app-abc.js.gz'), gzipSync(`${script}// gzip twin\n`));
    t = await startTestApp({ env: { WEB_DIST: dist } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const asset = (acceptEncoding?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/assets/app-abc.js',
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('sends the brotli twin of an asset to a browser that accepts brotli', async () => {
    const res = await asset(CHROMIUM);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toContain('immutable');
    // Sent as built, not compressed a second time on the way out.
    expect(decoded(res)).toBe(`${script}// br twin\n`);
  });

  it('sends the gzip twin when brotli is not accepted', async () => {
    const res = await asset(GZIP_ONLY);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(decoded(res)).toBe(`${script}// gzip twin\n`);
  });

  it('sends the asset itself when no encoding is accepted', async () => {
    for (const header of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const res = await asset(header);
      expect(res.statusCode, header).toBe(200);
      expect(res.headers['content-encoding'], header).toBeUndefined();
      expect(res.headers.vary, header).toMatch(/accept-encoding/i);
      expect(res.body, header).toBe(script);
    }
  });

  it('does not expose the twins under their own names', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc.js.br' });
    expect(res.body).not.toContain('br twin');
  });

  it('compresses index.html, with the runtime config injected, on every client route', async () => {
    for (const url of ['/', '/index.html', '/box/1', '/help/qustion']) {
      for (const [header, encoding] of [
        [CHROMIUM, 'br'],
        [GZIP_ONLY, 'gzip'],
        [undefined, undefined],
      ] as const) {
        const res = await t.app.inject({
          method: 'GET',
          url,
          headers: header === undefined ? {} : { 'accept-encoding': header },
        });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(res.headers['content-encoding'], `${url} ${header}`).toBe(encoding);
        expect(res.headers.vary).toMatch(/accept-encoding/i);
        const html = decoded(res);
        expect(html).toContain('window.__KX__=');
        expect(html).toContain('<title>开箱</title>');
      }
    }
  });

  async function signedGet(path: string, acceptEncoding?: string) {
    const url = `/api${path}`;
    const headers: Record<string, string> = await signRequest(
      t.rt.config.SIGN_SECRET,
      { method: 'GET', pathWithQuery: url, body: '' },
      t.rt.clock.now(),
    );
    if (acceptEncoding) headers['accept-encoding'] = acceptEncoding;
    return t.app.inject({ method: 'GET', url, headers });
  }

  it("names the home page's first banner as a preload, and no other page's", async () => {
    const banners = await t.api<{ banners: { img: string }[] }>('GET', SITE_PATHS.banners);
    const first = banners.body.data.banners[0]?.img;
    expect(first).toBeTruthy();
    const home = decoded(await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': CHROMIUM } }));
    expect(home).toContain(`<link rel="preload" as="image" href="${first}" fetchpriority="high">`);
    // Before the scripts: the browser starts the image with them, not after they ran.
    expect(home.indexOf('rel="preload"')).toBeLessThan(home.indexOf('window.__KX__'));
    const other = decoded(await t.app.inject({ method: 'GET', url: '/help/qustion' }));
    expect(other).not.toContain('rel="preload"');
    expect(other).toContain('window.__KX__');
  });

  it('compresses JSON answers above the threshold', async () => {
    const plain = await signedGet(BOX_PATHS.list);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);

    for (const [header, encoding] of [
      [CHROMIUM, 'br'],
      [GZIP_ONLY, 'gzip'],
    ] as const) {
      const res = await signedGet(BOX_PATHS.list, header);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(JSON.parse(decoded(res))).toEqual(plain.json());
    }
  });

  it('leaves small JSON answers plain', async () => {
    const res = await signedGet(SITE_PATHS.serverTime, CHROMIUM);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json().code).toBe(200);
  });

  it('checks the signature over the body as sent', async () => {
    // A signed POST with a JSON body: the raw bytes the signature covers reach the check intact.
    const res = await t.api('POST', BOX_PATHS.open, {
      body: { box_id: 1, count: 1, request_id: 'web-app-test-1' },
      headers: { 'accept-encoding': 'identity' },
    });
    expect(res.body.error).not.toMatch(/^SIGNATURE/);
    const tampered = await t.api('POST', BOX_PATHS.open, {
      body: { box_id: 1, count: 1, request_id: 'web-app-test-2' },
      headers: { 'accept-encoding': 'identity' },
      tamper: (b) => b.replace(`"count":1`, `"count":5`),
    });
    expect(tampered.body.error).toBe('SIGNATURE_INVALID');
  });
});
