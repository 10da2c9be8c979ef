import { describe, expect, it } from 'vitest';
import { rsaKeys } from '../../../test/support/fake-pay-gateway.ts';
import { ConfigError, loadConfig } from '../../config.ts';
import { realProviders } from './real-providers.ts';

const alipayApp = rsaKeys();
const alipay = rsaKeys();
const merchant = rsaKeys();
const platform = rsaKeys();
/** PEM on one line, as .env files carry it. */
const oneLine = (pem: string) => pem.trim().replace(/\n/g, '\\n');
/** The bare base64 Alipay's key tool prints. */
const bare = (pem: string) => pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');

const ALIPAY = {
  ALIPAY_APP_ID: '2021000000000001',
  ALIPAY_PRIVATE_KEY: oneLine(alipayApp.privateKey),
  ALIPAY_PUBLIC_KEY: bare(alipay.publicKey),
};
const WECHAT = {
  WECHATPAY_APP_ID: 'wx0000000000000001',
  WECHATPAY_MCH_ID: '1900000001',
  WECHATPAY_PRIVATE_KEY: oneLine(merchant.privateKey),
  WECHATPAY_CERT_SERIAL: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
  WECHATPAY_PLATFORM_PUBLIC_KEY: oneLine(platform.publicKey),
  WECHATPAY_PLATFORM_SERIAL: 'PUB_KEY_ID_01',
  WECHATPAY_APIV3_KEY: 'k'.repeat(32),
};
const ORIGIN = { PUBLIC_ORIGIN: 'https://kx.example/' };

const problems = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (e) {
    if (e instanceof ConfigError) return e.problems;
    throw e;
  }
  return [];
};

describe('real payment adapters from the configuration', () => {
  it('builds none without app ids, and each one whose app id is set', () => {
    expect(realProviders(loadConfig({}), { now: Date.now })).toEqual([]);
    const both = realProviders(loadConfig({ ...ALIPAY, ...WECHAT, ...ORIGIN }), { now: Date.now });
    expect(both.map((p) => [p.name, p.payModes])).toEqual([
      ['alipay', ['alipay']],
      ['wechat', ['wechat_pay']],
    ]);
    expect(realProviders(loadConfig({ ...WECHAT, ...ORIGIN }), { now: Date.now }).map((p) => p.name)).toEqual([
      'wechat',
    ]);
  });

  it('reads PEM with literal \\n and bare base64 keys, and stores PEM', () => {
    const c = loadConfig({ ...ALIPAY, ...WECHAT, ...ORIGIN });
    expect(c.ALIPAY_PRIVATE_KEY).toMatch(/^-----BEGIN PRIVATE KEY-----\n/);
    expect(c.ALIPAY_PUBLIC_KEY).toBe(alipay.publicKey);
    expect(c.WECHATPAY_PLATFORM_PUBLIC_KEY).toBe(platform.publicKey);
  });

  it('names every missing companion of a set app id', () => {
    expect(problems({ ALIPAY_APP_ID: '2021', ...ORIGIN })).toEqual([
      'ALIPAY_PRIVATE_KEY: required when ALIPAY_APP_ID is set',
      'ALIPAY_PUBLIC_KEY: required when ALIPAY_APP_ID is set',
    ]);
    const { WECHATPAY_APIV3_KEY: _, WECHATPAY_PLATFORM_SERIAL: __, ...partial } = WECHAT;
    expect(problems({ ...partial })).toEqual([
      'WECHATPAY_PLATFORM_SERIAL: required when WECHATPAY_APP_ID is set',
      'WECHATPAY_APIV3_KEY: required when WECHATPAY_APP_ID is set',
      'PUBLIC_ORIGIN: required when WECHATPAY_APP_ID is set',
    ]);
  });

  it('refuses a key that is not one, a private key given as public, a short APIv3 key', () => {
    expect(
      problems({
        ...ALIPAY,
        ...ORIGIN,
        ALIPAY_PRIVATE_KEY: 'not a key',
        ALIPAY_PUBLIC_KEY: oneLine(alipay.privateKey),
      }),
    ).toEqual([
      'ALIPAY_PRIVATE_KEY: is not a valid RSA private key (PEM or base64)',
      'ALIPAY_PUBLIC_KEY: is a private key; give the public key',
    ]);
    expect(problems({ ...WECHAT, ...ORIGIN, WECHATPAY_APIV3_KEY: 'short' })).toEqual([
      expect.stringMatching(/^WECHATPAY_APIV3_KEY: /),
    ]);
  });

  it('wants https provider endpoints in production', () => {
    const prod = {
      NODE_ENV: 'production',
      SIGN_SECRET: 's'.repeat(32),
      TOKEN_SECRET: 't'.repeat(32),
      STAFF_TOTP_KEY: 'w'.repeat(32),
      ID_HASH_SECRET: 'i'.repeat(32),
      ...ORIGIN,
      ...ALIPAY,
    };
    expect(problems(prod)).toEqual([]);
    expect(problems({ ...prod, ALIPAY_GATEWAY: 'http://127.0.0.1/gateway.do' })).toEqual([
      'ALIPAY_GATEWAY: must be https in production',
    ]);
  });
});
