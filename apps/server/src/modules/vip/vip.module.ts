import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Runtime } from '../../runtime.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { vipRoutes } from './vip.routes.ts';
import { createVipService, type VipService } from './vip.service.ts';

/** VIP and command codes wired on the runtime and the app's one ledger (register under /api). */
export function vipModule(
  rt: Runtime,
  ledger: Ledger,
  authenticate: (req: FastifyRequest) => Promise<void>,
): { service: VipService; routes: FastifyPluginAsyncZod } {
  const service = createVipService({ db: rt.database.db, ledger, clock: rt.clock });
  return { service, routes: vipRoutes(service, authenticate) };
}
