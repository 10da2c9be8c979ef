import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client.ts';
import type { Runtime } from '../../runtime.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { createWishingWellAdmin } from './wishing-well.admin.ts';
import { wishingWellAdminRoutes } from './wishing-well.admin-routes.ts';
import { wishingWellRoutes } from './wishing-well.routes.ts';
import { createWishingWellService } from './wishing-well.service.ts';

/** The wishing well wired on the runtime and the app's one ledger; its routes registered. */
export async function registerWishingWell(
  app: FastifyInstance,
  rt: Runtime,
  deps: { ledger: Ledger; authenticate: Parameters<typeof wishingWellRoutes>[1] },
): Promise<void> {
  const db = rt.database.db;
  const transaction = <T>(fn: (tx: Tx) => Promise<T>): Promise<T> => rt.transaction(fn);
  const service = createWishingWellService({ db, clock: rt.clock, ledger: deps.ledger, transaction });
  const admin = createWishingWellAdmin({ db, clock: rt.clock, transaction });
  app.decorate('wishingWell', service);
  await app.register(wishingWellRoutes(service, deps.authenticate), { prefix: '/api' });
  await app.register(wishingWellAdminRoutes(admin, deps.authenticate), { prefix: '/api' });
}
