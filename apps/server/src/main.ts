import { SITE_EVENTS, SITE_ROOM } from '@kaixiang/shared/socket';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createScheduler } from './infra/scheduler.ts';
import { createLedger } from './modules/ledger/ledger.ts';
import { createSiteService } from './modules/site/site.service.ts';
import { createVipService } from './modules/vip/vip.service.ts';
import { createRuntime } from './runtime.ts';

/** Process entry: config → runtime (migrate, seed) → app → listen → scheduled loops. */
async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const rt = await createRuntime(config);
  const app = await buildApp(rt);
  const scheduler = createScheduler({
    database: rt.database,
    pollMs: config.SCHEDULER_POLL_MS,
    clock: rt.clock,
    log: app.log,
  });

  // The arena badge counts open rooms; one process watches the count and tells every client.
  const site = createSiteService({ db: rt.database.db, bus: rt.bus, clock: rt.clock });
  let lastOpenRooms = -1;
  scheduler.every('site:open-rooms', 5_000, async () => {
    const { open_room_num } = await site.statistics();
    if (open_room_num !== lastOpenRooms) {
      lastOpenRooms = open_room_num;
      await rt.bus.publish(SITE_ROOM, SITE_EVENTS.openRooms, { count: open_room_num });
    }
  });

  // Shared games' deadlines (battle rounds, unfilled rooms): ticks on the leader, a sweep for the rest.
  app.games.timers.attach(scheduler);

  // Trade offers not accepted in 12 hours are cancelled; held items past retention are sold.
  scheduler.every('inventory:offer-expiry', 60_000, async (signal) => {
    await app.inventory.trade.expireOffers(signal);
  });
  scheduler.every('inventory:retention', 60_000, async (signal) => {
    await app.inventory.retention.run(signal);
  });
  // Finished days' pickup ranking prizes (China days): the prize rows and ledger keys pay each once.
  scheduler.every('promotion:pickup-prizes', 60_000, async () => {
    await app.promotion.ranking.payFinishedDays();
  });
  // Finished board periods and PK power activities (docs/promotions/boards.md): the closure row,
  // taken first in each close's transaction, pays each once across processes and restarts.
  scheduler.every('boards:close', 60_000, async (signal) => {
    await app.boards.closer.closeDue(signal);
  });
  // Today's unpacking king, watched once a second: a new king is told to every page at once.
  scheduler.every('boards:king', 1_000, async () => {
    await app.boards.service.watchKing();
  });
  // VIP monthly retention: each month boundary is applied once per player (retained_month) and the
  // scan runs once per boundary per process, so a frequent check is cheap and a missed one harmless.
  const vip = createVipService({
    db: rt.database.db,
    clock: rt.clock,
    ledger: createLedger({ db: rt.database.db, bus: rt.bus, clock: rt.clock, transaction: rt.transaction }),
  });
  scheduler.every('vip:retention', 600_000, async (signal) => {
    await vip.runRetention(signal);
  });
  // Refused requests' nonces are needed only while their timestamps are within the window.
  scheduler.every('signature:nonces', 60_000, async () => {
    await rt.deferredNonces.prune(rt.clock.now());
  });
  // Pending recharge orders past their expiry become '订单已过期' (status 3).
  scheduler.every('payments:expire', 10_000, async () => {
    await app.payments.tick();
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    await scheduler.stop();
    await app.close();
    await rt.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ host: config.HOST, port: config.PORT });
  scheduler.start();
  app.log.info(
    { database: rt.database.kind, bus: rt.redis ? 'redis' : 'memory', port: config.PORT },
    `Kaixiang is serving http://localhost:${config.PORT}`,
  );
}

await main();
