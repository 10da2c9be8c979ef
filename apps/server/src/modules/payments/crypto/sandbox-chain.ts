import { randomBytes } from 'node:crypto';
import { USDT_CHAINS, type UsdtChain } from '@kaixiang/shared/payments';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { sandboxChainHeads, sandboxChainTransfers } from '../../../db/schema/crypto.ts';
import type { Clock } from '../../../infra/clock.ts';
import { type ChainWatcher, confirmationsAt, type IncomingTransfer, type WatchedAddress } from './chain-watcher.ts';

/**
 * The sandbox chain (never in production): both USDT chains kept in the database, so a deposit
 * made from the dev page in one process is seen by the watcher in another and survives a restart.
 * A deposit is mined into a new block at once (1 confirmation); `mine(n)` adds n empty blocks.
 * confirmations = height − block + 1.
 */
export function createSandboxChain(deps: {
  db: Db;
  clock: Clock;
  transaction: <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;
}) {
  const { db, clock } = deps;

  /** Moves a chain's head up by `blocks` and returns the new height (the row lock orders blocks). */
  const advance = async (tx: Tx, chain: UsdtChain, blocks: number) => {
    const [row] = await tx
      .insert(sandboxChainHeads)
      .values({ chain, height: blocks })
      .onConflictDoUpdate({
        target: sandboxChainHeads.chain,
        set: { height: sql`${sandboxChainHeads.height} + ${blocks}` },
      })
      .returning({ height: sandboxChainHeads.height });
    return row?.height ?? blocks;
  };

  const heights = async (): Promise<Record<UsdtChain, number>> => {
    const rows = await db.select().from(sandboxChainHeads);
    const out = { trc20: 0, erc20: 0 } as Record<UsdtChain, number>;
    for (const r of rows) if (r.chain in out) out[r.chain as UsdtChain] = r.height;
    return out;
  };

  const watcher: ChainWatcher = {
    name: 'sandbox',
    chains: USDT_CHAINS,
    async transfers(watched: readonly WatchedAddress[]): Promise<IncomingTransfer[]> {
      if (watched.length === 0) return [];
      const head = await heights();
      const out: IncomingTransfer[] = [];
      for (const chain of USDT_CHAINS) {
        const mine = watched.filter((w) => w.chain === chain);
        if (mine.length === 0) continue;
        const rows = await db
          .select()
          .from(sandboxChainTransfers)
          .where(
            and(
              eq(sandboxChainTransfers.chain, chain),
              inArray(
                sandboxChainTransfers.address,
                mine.map((w) => w.address),
              ),
            ),
          );
        for (const r of rows) {
          const since = mine.find((w) => w.address === r.address)?.sinceMs ?? 0;
          if (r.sentAt.getTime() < since) continue;
          out.push({
            chain,
            address: r.address,
            txHash: r.txHash,
            transferId: r.txHash,
            amountMicro: r.amountMicro,
            confirmations: confirmationsAt(head[chain], r.blockHeight),
            seenAt: r.sentAt.getTime(),
          });
        }
      }
      return out;
    },
  };

  return {
    watcher,
    heights,
    /** Sends `amountMicro` USDT to an address: a new block holding just this transfer. */
    async deposit(chain: UsdtChain, address: string, amountMicro: bigint) {
      const hex = randomBytes(32).toString('hex');
      const txHash = chain === 'erc20' ? `0x${hex}` : hex;
      return deps.transaction(async (tx) => {
        const height = await advance(tx, chain, 1);
        await tx.insert(sandboxChainTransfers).values({
          chain,
          txHash,
          address,
          amountMicro,
          blockHeight: height,
          sentAt: new Date(clock.now()),
        });
        return { chain, tx_hash: txHash, address, amount_micro: amountMicro.toString(), block: height };
      });
    },
    /** Mines `blocks` empty blocks on one chain, or on both. */
    async mine(blocks: number, chain?: UsdtChain) {
      await deps.transaction(async (tx) => {
        for (const c of chain ? [chain] : USDT_CHAINS) await advance(tx, c, blocks);
      });
      return heights();
    },
    /** Every sandbox transfer, newest first (the dev page). */
    transfersList: () =>
      db.select().from(sandboxChainTransfers).orderBy(sql`${sandboxChainTransfers.id} desc`).limit(200),
  };
}

export type SandboxChain = ReturnType<typeof createSandboxChain>;
