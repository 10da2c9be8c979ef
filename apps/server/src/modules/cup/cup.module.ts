import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client.ts';
import type { Runtime } from '../../runtime.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { createCupAdmin } from './cup.admin.ts';
import { cupAdminRoutes } from './cup.admin-routes.ts';
import { cupRoutes } from './cup.routes.ts';
import { createCupService } from './cup.service.ts';

/** The world cup predictions wired on the runtime and the app's one ledger; their routes registered. */
export async function registerCup(
  app: FastifyInstance,
  rt: Runtime,
  deps: { ledger: Ledger; authenticate: Parameters<typeof cupRoutes>[1] },
): Promise<void> {
  const db = rt.database.db;
  const transaction = <T>(fn: (tx: Tx) => Promise<T>): Promise<T> => rt.transaction(fn);
  const service = createCupService({ db, clock: rt.clock, ledger: deps.ledger });
  const admin = createCupAdmin({ db, clock: rt.clock, ledger: deps.ledger, transaction });
  await app.register(cupRoutes(service, deps.authenticate), { prefix: '/api' });
  await app.register(cupAdminRoutes(admin, deps.authenticate), { prefix: '/api' });
}
