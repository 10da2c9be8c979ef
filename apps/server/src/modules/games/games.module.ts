import { WATCH_COUNT_EVENT } from '@kaixiang/shared/battles-paths';
import { LOCAL_BEACON_PERIOD_MS } from '@kaixiang/shared/beacon';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { EventBus } from '../../infra/bus.ts';
import type { Clock } from '../../infra/clock.ts';
import { createPresence, type Presence } from '../../realtime/presence.ts';
import type { Runtime } from '../../runtime.ts';
import type { GameSettingsReader } from '../admin/games/game-settings.ts';
import { battlesRoutes } from '../battles/battles.routes.ts';
import { type BattlesService, createBattlesService } from '../battles/battles.service.ts';
import type { BoxesService } from '../boxes/boxes.service.ts';
import type { Ledger } from '../ledger/ledger.ts';
import type { MailService } from '../mail/mail.service.ts';
import { passwordKey } from '../roll/roll.password.ts';
import { rollRoutes } from '../roll/roll.routes.ts';
import { createRollService, type RollService } from '../roll/roll.service.ts';
import { createRollViews, type RollViews } from '../roll/roll.views.ts';
import type { SiteService } from '../site/site.service.ts';
import { treasureRoutes } from '../treasure/treasure.routes.ts';
import { createTreasureService, type TreasureService } from '../treasure/treasure.service.ts';
import { createTreasureViews, type TreasureViews } from '../treasure/treasure.views.ts';
import { turntableRoutes } from '../turntable/turntable.routes.ts';
import { createTurntableService, ENSURE_MS, type TurntableService } from '../turntable/turntable.service.ts';
import { beaconRoutes } from './beacon.routes.ts';
import { drandBeacon, localBeacon, type PublicBeacon } from './beacon.ts';
import { createRoomEngine, type RoomEngine } from './room-engine.ts';
import { createRoomTimers, type RoomTimers } from './room-timers.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The shared games: main.ts attaches their deadlines to the scheduler, tests drive them. */
    games: GamesModule;
  }
}

export interface GamesModule {
  engine: RoomEngine;
  timers: RoomTimers;
  beacon: PublicBeacon;
  battles: BattlesService;
  turntable: TurntableService;
  roll: RollService;
  rollViews: RollViews;
  treasure: TreasureService;
  treasureViews: TreasureViews;
}

/** The game rooms whose watchers are counted: one room's channel, not a hall. */
export function isWatchedRoom(room: string): boolean {
  return /^battle:\d+$/.test(room);
}

/**
 * Watchers of each game room across processes: the hub reports its sockets per room, and a
 * room's new total goes to the room as the spec's `watchCnt` {watch_cnt}.
 */
export function createWatchPresence(bus: EventBus, clock: Clock): Presence {
  return createPresence({
    bus,
    clock,
    tracked: isWatchedRoom,
    onTotal: (room, total) => void bus.publish(room, WATCH_COUNT_EVENT, { watch_cnt: total }).catch(() => undefined),
  });
}

/** One beacon per process, chosen by BEACON (drand in production, local elsewhere). */
export function beaconOf(rt: Runtime): PublicBeacon {
  const { config } = rt;
  const kind = config.BEACON ?? (config.NODE_ENV === 'production' ? 'drand' : 'local');
  const now = () => rt.clock.now();
  return kind === 'drand'
    ? drandBeacon({ baseUrl: config.DRAND_URL, now })
    : localBeacon({ key: config.BEACON_KEY, periodMs: LOCAL_BEACON_PERIOD_MS, now });
}

/** The engine, its timers and every game on it, with their routes. */
export async function registerGames(
  app: FastifyInstance,
  rt: Runtime,
  deps: {
    ledger: Ledger;
    boxes: BoxesService;
    site: SiteService;
    presence: Presence;
    /** Roll rooms mail their winners. */
    mail: MailService;
    authenticate: (req: FastifyRequest) => Promise<void>;
    /** The operator's game settings (admin/games/game-settings.ts): robots, battle and turntable limits. */
    settings?: Pick<GameSettingsReader, 'robotsEnabled' | 'battleLimits' | 'turntableLimits'>;
    /** After a battle room was made (the boards announce it during a PK power activity). */
    onBattleCreated?: (roomId: number, creatorId: number) => Promise<void>;
  },
): Promise<GamesModule> {
  const { db } = rt.database;
  const engine = createRoomEngine({ db, ledger: deps.ledger, bus: rt.bus, clock: rt.clock });
  const beacon = beaconOf(rt);
  await app.register(beaconRoutes(beacon), { prefix: '/api' });
  const timers = createRoomTimers({ db, bus: rt.bus, clock: rt.clock, engine, log: app.log as FastifyBaseLogger });
  const battles = createBattlesService({
    bus: rt.bus,
    db,
    clock: rt.clock,
    engine,
    boxes: deps.boxes,
    beacon,
    site: deps.site,
    presence: deps.presence,
    ...(deps.settings ? { robotsEnabled: deps.settings.robotsEnabled, battleLimits: deps.settings.battleLimits } : {}),
    ...(deps.onBattleCreated ? { onCreated: deps.onBattleCreated } : {}),
  });
  await app.register(battlesRoutes(battles, deps.authenticate), { prefix: '/api' });
  const turntable = createTurntableService({
    db,
    bus: rt.bus,
    clock: rt.clock,
    engine,
    beacon,
    ledger: deps.ledger,
    betMs: rt.config.TURNTABLE_BET_MS,
    onBetBatch: (size) => rt.metrics.betBatches.observe(size),
    ...(deps.settings ? { limits: deps.settings.turntableLimits } : {}),
  });
  // The leader keeps a round open: the first one, and after an outage (rounds then chain by deadline).
  timers.job('turntable:ensure', ENSURE_MS, turntable.ensure);
  await app.register(turntableRoutes(turntable, deps.authenticate), { prefix: '/api' });
  const roll = createRollService({
    db,
    bus: rt.bus,
    clock: rt.clock,
    engine,
    beacon,
    items: deps.boxes.items,
    mail: deps.mail,
    passwordKey: passwordKey(rt.config.ID_HASH_SECRET),
  });
  const rollViews = createRollViews({ db, clock: rt.clock, engine, beacon, items: deps.boxes.items });
  await app.register(rollRoutes(roll, rollViews, deps.authenticate), { prefix: '/api' });
  const treasure = createTreasureService({
    db,
    bus: rt.bus,
    clock: rt.clock,
    engine,
    beacon,
    mail: deps.mail,
    items: deps.boxes.items,
  });
  const treasureViews = createTreasureViews({ db, clock: rt.clock, engine, beacon, items: deps.boxes.items });
  await app.register(treasureRoutes(treasure, treasureViews, deps.authenticate), { prefix: '/api' });
  const games = { engine, timers, beacon, battles, turntable, roll, rollViews, treasure, treasureViews };
  app.decorate('games', games);
  app.addHook('onClose', async () => {
    timers.stop();
    await turntable.flush();
  });
  return games;
}
