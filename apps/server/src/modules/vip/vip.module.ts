import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Tx } from '../../db/client.ts';
import type { Runtime } from '../../runtime.ts';
import { commandItemsAdminRoutes } from '../command-items/command-items.admin-routes.ts';
import { createCommandItems } from '../command-items/command-items.service.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { vipRoutes } from './vip.routes.ts';
import { createVipService, type VipService } from './vip.service.ts';

/**
 * VIP and command codes wired on the runtime and the app's one ledger, with the command item
 * codes (口令饰品) and their admin API (register both under /api).
 */
export function vipModule(
  rt: Runtime,
  ledger: Ledger,
  authenticate: (req: FastifyRequest) => Promise<void>,
): { service: VipService; routes: FastifyPluginAsyncZod; adminRoutes: FastifyPluginAsyncZod } {
  const db = rt.database.db;
  const commandItems = createCommandItems({
    db,
    clock: rt.clock,
    transaction: <T>(fn: (tx: Tx) => Promise<T>): Promise<T> => rt.transaction(fn),
  });
  const service = createVipService({ db, ledger, clock: rt.clock, counters: rt.counters, commandItems });
  return {
    service,
    routes: vipRoutes(service, authenticate),
    adminRoutes: commandItemsAdminRoutes(commandItems, authenticate),
  };
}
