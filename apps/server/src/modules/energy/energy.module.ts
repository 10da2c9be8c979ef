import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client.ts';
import type { Runtime } from '../../runtime.ts';
import type { BagsService } from '../bags/bags.service.ts';
import type { BoxesService } from '../boxes/boxes.service.ts';
import { createEnergyAdmin } from './energy.admin.ts';
import { energyAdminRoutes, energyRoutes } from './energy.routes.ts';
import { createEnergyService, type EnergyService } from './energy.service.ts';
import { freeBoxRoutes } from './free-boxes.routes.ts';
import { createFreeBoxes } from './free-boxes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The energy box: tests drive it. */
    energy: EnergyService;
  }
}

/** The energy box wired on the runtime and the lucky bags' service; its routes registered. */
export async function registerEnergy(
  app: FastifyInstance,
  rt: Runtime,
  deps: { bags: BagsService; boxes: BoxesService; authenticate: Parameters<typeof energyRoutes>[1] },
): Promise<void> {
  const db = rt.database.db;
  const transaction = <T>(fn: (tx: Tx) => Promise<T>): Promise<T> => rt.transaction(fn);
  const service = createEnergyService({ db, clock: rt.clock, bags: deps.bags });
  const admin = createEnergyAdmin({ db, clock: rt.clock, transaction });
  app.decorate('energy', service);
  await app.register(energyRoutes(service, deps.authenticate), { prefix: '/api' });
  await app.register(energyAdminRoutes(admin, deps.authenticate), { prefix: '/api' });
  const free = createFreeBoxes({ db, clock: rt.clock, boxes: deps.boxes, transaction });
  await app.register(freeBoxRoutes(free, deps.authenticate), { prefix: '/api' });
}
