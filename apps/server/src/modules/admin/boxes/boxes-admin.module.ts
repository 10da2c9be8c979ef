import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Runtime } from '../../../runtime.ts';
import { boxesAdminRoutes } from './boxes-admin.routes.ts';
import { createBoxesAdmin } from './boxes-admin.service.ts';

/** The console's Boxes API on the runtime; `onChange` is the boxes service's cache reset. */
export async function registerBoxesAdmin(
  app: FastifyInstance,
  rt: Runtime,
  deps: { onChange: () => void; authenticate: (req: FastifyRequest) => Promise<void> },
): Promise<void> {
  const admin = createBoxesAdmin({
    db: rt.database.db,
    clock: rt.clock,
    transaction: (fn) => rt.transaction(fn),
    onChange: deps.onChange,
  });
  await app.register(boxesAdminRoutes(admin, deps.authenticate), { prefix: '/api' });
}
