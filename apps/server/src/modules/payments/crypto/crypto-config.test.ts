import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config.ts';

const PROD = {
  NODE_ENV: 'production',
  SIGN_SECRET: 'x'.repeat(32),
  TOKEN_SECRET: 'y'.repeat(40),
  STAFF_TOTP_KEY: 'w'.repeat(40),
  ID_HASH_SECRET: 'z'.repeat(40),
  PUBLIC_ORIGIN: 'https://kaixiang.example',
};

describe('USDT configuration', () => {
  it('defaults to mainnet USDT contracts, 19 and 12 confirmations and a 1 USDT fee', () => {
    const c = loadConfig({});
    expect(c.CHAIN_WATCHER).toBeUndefined();
    expect(c.USDT_TRC20_CONTRACT).toBe('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
    expect(c.USDT_ERC20_CONTRACT).toBe('0xdAC17F958D2ee523a2206206994597C13D831ec7');
    expect([c.USDT_CONFIRMATIONS_TRC20, c.USDT_CONFIRMATIONS_ERC20, c.USDT_NETWORK_FEE_MICRO]).toEqual([
      19, 12, 1_000_000,
    ]);
  });

  it('never allows the sandbox chain in production', () => {
    expect(() => loadConfig({ ...PROD, CHAIN_WATCHER: 'sandbox' })).toThrow(/CHAIN_WATCHER/);
    expect(loadConfig(PROD).CHAIN_WATCHER).toBeUndefined();
  });

  it('needs an Ethereum node and the address list to watch live', () => {
    expect(() => loadConfig({ CHAIN_WATCHER: 'live' })).toThrow(/ETH_RPC_URL[\s\S]*CRYPTO_ADDRESS_FILE/);
    const c = loadConfig({
      ...PROD,
      CHAIN_WATCHER: 'live',
      ETH_RPC_URL: 'https://eth.example',
      CRYPTO_ADDRESS_FILE: '/etc/kaixiang/addresses.txt',
    });
    expect(c.TRONGRID_URL).toBe('https://api.trongrid.io');
  });
});
