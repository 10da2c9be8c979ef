import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { USDT_CONTRACTS } from './chain-watcher.ts';
import { createTronWatcher } from './tron-watcher.ts';

/** Recorded-shape responses (no network in tests). */
const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')) as { result?: unknown } & Record<
    string,
    unknown
  >;
const nowBlock = fixture('trongrid-getnowblock.json');
const transfers = fixture('trongrid-trc20-transfers.json');
const mined = fixture('trongrid-txinfo-mined.json');
const unmined = fixture('trongrid-txinfo-unmined.json');

const ADDRESS = 'TN3FhU385mWkiLBEiuAzkChwV81R5ZhQkP';
const MINED_TX = '9f3c1a7be0d4c2f5a8e6b1d0c3f2e4a5b6c7d8e9f0a1b2c3d4e5f60718293a4b';

/** Answers TronGrid calls from the recorded-shape fixtures and remembers what was asked. */
function fakeTronGrid() {
  const calls: { url: string; method: string; headers: Record<string, string>; body: unknown }[] = [];
  const fetch = async (url: string, init?: RequestInit) => {
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ url, method: init?.method ?? 'GET', headers: init?.headers as Record<string, string>, body });
    const path = new URL(url).pathname;
    let json: unknown = { Error: 'not found' };
    if (path === `/v1/accounts/${ADDRESS}/transactions/trc20`) json = transfers;
    else if (path === '/wallet/getnowblock') json = nowBlock;
    else if (path === '/wallet/gettransactioninfobyid') json = body.value === MINED_TX ? mined : unmined;
    return new Response(JSON.stringify(json), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  return { fetch, calls };
}

describe('TRON watcher (TronGrid)', () => {
  it('reports USDT transfers to the address with confirmations from the head, and skips other tokens', async () => {
    const grid = fakeTronGrid();
    const w = createTronWatcher({
      fetch: grid.fetch,
      baseUrl: 'https://api.trongrid.example/',
      apiKey: 'k-123',
      contract: USDT_CONTRACTS.trc20,
    });
    const got = await w.transfers([
      { chain: 'trc20', address: ADDRESS, sinceMs: 1_763_712_000_000 },
      { chain: 'erc20', address: '0xab87cf79156c100bed8831b238303de219c6f532', sinceMs: 0 },
    ]);
    expect(got).toEqual([
      {
        chain: 'trc20',
        address: ADDRESS,
        txHash: MINED_TX,
        transferId: MINED_TX,
        amountMicro: 14_157_894n,
        // head 77926218 − block 77926200 + 1
        confirmations: 19,
        seenAt: 1_763_712_900_000,
      },
      {
        chain: 'trc20',
        address: ADDRESS,
        txHash: '1b2c3d4e5f60718293a4b9f3c1a7be0d4c2f5a8e6b1d0c3f2e4a5b6c7d8e9f0a',
        transferId: '1b2c3d4e5f60718293a4b9f3c1a7be0d4c2f5a8e6b1d0c3f2e4a5b6c7d8e9f0a',
        amountMicro: 5_000_000n,
        confirmations: 0,
        seenAt: 1_763_712_960_000,
      },
    ]);
    const list = grid.calls.find((c) => c.url.includes('/transactions/trc20'));
    const q = new URL(list?.url ?? '').searchParams;
    expect(q.get('contract_address')).toBe(USDT_CONTRACTS.trc20);
    expect(q.get('only_to')).toBe('true');
    expect(q.get('min_timestamp')).toBe('1763712000000');
    expect(list?.headers['TRON-PRO-API-KEY']).toBe('k-123');
    expect(list?.url.startsWith('https://api.trongrid.example/v1/')).toBe(true);
  });

  it('asks for a mined transaction block once, and again for one still unmined', async () => {
    const grid = fakeTronGrid();
    const w = createTronWatcher({ fetch: grid.fetch, baseUrl: 'https://t.example', contract: USDT_CONTRACTS.trc20 });
    const watched = [{ chain: 'trc20' as const, address: ADDRESS, sinceMs: 0 }];
    await w.transfers(watched);
    await w.transfers(watched);
    const infos = grid.calls.filter((c) => c.url.endsWith('/wallet/gettransactioninfobyid')).map((c) => c.body);
    expect(infos).toEqual([
      { value: MINED_TX },
      { value: '1b2c3d4e5f60718293a4b9f3c1a7be0d4c2f5a8e6b1d0c3f2e4a5b6c7d8e9f0a' },
      { value: '1b2c3d4e5f60718293a4b9f3c1a7be0d4c2f5a8e6b1d0c3f2e4a5b6c7d8e9f0a' },
    ]);
  });

  it('fails the poll (and credits nothing) when TronGrid answers an error', async () => {
    const w = createTronWatcher({
      fetch: async () => new Response('rate limited', { status: 429 }),
      baseUrl: 'https://t.example',
      contract: USDT_CONTRACTS.trc20,
    });
    await expect(w.transfers([{ chain: 'trc20', address: ADDRESS, sinceMs: 0 }])).rejects.toThrow('HTTP 429');
  });
});
