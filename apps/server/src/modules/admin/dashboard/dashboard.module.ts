import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Runtime } from '../../../runtime.ts';
import type { GamesModule } from '../../games/games.module.ts';
import type { TransparencyService } from '../../transparency/transparency.service.ts';
import { dashboardAdminRoutes } from './dashboard.routes.ts';
import { createDashboardService, type DashboardService } from './dashboard.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The console dashboard: tests drive its daily rollup. */
    dashboard: DashboardService;
  }
}

/**
 * How often the leader looks for days to roll up. A day is written once it has settled
 * (dashboard.service.ts SETTLE_MS); a frequent check lets a new leader or a restart catch up
 * within minutes (the scheduler's first run comes one interval after election).
 */
export const DASHBOARD_ROLLUP_CHECK_MS = 10 * 60_000;

/** The console's Dashboard: its service, its route and the leader's daily rollup. */
export async function registerDashboardAdmin(
  app: FastifyInstance,
  rt: Runtime,
  deps: {
    games: GamesModule;
    transparency: TransparencyService;
    authenticate: (req: FastifyRequest) => Promise<void>;
  },
): Promise<DashboardService> {
  const service = createDashboardService({
    db: rt.database.db,
    clock: rt.clock,
    transaction: (fn) => rt.transaction(fn),
    transparency: deps.transparency,
  });
  app.decorate('dashboard', service);
  deps.games.timers.job('dashboard:rollup', DASHBOARD_ROLLUP_CHECK_MS, async () => {
    await service.refresh();
  });
  await app.register(dashboardAdminRoutes(service, deps.authenticate), { prefix: '/api' });
  return service;
}
