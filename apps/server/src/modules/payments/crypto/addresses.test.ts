import { describe, expect, it } from 'vitest';
import { isEthAddress, isTronAddress, parseAddressList, sandboxAddress } from './addresses.ts';
import { checkUsdtAmount } from './crypto-orders.ts';

describe('deposit addresses', () => {
  it('checks TRON base58check and Ethereum hex addresses', () => {
    expect(isTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(true);
    expect(isTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u')).toBe(false);
    expect(isTronAddress('0xdAC17F958D2ee523a2206206994597C13D831ec7')).toBe(false);
    expect(isEthAddress('0xdAC17F958D2ee523a2206206994597C13D831ec7')).toBe(true);
    expect(isEthAddress('0xdAC17F958D2ee523a2206206994597C13D831ec')).toBe(false);
  });

  it('makes well-formed, stable, distinct sandbox addresses', () => {
    const tron = Array.from({ length: 50 }, (_, n) => sandboxAddress('trc20', n));
    const eth = Array.from({ length: 50 }, (_, n) => sandboxAddress('erc20', n));
    expect(tron.every((a) => a.length === 34 && isTronAddress(a))).toBe(true);
    expect(eth.every(isEthAddress)).toBe(true);
    expect(new Set([...tron, ...eth]).size).toBe(100);
    expect(sandboxAddress('trc20', 0)).toBe('TN3FhU385mWkiLBEiuAzkChwV81R5ZhQkP');
  });

  it('reads the operator list and names every bad line', () => {
    const list = parseAddressList(
      [
        '# pool',
        'trc20,TN3FhU385mWkiLBEiuAzkChwV81R5ZhQkP',
        '',
        'erc20, 0xAB87cf79156c100bed8831b238303de219c6f532',
        'erc20,0x12',
        'btc,1abc',
      ].join('\n'),
    );
    expect(list.entries).toEqual([
      { chain: 'trc20', address: 'TN3FhU385mWkiLBEiuAzkChwV81R5ZhQkP' },
      { chain: 'erc20', address: '0xab87cf79156c100bed8831b238303de219c6f532' },
    ]);
    expect(list.problems).toHaveLength(2);
    expect(list.problems[0]).toContain('line 5');
  });
});

describe('USDT order amount', () => {
  it('takes whole CNY from 100 to 20000, sent as 10000 × CNY', () => {
    expect(checkUsdtAmount(1_000_000)).toEqual({ ok: true, cny: 100 });
    expect(checkUsdtAmount(200_000_000)).toEqual({ ok: true, cny: 20_000 });
    expect(checkUsdtAmount(undefined)).toEqual({ ok: false, error: 'USDT_AMOUNT_INVALID' });
    expect(checkUsdtAmount(0)).toEqual({ ok: false, error: 'USDT_AMOUNT_INVALID' });
    expect(checkUsdtAmount(1_000_001)).toEqual({ ok: false, error: 'USDT_AMOUNT_INVALID' });
    expect(checkUsdtAmount(990_000)).toEqual({ ok: false, error: 'USDT_BELOW_MINIMUM' });
    expect(checkUsdtAmount(200_010_000)).toEqual({ ok: false, error: 'USDT_ABOVE_MAXIMUM' });
  });
});
