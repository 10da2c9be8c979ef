import type { UsdtChain } from '@kaixiang/shared/payments';
import type { Db } from '../../../db/client.ts';
import type { Clock } from '../../../infra/clock.ts';
import type { VerifiedNotification } from '../payment-provider.ts';
import { paymentsRepo } from '../payments.repo.ts';
import type { NotifyOutcome } from '../payments.service.ts';
import type { ChainWatcher, RequiredConfirmations, WatchedAddress } from './chain-watcher.ts';
import { type CryptoDeposit, cryptoRepo } from './crypto.repo.ts';

/** A paid order keeps its address this long, so a repeated send still finds it (and goes to an operator). */
export const PAID_HOLD_MS = 60 * 60 * 1000;
/** An unpaid order keeps its address this long after it expired, so a late deposit is still credited. */
export const EXPIRED_GRACE_MS = 24 * 60 * 60 * 1000;

export type DepositStatus = 'pending' | 'credited' | 'underpaid' | 'refused' | 'unmatched';

export interface PollReport {
  seen: number;
  credited: number;
  released: number;
}

/**
 * Turns what the chain watcher sees into credited orders (docs/payments.md "USDT recharge", rules):
 * - a transfer is tied to the order that borrowed the address when it was sent, once;
 * - it waits for the chain's confirmations, then: amount ≥ the order's quantity → credited
 *   through handleNotification as any provider's payment (an overpayment is credited as ordered,
 *   its surplus noted); less → underpaid, not credited; a second transfer to a paid order →
 *   refused; no order → unmatched. The last three wait for an operator;
 * - crediting is idempotent: the transfer id is the order's provider txn id, so the same transfer
 *   seen a hundred times credits once, and a late one (after expiry) is credited like any payment.
 */
export function createCryptoPoller(deps: {
  db: Db;
  clock: Clock;
  watcher: ChainWatcher;
  required: RequiredConfirmations;
  handle: (n: VerifiedNotification) => Promise<NotifyOutcome>;
  log?: { warn: (obj: object, msg: string) => void };
}) {
  const { db, clock, watcher } = deps;

  async function settle(d: CryptoDeposit, now: Date): Promise<boolean> {
    const mark = (status: DepositStatus, surplusMicro?: bigint) =>
      cryptoRepo.settle(db, d.id, { status, settledAt: now, ...(surplusMicro !== undefined ? { surplusMicro } : {}) });
    const [terms, order] = d.orderSn
      ? await Promise.all([cryptoRepo.order(db, d.orderSn), paymentsRepo.order(db, d.orderSn)])
      : [null, null];
    if (!terms || !order) {
      await mark('unmatched');
      deps.log?.warn({ chain: d.chain, tx: d.txHash, address: d.address }, 'usdt deposit without an order');
      return false;
    }
    if (d.amountMicro < BigInt(terms.quantityMicro)) {
      await mark('underpaid');
      deps.log?.warn({ order_sn: order.orderSn, tx: d.txHash }, 'usdt deposit below the order quantity');
      return false;
    }
    const outcome = await deps.handle({
      ok: true,
      event: 'paid',
      orderSn: order.orderSn,
      txnId: `${d.chain}:${d.transferId}`,
      amountUnits: order.realPriceUnits,
    });
    if (outcome.result === 'credited' || outcome.result === 'duplicate') {
      await mark('credited', d.amountMicro - BigInt(terms.quantityMicro));
      return outcome.result === 'credited';
    }
    await mark('refused');
    deps.log?.warn(
      { order_sn: order.orderSn, tx: d.txHash, reason: 'reason' in outcome ? outcome.reason : outcome.result },
      'usdt deposit refused',
    );
    return false;
  }

  async function run(): Promise<PollReport> {
    const now = new Date(clock.now());
    const released = await cryptoRepo.release(db, now, PAID_HOLD_MS, EXPIRED_GRACE_MS);
    // Lent addresses, plus any still waiting on confirmations after its loan ended.
    const loans = new Map<string, { orderSn: string | null; lentAt: Date | null }>();
    const watched = new Map<string, WatchedAddress>();
    for (const l of await cryptoRepo.lent(db)) {
      if (!l.lentAt) continue;
      const key = `${l.chain}:${l.address}`;
      loans.set(key, l);
      watched.set(key, { chain: l.chain as UsdtChain, address: l.address, sinceMs: l.lentAt.getTime() });
    }
    const waiting = await cryptoRepo.pending(db);
    for (const d of waiting) {
      const key = `${d.chain}:${d.address}`;
      const since = Math.min(watched.get(key)?.sinceMs ?? Number.MAX_SAFE_INTEGER, d.sentAt.getTime());
      watched.set(key, { chain: d.chain as UsdtChain, address: d.address, sinceMs: since });
    }
    const list = [...watched.values()].filter((w) => watcher.chains.includes(w.chain));
    const transfers = list.length > 0 ? await watcher.transfers(list) : [];
    // What is pending after this poll's transfers are recorded: the rows read above, updated (or
    // added) by what each record returns, so the deposits table is not read a second time.
    const due = new Map(waiting.map((d) => [d.id, d]));
    for (const t of transfers) {
      // The loans read above; an address watched only for a waiting deposit may have been lent
      // again since, so it is asked for.
      const key = `${t.chain}:${t.address}`;
      const borrower = loans.get(key) ?? (await cryptoRepo.borrower(db, t.chain, t.address));
      // Sent while this loan ran: it is this order's. Sent before: some earlier order's, which
      // the watcher would have shown then; an operator sorts it out.
      const orderSn = borrower?.lentAt && t.seenAt >= borrower.lentAt.getTime() ? borrower.orderSn : null;
      const row = await cryptoRepo.recordTransfer(db, t, orderSn, now);
      if (row.status === 'pending') due.set(row.id, row);
      else due.delete(row.id);
    }
    let credited = 0;
    for (const d of due.values()) {
      if (d.confirmations < deps.required[d.chain as UsdtChain]) continue;
      if (await settle(d, now)) credited++;
    }
    return { seen: transfers.length, credited, released };
  }

  // One poll at a time per process (the job and the dev page may both ask); the order row lock
  // and the txn id keep several processes safe too.
  let last: Promise<unknown> = Promise.resolve();
  return {
    poll(): Promise<PollReport> {
      const next = last.then(run, run);
      last = next.catch(() => undefined);
      return next;
    },
  };
}

export type CryptoPoller = ReturnType<typeof createCryptoPoller>;
