import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client.ts';
import type { Runtime } from '../../runtime.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { createPointsShopAdmin } from './points-shop.admin.ts';
import { pointsShopAdminRoutes } from './points-shop.admin-routes.ts';
import { pointsShopRoutes } from './points-shop.routes.ts';
import { createPointsShopService } from './points-shop.service.ts';

/** The points shop wired on the runtime, the app's one ledger and the bags' icon push; its routes registered. */
export async function registerPointsShop(
  app: FastifyInstance,
  rt: Runtime,
  deps: {
    ledger: Ledger;
    authenticate: Parameters<typeof pointsShopRoutes>[1];
    onBags: (userId: number) => Promise<void>;
  },
): Promise<void> {
  const db = rt.database.db;
  const transaction = <T>(fn: (tx: Tx) => Promise<T>): Promise<T> => rt.transaction(fn);
  const service = createPointsShopService({
    db,
    clock: rt.clock,
    ledger: deps.ledger,
    transaction,
    onBags: deps.onBags,
  });
  const admin = createPointsShopAdmin({ db, clock: rt.clock, transaction });
  app.decorate('pointsShop', service);
  await app.register(pointsShopRoutes(service, deps.authenticate), { prefix: '/api' });
  await app.register(pointsShopAdminRoutes(admin, deps.authenticate), { prefix: '/api' });
}
