import type { Runtime } from '../../runtime.ts';
import { createDelivery } from '../delivery/delivery.module.ts';
import type { SteamSessionProvider } from '../delivery/steam/steam-session.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { noRetrievalBlocker, type RetrievalBlocker } from './inventory.hooks.ts';
import { createInventoryService } from './inventory.service.ts';
import { createRetentionJob } from './retention.ts';
import { createTradeService } from './trade.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The inventory module: main.ts schedules its jobs, tests drive them. */
    inventory: InventoryModule;
  }
}

/** Builds the inventory services on the adapters the config chooses (STYLE.md §4). */
export function createInventoryModule(
  rt: Runtime,
  opts: {
    ledger: Ledger;
    retrievalBlocker?: RetrievalBlocker;
    log?: { error(obj: unknown, msg: string): void; warn(obj: unknown, msg: string): void };
    /** Replaces steam-user's login of the bots (tests: the fake Steam's sessions). */
    steamSession?: SteamSessionProvider;
  },
) {
  const db = rt.database.db;
  // The adapter the config chooses (TRADE_BOT, MARKET_PROVIDER: docs/delivery.md).
  const delivery = createDelivery(rt, {
    ...(opts.log ? { log: opts.log } : {}),
    ...(opts.steamSession ? { session: opts.steamSession } : {}),
  });
  const items = createInventoryService({ db, ledger: opts.ledger });
  const trade = createTradeService({
    db,
    transaction: (fn) => rt.transaction(fn),
    clock: rt.clock,
    bus: rt.bus,
    bot: delivery.bot,
    ...(delivery.checkLink ? { checkLink: delivery.checkLink } : {}),
    retrievalBlocker: opts.retrievalBlocker ?? noRetrievalBlocker,
    ...(opts.log ? { log: opts.log } : {}),
  });
  const retention = createRetentionJob({ db, ledger: opts.ledger, clock: rt.clock, bus: rt.bus });
  return {
    items,
    trade,
    retention,
    /** The sandbox adapter (null once a real bot is configured): the dev page drives it. */
    sandbox: delivery.sandbox,
    /** The Steam bot pool (TRADE_BOT=steam), else null. */
    steamPool: delivery.pool,
    /** Pending offers followed again after a start (the marketplace's purchases). */
    resume: () => delivery.resume(),
    close: () => delivery.close(),
  };
}

export type InventoryModule = ReturnType<typeof createInventoryModule>;
