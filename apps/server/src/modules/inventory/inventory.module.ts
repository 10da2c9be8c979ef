import type { Runtime } from '../../runtime.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { noRetrievalBlocker, type RetrievalBlocker } from './inventory.hooks.ts';
import { createInventoryService } from './inventory.service.ts';
import { createRetentionJob } from './retention.ts';
import { createSandboxTradeBot, type SandboxTradeBot } from './sandbox-trade-bot.ts';
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
  },
) {
  const { config } = rt;
  const db = rt.database.db;
  // TRADE_BOT has one value today; a Steam adapter is chosen here when it exists.
  const sandbox: SandboxTradeBot = createSandboxTradeBot({
    mode: config.SANDBOX_TRADE_MODE ?? (config.NODE_ENV === 'production' ? 'manual' : 'auto_accept'),
    delayMs: config.SANDBOX_TRADE_DELAY_MS,
  });
  const items = createInventoryService({ db, ledger: opts.ledger });
  const trade = createTradeService({
    db,
    transaction: (fn) => rt.transaction(fn),
    clock: rt.clock,
    bus: rt.bus,
    bot: sandbox,
    retrievalBlocker: opts.retrievalBlocker ?? noRetrievalBlocker,
    ...(opts.log ? { log: opts.log } : {}),
  });
  const retention = createRetentionJob({ db, ledger: opts.ledger, clock: rt.clock, bus: rt.bus });
  return {
    items,
    trade,
    retention,
    /** The sandbox adapter (null once a real bot is configured): the dev page drives it. */
    sandbox: config.TRADE_BOT === 'sandbox' ? sandbox : null,
    close: () => sandbox.close(),
  };
}

export type InventoryModule = ReturnType<typeof createInventoryModule>;
