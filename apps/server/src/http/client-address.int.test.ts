import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captcha, newPhone } from '../../test/support/accounts.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';
import { verificationCodes } from '../db/schema/accounts.ts';
import { CODE_DAILY_CAP_PER_IP } from '../modules/accounts/codes.service.ts';

/**
 * Issue 20 §2: behind a proxy, X-Forwarded-For must not let a client choose the address its
 * limits are counted under (84 SMS codes went out from one host under 84 forged addresses).
 * The SMS code's per-address daily cap, and the address stored with each code, show which
 * address the server took.
 */
const LOAD_BALANCER = '192.0.2.10';
const CLIENT = '203.0.113.7';

/** Asks for a code for a fresh phone; answers the error (null when sent) and the address recorded. */
async function sendCode(t: TestApp, forwardedFor: string | null, remoteAddress: string) {
  const mobile = newPhone();
  const c = await captcha(t);
  const res = await t.api('POST', '/sms/v1/code', {
    body: { mobile, code_type: 1, captcha: c.answer, captcha_id: c.captcha_id },
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    remoteAddress,
  });
  const [row] = await t.rt.database.db
    .select({ ip: verificationCodes.ip })
    .from(verificationCodes)
    .where(eq(verificationCodes.target, mobile));
  return { error: res.body.error ?? null, ip: row?.ip ?? null };
}

describe("TRUST_PROXY set to the load balancer's address", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { TRUST_PROXY: LOAD_BALANCER } });
  });
  afterAll(() => t.close());

  it('counts a client under the address the load balancer saw, whatever it forges to the left', async () => {
    for (let i = 0; i < CODE_DAILY_CAP_PER_IP; i++) {
      // What a client sends through the balancer: its forged header, then the balancer appends the real address.
      expect(await sendCode(t, `198.51.100.${i}, ${CLIENT}`, LOAD_BALANCER)).toEqual({ error: null, ip: CLIENT });
    }
    expect((await sendCode(t, `198.51.100.200, ${CLIENT}`, LOAD_BALANCER)).error).toBe('CODE_DAILY_LIMIT');
    // Another client behind the same balancer has its own count.
    expect(await sendCode(t, '198.51.100.1, 203.0.113.8', LOAD_BALANCER)).toEqual({ error: null, ip: '203.0.113.8' });
  });

  it('ignores the header from anyone but the balancer: a client reaching the server directly cannot forge it', async () => {
    expect(await sendCode(t, `198.51.100.1, ${CLIENT}`, '198.51.100.50')).toEqual({ error: null, ip: '198.51.100.50' });
  });
});

describe('TRUST_PROXY unset: no proxy trusted', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('ignores X-Forwarded-For and counts the connecting address', async () => {
    expect(await sendCode(t, `198.51.100.1, ${CLIENT}`, LOAD_BALANCER)).toEqual({ error: null, ip: LOAD_BALANCER });
    expect(await sendCode(t, null, LOAD_BALANCER)).toEqual({ error: null, ip: LOAD_BALANCER });
  });
});

describe('TRUST_PROXY as a range holding two proxies in a row (a CDN, then the balancer)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { TRUST_PROXY: '192.0.2.0/24' } });
  });
  afterAll(() => t.close());

  it('walks back over every listed proxy to the first address outside the range', async () => {
    expect(await sendCode(t, `198.51.100.1, ${CLIENT}, 192.0.2.20`, LOAD_BALANCER)).toEqual({
      error: null,
      ip: CLIENT,
    });
  });
});
