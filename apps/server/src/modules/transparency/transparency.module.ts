import type { FastifyInstance } from 'fastify';
import type { Runtime } from '../../runtime.ts';
import type { GamesModule } from '../games/games.module.ts';
import { transparencyRoutes } from './transparency.routes.ts';
import { createTransparencyService, type TransparencyService } from './transparency.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The realised-RTP page: tests drive its daily job. */
    transparency: TransparencyService;
  }
}

/**
 * How often the leader checks for today's snapshot. The work is done once a China day (the day's
 * rows exist afterwards); a frequent check means a new leader, or a restart, catches up within
 * minutes rather than a day later (the scheduler's first run comes one interval after election).
 */
export const RTP_CHECK_MS = 10 * 60_000;

/** The public realised-RTP page (issue 23, docs/transparency.md): the service, its route and its daily job. */
export async function registerTransparency(app: FastifyInstance, rt: Runtime, deps: { games: GamesModule }) {
  const service = createTransparencyService({
    db: rt.database.db,
    clock: rt.clock,
    transaction: (fn) => rt.transaction(fn),
  });
  app.decorate('transparency', service);
  deps.games.timers.job('transparency:rtp-snapshot', RTP_CHECK_MS, async () => {
    await service.refreshIfDue();
  });
  await app.register(transparencyRoutes(service), { prefix: '/api' });
  return service;
}
