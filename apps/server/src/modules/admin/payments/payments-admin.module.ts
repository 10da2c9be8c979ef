import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Runtime } from '../../../runtime.ts';
import type { PaymentsModule } from '../../payments/payments.module.ts';
import { paymentsAdminRoutes } from './payments-admin.routes.ts';
import { createPaymentsAdmin } from './payments-admin.service.ts';

/** The console's Payments API on the payments module's service (its notification path) and adapters. */
export async function registerPaymentsAdmin(
  app: FastifyInstance,
  rt: Runtime,
  deps: { payments: PaymentsModule; authenticate: (req: FastifyRequest) => Promise<void> },
): Promise<void> {
  const admin = createPaymentsAdmin({
    db: rt.database.db,
    clock: rt.clock,
    transaction: (fn) => rt.transaction(fn),
    payments: deps.payments.service,
    providers: deps.payments.providers,
  });
  await app.register(paymentsAdminRoutes(admin, deps.authenticate), { prefix: '/api' });
}
