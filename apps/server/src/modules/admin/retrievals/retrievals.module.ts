import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Runtime } from '../../../runtime.ts';
import type { InventoryModule } from '../../inventory/inventory.module.ts';
import { retrievalsAdminRoutes } from './retrievals.routes.ts';
import { createRetrievalsAdmin } from './retrievals.service.ts';

/** The console's Retrievals API on the inventory module's trade service and bot. */
export async function registerRetrievalsAdmin(
  app: FastifyInstance,
  rt: Runtime,
  deps: { inventory: InventoryModule; authenticate: (req: FastifyRequest) => Promise<void> },
): Promise<void> {
  const admin = createRetrievalsAdmin({
    db: rt.database.db,
    clock: rt.clock,
    transaction: (fn) => rt.transaction(fn),
    trade: deps.inventory.trade,
    bot: deps.inventory.sandbox,
  });
  await app.register(retrievalsAdminRoutes(admin, deps.authenticate), { prefix: '/api' });
}
