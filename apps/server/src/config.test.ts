import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('config', () => {
  it('has working defaults for the embedded mode', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.REDIS_URL).toBeUndefined();
  });

  it('stops with every problem listed, not just the first', () => {
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', REDIS_URL: 'http://y', NODE_ENV: 'production' });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      const problems = (e as ConfigError).problems.join('\n');
      for (const name of ['PORT', 'DATABASE_URL', 'REDIS_URL']) expect(problems).toContain(name);
    }
  });

  it('requires real secrets and the public origin in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /SIGN_SECRET[\s\S]*TOKEN_SECRET[\s\S]*STAFF_TOTP_KEY[\s\S]*ID_HASH_SECRET[\s\S]*PUBLIC_ORIGIN/,
    );
    const ok = loadConfig({
      NODE_ENV: 'production',
      SIGN_SECRET: 'x'.repeat(32),
      TOKEN_SECRET: 'y'.repeat(40),
      STAFF_TOTP_KEY: 'w'.repeat(40),
      ID_HASH_SECRET: 'z'.repeat(40),
      PUBLIC_ORIGIN: 'https://kaixiang.example',
    });
    expect(ok.NODE_ENV).toBe('production');
  });

  it('needs every Tencent SMS key when SMS_PROVIDER=tencent', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'tencent', TENCENT_SMS_SECRET_ID: 'id' })).toThrow(
      /TENCENT_SMS_SECRET_KEY[\s\S]*TENCENT_SMS_TEMPLATE_ID/,
    );
    expect(loadConfig({}).SMS_PROVIDER).toBe('sandbox');
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).PORT).toBe(3000);
  });
  it("takes TRUST_PROXY as the proxies' addresses, and refuses true and hop counts (a client could choose its address)", () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.0/8, 127.0.0.1,fd00::/8,uniquelocal' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      'fd00::/8',
      'uniquelocal',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: true would trust every hop/);
    expect(() => loadConfig({ TRUST_PROXY: '1' })).toThrow(/TRUST_PROXY: a hop count cannot tell the proxy/);
    for (const bad of ['yes', '10.0.0.0/33', '10.0.0/8', 'fd00::/129', '10.0.0.1,,10.0.0.2', 'lb.internal']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY: .* is not an address or range/);
    }
  });
});
