import { RAIN_GAME } from '@kaixiang/game/rain';
import { RAIN_HALL_ROOM } from '@kaixiang/shared/rain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Runtime } from '../../runtime.ts';
import type { GamesModule } from '../games/games.module.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { rainAdminRoutes } from './rain.admin.ts';
import { memoryRainCounter, type RainCounter, redisRainCounter } from './rain.counter.ts';
import { createRainGrab, type RainGrab } from './rain.grab.ts';
import { createRainRounds, PLAN_EVERY_MS, type RainRounds } from './rain.rounds.ts';
import { rainRoutes } from './rain.routes.ts';
import { createRainViews, type RainViews } from './rain.views.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The red-packet rain: tests drive its rounds and counter. */
    rain: RainModule;
  }
}

export interface RainModule {
  rounds: RainRounds;
  grab: RainGrab;
  views: RainViews;
  counter: RainCounter;
}

/** The rain on the game engine: its rounds, the grab, the views, the player and admin routes. */
export async function registerRain(
  app: FastifyInstance,
  rt: Runtime,
  deps: { games: GamesModule; ledger: Ledger; authenticate: (req: FastifyRequest) => Promise<void> },
): Promise<RainModule> {
  const { db } = rt.database;
  const { engine, timers, beacon } = deps.games;
  // Redis when configured: every process pops from one counter. In memory embedded (one process).
  const counter = rt.redis
    ? redisRainCounter(rt.redis, rt.redisPrefix, () => rt.clock.now())
    : memoryRainCounter(() => rt.clock.now());
  const rounds = createRainRounds({ db, bus: rt.bus, clock: rt.clock, engine, beacon, ledger: deps.ledger, counter });
  const grab = createRainGrab({
    db,
    bus: rt.bus,
    clock: rt.clock,
    counter,
    ledger: deps.ledger,
    onGrabBatch: (size) => rt.metrics.rainGrabBatches.observe(size),
  });
  const views = createRainViews({ db, clock: rt.clock, grab, beacon });
  engine.register({
    game: RAIN_GAME,
    channel: () => RAIN_HALL_ROOM,
    pool: 'promotions',
    kinds: { debit: 'rain_debit', credit: () => 'rain_packet' },
    itemSourceName: (roomId) => `红包雨 #${roomId}`,
    onDue: rounds.onDue,
  });
  // The leader makes the rounds of the coming windows; from then on they move by deadline.
  timers.job('rain:plan', PLAN_EVERY_MS, rounds.plan);
  await app.register(rainRoutes(grab, views, deps.authenticate), { prefix: '/api' });
  await app.register(rainAdminRoutes({ db, clock: rt.clock, rounds }, deps.authenticate), { prefix: '/api' });
  const rain = { rounds, grab, views, counter };
  app.decorate('rain', rain);
  app.addHook('onClose', async () => {
    await grab.flush();
  });
  return rain;
}
