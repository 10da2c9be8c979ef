import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type FetchLike, USDT_CONTRACTS } from './chain-watcher.ts';
import { createEthWatcher, TRANSFER_TOPIC } from './eth-watcher.ts';

/** Recorded-shape responses (no network in tests). */
const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')) as { result?: unknown } & Record<
    string,
    unknown
  >;
const block = fixture('eth-getblock.json');
const logs = fixture('eth-getlogs.json');

const ADDRESS = '0xab87cf79156c100bed8831b238303de219c6f532';
const OTHER = '0xb7b7aadd64b713b1fcf8cc64816e8849b6860d75';
const HEAD = '0x1606a6f'; // 23095919
const NOW_MS = 1_763_745_700_000;

function fakeNode() {
  const calls: { method: string; params: unknown[] }[] = [];
  const fetch = async (_url: string, init?: RequestInit) => {
    const req = JSON.parse(String(init?.body)) as { id: number; method: string; params: unknown[] };
    calls.push({ method: req.method, params: req.params });
    const result =
      req.method === 'eth_blockNumber'
        ? HEAD
        : req.method === 'eth_getLogs'
          ? logs.result
          : req.method === 'eth_getBlockByNumber'
            ? block.result
            : null;
    return new Response(JSON.stringify({ jsonrpc: '2.0', id: req.id, result }), { status: 200 });
  };
  return { fetch, calls };
}

const watcher = (fetch: FetchLike) =>
  createEthWatcher({ fetch, rpcUrl: 'https://eth.example', contract: USDT_CONTRACTS.erc20, now: () => NOW_MS });

describe('Ethereum watcher (JSON-RPC)', () => {
  it('reads USDT Transfer logs to the watched addresses with confirmations and block times', async () => {
    const node = fakeNode();
    const w = watcher(node.fetch);
    const got = await w.transfers([
      { chain: 'erc20', address: ADDRESS, sinceMs: NOW_MS - 600_000 },
      { chain: 'erc20', address: OTHER, sinceMs: NOW_MS - 60_000 },
    ]);
    expect(got).toEqual([
      {
        chain: 'erc20',
        address: ADDRESS,
        txHash: '0x5e4c2d3a1b0f9e8d7c6b5a4938271605f4e3d2c1b0a9f8e7d6c5b4a392817060',
        transferId: '0x5e4c2d3a1b0f9e8d7c6b5a4938271605f4e3d2c1b0a9f8e7d6c5b4a392817060:123',
        amountMicro: 2_632_632_739n,
        confirmations: 20,
        // from eth_getBlockByNumber: this log has no blockTimestamp
        seenAt: 1_763_745_551_000,
      },
      {
        chain: 'erc20',
        address: ADDRESS,
        txHash: '0x0a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f9',
        transferId: '0x0a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f9:2',
        amountMicro: 14_157_894n,
        confirmations: 10,
        seenAt: 1_763_745_611_000,
      },
    ]);
    const getLogs = node.calls.find((c) => c.method === 'eth_getLogs');
    // 10 minutes back at 12 s a block, plus a 64-block margin.
    expect(getLogs?.params).toEqual([
      {
        fromBlock: `0x${(23_095_919 - 50 - 64).toString(16)}`,
        toBlock: HEAD,
        address: USDT_CONTRACTS.erc20,
        topics: [TRANSFER_TOPIC, null, [ADDRESS, OTHER].map((a) => `0x000000000000000000000000${a.slice(2)}`)],
      },
    ]);
    expect(node.calls.filter((c) => c.method === 'eth_getBlockByNumber')).toHaveLength(1);
  });

  it('leaves out a transfer sent before the address was lent', async () => {
    const node = fakeNode();
    const w = watcher(node.fetch);
    const got = await w.transfers([{ chain: 'erc20', address: ADDRESS, sinceMs: 1_763_745_600_000 }]);
    expect(got.map((t) => t.amountMicro)).toEqual([14_157_894n]);
  });

  it('fails on an RPC error instead of reporting nothing', async () => {
    const w = watcher(
      async () =>
        new Response(
          JSON.stringify({
            jsonrpc: '2.0',
            id: 1,
            error: { code: -32005, message: 'query returned more than 10000 results' },
          }),
        ),
    );
    await expect(w.transfers([{ chain: 'erc20', address: ADDRESS, sinceMs: 0 }])).rejects.toThrow('more than 10000');
  });
});
