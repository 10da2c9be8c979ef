import { randomUUID } from 'node:crypto';
import { BOX_PATHS, type BoxCard, type OpenBoxResponse } from '@kaixiang/shared/boxes';
import { ITEM_PATHS, type MoneyActionResponse } from '@kaixiang/shared/inventory';
import {
  type CreateOrderRequest,
  type CreateOrderResponse,
  ORDER_STATUS,
  PAYMENT_PATHS,
  type PayStatusResponse,
  RECHARGE_THROTTLE_MS,
} from '@kaixiang/shared/payments';
import { WALLET_PATHS } from '@kaixiang/shared/wallet';
import { type Http, NetError, type Reply } from '../support/http.ts';
import type { Server, ServerName } from '../support/servers.ts';
import { at, sleep } from '../support/time.ts';
import type { PlayerSocket } from './socket.ts';

/**
 * What the chaos run's clients do, and the record of every operation: what was tried, what the
 * client was told, and what it would move, for the ledger to be checked against afterwards.
 */
export type Kind = 'open' | 'sell' | 'recycle' | 'exchange' | 'recharge';
export const KINDS: readonly Kind[] = ['open', 'sell', 'recycle', 'exchange', 'recharge'];

export interface Attempt {
  server: ServerName;
  /** ack / refused: an answer; cut: the connection died mid-request; down: refused to connect; error: 5xx. */
  result: 'ack' | 'refused' | 'cut' | 'down' | 'error';
  detail: string;
}

export interface Op {
  kind: Kind;
  player: Player;
  /** What finds it in the ledger: a request id, an item id or an order number ('' if none made). */
  key: string;
  startMs: number;
  endMs: number;
  attempts: Attempt[];
  outcome: 'ack' | 'refused' | 'unknown';
  refusal: string;
  /** The process that acknowledged it. */
  ackBy: ServerName | null;
  /** What it moves when it happens, in units: the client's own books. */
  effect: { coin: number; quota: number };
  /** Balances the answer reported: the ledger's after this move (or, for a twin, a later one). */
  seen: { money?: number; quota?: number } | null;
  /** alone; twin: sent to both processes at once (a retry racing its original); pair: beside another of the player's. */
  mode: 'alone' | 'twin' | 'pair';
  /** Answers that contradict each other (a twin told two different openings). */
  conflict: string;
}

export interface Player {
  index: number;
  userId: number;
  token: string;
  items: { id: number; price: number }[];
  /** Mall quota as last reported. */
  quota: number;
  lastOrderMs: number;
  socket: PlayerSocket;
  /** Coins the faucet gave (the start of the client's books). */
  credited: number;
}

/** An attempt of the operation may have reached a server and done its work unanswered. */
export const cut = (op: Op) => op.attempts.some((a) => a.result === 'cut' || a.result === 'error');

/** Attempts of one request (alternating processes) before the client gives up on it. */
const MAX_ATTEMPTS = 10;
/**
 * Opened, sold, recycled (then exchanged) in this rhythm; a recharge whenever the 5 s allow. A twin
 * is one opening sent to both processes at once (a retry racing its original); a pair is two
 * openings of one player at once, one on each process (two tabs): both race for the seed pair's
 * next nonce across processes.
 */
const PLAN = ['open', 'open', 'sell', 'twin', 'recycle', 'exchange', 'pair', 'sell'] as const;

export function createWorkload(deps: {
  http: Http;
  servers: Server[];
  box: BoxCard;
  order: CreateOrderRequest;
  /** The load goes on while this says so. */
  running: () => boolean;
}) {
  const { http, servers, box } = deps;
  const ops: Op[] = [];

  const newOp = (kind: Kind, player: Player, key: string): Op => {
    const op: Op = {
      kind,
      player,
      key,
      startMs: at(),
      endMs: 0,
      attempts: [],
      outcome: 'unknown',
      refusal: '',
      ackBy: null,
      effect: { coin: 0, quota: 0 },
      seen: null,
      mode: 'alone',
      conflict: '',
    };
    ops.push(op);
    return op;
  };

  /**
   * One request of an operation, the way a client behind a load balancer retries it: a connection
   * that dies or a 5xx is retried on the other process with the same body (the same idempotency
   * key), a refused connection at once. The answer, or null when every attempt failed.
   */
  async function send<T>(
    op: Op,
    first: number,
    call: (s: Server) => Promise<Reply<T>>,
    isAck: (r: Reply<T>) => boolean,
  ): Promise<Reply<T> | null> {
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      const s = servers[(first + i) % servers.length] as Server;
      try {
        const r = await call(s);
        if (r.status < 500) {
          const ack = isAck(r);
          op.attempts.push({ server: s.name, result: ack ? 'ack' : 'refused', detail: String(r.code) });
          return r;
        }
        op.attempts.push({ server: s.name, result: 'error', detail: `${r.status} ${r.code}` });
      } catch (e) {
        if (!(e instanceof NetError)) throw e;
        op.attempts.push({ server: s.name, result: e.sent ? 'cut' : 'down', detail: e.message });
        if (!e.sent) continue;
      }
      await sleep(Math.min(1000, 100 * (i + 1)));
    }
    return null;
  }

  /** Acknowledged; refused (an answer said no and nothing was cut); else unknown. */
  function settle(op: Op, ack: boolean, refusal: string): void {
    op.endMs = at();
    op.ackBy = ack ? (op.attempts.findLast((a) => a.result === 'ack')?.server ?? null) : null;
    op.outcome = ack ? 'ack' : refusal && !cut(op) ? 'refused' : 'unknown';
    op.refusal = ack ? '' : refusal;
  }

  /**
   * Key box_open:<user>:<request id>; a retry with the same id answers the first opening. `twin`
   * sends it to both processes at once. Only a lone opening's answered balance is the one its
   * money_modify carries: with two at once, either push may read the other's debit too.
   */
  async function openBox(p: Player, first: number, mode: Op['mode'] = 'alone') {
    const rid = randomUUID();
    const op = newOp('open', p, rid);
    op.effect = { coin: -box.price, quota: 0 };
    op.mode = mode;
    const body = { box_id: box.box_id, count: 1, request_id: rid };
    const once = (start: number) =>
      send(
        op,
        start,
        (s) => http.api<OpenBoxResponse>(s, 'POST', BOX_PATHS.open, body, p.token),
        (x) => x.code === 200,
      );
    const answers = mode === 'twin' ? await Promise.all([once(first), once(first + 1)]) : [await once(first)];
    const acked = answers.filter((r): r is Reply<OpenBoxResponse> => r?.code === 200);
    const refused = answers.find((r) => r && r.code !== 200);
    settle(op, acked.length > 0, refused ? `${refused.code}` : '');
    const [r] = acked;
    if (!r) return;
    const told = new Set(acked.map((a) => `${a.data.opening_id}/${a.data.items.map((i) => i.id).join(',')}`));
    if (told.size > 1) op.conflict = `answers name different openings: ${[...told].join(' vs ')}`;
    for (const item of r.data.items) p.items.push({ id: item.id, price: item.cost_price });
    if (mode === 'alone') op.seen = { money: r.data.money };
  }

  /** Keys item_sell:<id> / item_recycle:<id>; a retry finds the item gone and pays nothing. */
  async function dispose(p: Player, first: number, kind: 'sell' | 'recycle') {
    const item = p.items.shift();
    if (!item) return;
    const op = newOp(kind, p, String(item.id));
    op.effect = kind === 'sell' ? { coin: item.price, quota: 0 } : { coin: 0, quota: item.price };
    const okCode = kind === 'sell' ? 0 : 200; // a sale is the one item call answering code 0 (spec 1 §7)
    const r = await send(
      op,
      first,
      (s) =>
        kind === 'sell'
          ? http.api<MoneyActionResponse>(s, 'POST', ITEM_PATHS.sell, { _id: [item.id] }, p.token)
          : http.api<MoneyActionResponse>(s, 'POST', ITEM_PATHS.recycle, { ids: [item.id] }, p.token),
      (x) => x.code === okCode,
    );
    settle(op, r?.code === okCode, r ? `${r.code}` : '');
    if (r?.code !== okCode) return;
    p.quota = r.data.mall_quota;
    op.seen = kind === 'sell' ? { money: r.data.money, quota: r.data.mall_quota } : { quota: r.data.mall_quota };
  }

  /** Keys quota_exchange:<row>:quota|coin, the row unique per (user, request id). */
  async function exchange(p: Player, first: number) {
    const amount = Math.floor(p.quota / 100) * 100;
    if (amount <= 0) return;
    const rid = randomUUID();
    const op = newOp('exchange', p, rid);
    op.effect = { coin: amount, quota: -amount };
    const body = { convert_amount: amount, request_id: rid };
    const r = await send(
      op,
      first,
      (s) => http.api<{ money: number; mall_quota: number }>(s, 'POST', WALLET_PATHS.exchange, body, p.token),
      (x) => x.code === 200,
    );
    settle(op, r?.code === 200, r ? `${r.code}` : '');
    // Whatever happened, the next recycling's answer tells the quota again.
    p.quota = r?.code === 200 ? r.data.mall_quota : 0;
    if (r?.code === 200) op.seen = { money: r.data.money, quota: r.data.mall_quota };
  }

  /**
   * A recharge as the dialog makes it: the order, the payment on the sandbox cashier (the
   * provider's side; it notifies twice), then pay-status polled until it says paid. Keys
   * recharge:<order_sn>[:bonus|:vip|…].
   */
  async function recharge(p: Player, first: number) {
    const op = newOp('recharge', p, '');
    const made = await send(
      op,
      first,
      (s) => http.api<CreateOrderResponse>(s, 'POST', PAYMENT_PATHS.createOrder, deps.order, p.token),
      (x) => x.code === 200,
    );
    // The server's 5 s between two orders counts from when it made the order.
    p.lastOrderMs = at();
    if (made?.code !== 200) {
      // An order made but never answered is never paid: it moves no money and simply expires.
      settle(op, false, made ? `${made.code}` : '');
      return;
    }
    const sn = made.data.order_sn;
    op.key = sn;
    op.effect = { coin: made.data.price + made.data.extra_std_money, quota: 0 };
    const paid = await send(
      op,
      first + 1,
      (s) => http.dev<{ deliveries: { status: number }[] }>(s, `/dev/cashier/${encodeURIComponent(sn)}/pay`),
      (x) => x.code === 200 && x.data.deliveries.some((d) => d.status === 200),
    );
    let status = 0;
    for (let i = 0; paid?.code === 200 && i < 20 && status !== ORDER_STATUS.paid; i++) {
      const r = await send(
        op,
        first + i,
        (s) => http.api<PayStatusResponse>(s, 'GET', `${PAYMENT_PATHS.payStatus}?order_sn=${sn}`, undefined, p.token),
        (x) => x.code === 200 && x.data.status === ORDER_STATUS.paid,
      );
      status = r?.code === 200 ? r.data.status : 0;
      if (status !== ORDER_STATUS.paid) await sleep(250);
    }
    settle(op, status === ORDER_STATUS.paid, paid ? `pay ${paid.code}, status ${status}` : '');
  }

  return {
    ops,
    /** One player's client: operations one after the other, each starting on the other process. */
    async play(p: Player) {
      for (let n = 0; deps.running(); n++) {
        const first = (n + p.index) % 2;
        if (at() - p.lastOrderMs > RECHARGE_THROTTLE_MS + 1_000) await recharge(p, first);
        else {
          const step = PLAN[n % PLAN.length];
          if (step === 'open') await openBox(p, first);
          else if (step === 'twin') await openBox(p, first, 'twin');
          else if (step === 'pair') await Promise.all([openBox(p, first, 'pair'), openBox(p, first + 1, 'pair')]);
          else if (step === 'sell' || step === 'recycle') await dispose(p, first, step);
          else await exchange(p, first);
        }
      }
    },
  };
}
