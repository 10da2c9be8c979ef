import { hmacSha256Hex, sha256Hex } from '@kaixiang/game/sha256';
import { BEACON_PATHS, DRAND_QUICKNET } from '@kaixiang/shared/beacon';
import { ERRORS, errorMessage } from '@kaixiang/shared/errors';
import { LOCALES } from '@kaixiang/shared/locale';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeClock, startTestApp, type TestApp } from '../../../test/support/test-app.ts';

/**
 * The beacon a player checks a room's public seed against (docs/games/engine.md "Public beacon"),
 * followed as a plain link: no signature headers, as a browser tab sends it.
 */
describe('the local beacon over HTTP', () => {
  const clock = fakeClock(Date.UTC(2026, 10, 21, 8, 0, 0, 400));
  let t: TestApp;
  const plain = (url: string, lang?: string) =>
    t.app.inject({ method: 'GET', url, headers: lang ? { 'x-lang': lang } : {} });
  beforeAll(async () => {
    t = await startTestApp({ clock });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('serves a published round unsigned at the address rooms link to, for good', async () => {
    const round = Math.floor(clock.now() / 1000); // published at 08:00:00, 400 ms ago
    const url = t.app.games.beacon.urlOf(round);
    expect(url).toBe(`/api/site/v1/beacon?round=${round}`);
    const res = await plain(url);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      code: 200,
      data: { round, randomness: hmacSha256Hex(t.rt.config.BEACON_KEY, `kaixiang-beacon:${round}`) },
      msg: '',
    });
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The value the rooms took: the engine's beacon gives the same for the round after a close.
    const taken = await t.app.games.beacon.valueAfter(clock.now() - 1_000);
    expect(taken).toEqual({ round, value: res.json().data.randomness });
  });

  it('refuses a round still to come, in the player’s language, until its second has come', async () => {
    const next = Math.floor(clock.now() / 1000) + 1;
    for (const lang of LOCALES) {
      const res = await plain(`/api${BEACON_PATHS.round}?round=${next}`, lang);
      expect(res.statusCode).toBe(ERRORS.BEACON_ROUND_NOT_PUBLISHED.http);
      expect(res.json()).toMatchObject({
        code: ERRORS.BEACON_ROUND_NOT_PUBLISHED.code,
        data: null,
        msg: errorMessage('BEACON_ROUND_NOT_PUBLISHED', lang),
      });
      // Not kept: the same address answers the value once the round is out.
      expect(res.headers['cache-control']).toBeUndefined();
    }
    clock.advance(600);
    expect((await plain(`/api${BEACON_PATHS.round}?round=${next}`)).statusCode).toBe(200);
  });

  it('refuses a round that is not a positive whole number', async () => {
    for (const round of ['0', '-3', '1.5', 'abc', '', '99999999999999999999']) {
      const res = await plain(`/api${BEACON_PATHS.round}?round=${round}`);
      expect(res.statusCode, round).toBe(400);
      expect(res.json().code, round).toBe(ERRORS.VALIDATION_FAILED.code);
    }
  });

  it('says which beacon it is, its commitment and its schedule', async () => {
    const res = await plain(`/api${BEACON_PATHS.info}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      kind: 'local',
      hash: sha256Hex(t.rt.config.BEACON_KEY),
      genesis_at: 1_000,
      period_ms: 1_000,
      round_url: '/api/site/v1/beacon?round={round}',
    });
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('still checks the signature of every other read', async () => {
    const res = await plain('/api/site/v1/server-time');
    expect(res.json().code).toBe(ERRORS.SIGNATURE_MISSING.code);
  });
});

describe('the drand beacon over HTTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { BEACON: 'drand', DRAND_URL: 'https://drand-relay.internal.test' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('links a round to drand’s public API, not to the relay the server reads', async () => {
    const url = t.app.games.beacon.urlOf(123_456);
    expect(url).toBe(`https://api.drand.sh/${DRAND_QUICKNET.chainHash}/public/123456`);
    // Our own address sends a player there rather than fetching drand for them.
    const res = await t.app.inject({ method: 'GET', url: `/api${BEACON_PATHS.round}?round=123456` });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(url);
    const info = await t.app.inject({ method: 'GET', url: `/api${BEACON_PATHS.info}` });
    expect(info.json().data).toEqual({
      kind: 'drand',
      hash: DRAND_QUICKNET.chainHash,
      genesis_at: DRAND_QUICKNET.genesisMs,
      period_ms: 3_000,
      round_url: `https://api.drand.sh/${DRAND_QUICKNET.chainHash}/public/{round}`,
    });
  });
});
