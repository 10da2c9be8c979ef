import type { Tx } from '../../db/client.ts';
import type { Runtime } from '../../runtime.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { type BagsAdmin, createBagsAdmin } from './bags.admin.ts';
import { type BagsService, createBagsService } from './bags.service.ts';

export interface BagsModule {
  service: BagsService;
  admin: BagsAdmin;
}

/** The lucky bags wired on the runtime and the app's one ledger (routes: bags.routes.ts, bags.admin-routes.ts). */
export function createBagsModule(rt: Runtime, ledger: Ledger): BagsModule {
  const db = rt.database.db;
  const transaction = <T>(fn: (tx: Tx) => Promise<T>): Promise<T> => rt.transaction(fn);
  const service = createBagsService({ db, clock: rt.clock, ledger, bus: rt.bus, counters: rt.counters, transaction });
  const admin = createBagsAdmin({
    db,
    clock: rt.clock,
    transaction,
    onGranted: (userId) => service.publishCount(userId),
  });
  return { service, admin };
}
