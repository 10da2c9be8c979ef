import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Runtime } from '../../../runtime.ts';
import { loadCatalogue } from '../../catalogue/catalogue.seed.ts';
import { contentAdminRoutes } from './content.routes.ts';
import { createContentAdmin } from './content.service.ts';

/** The console's Content API on the runtime; `onChange` is the site service's cache reset. */
export async function registerContentAdmin(
  app: FastifyInstance,
  rt: Runtime,
  deps: { onChange: () => void; authenticate: (req: FastifyRequest) => Promise<void> },
): Promise<void> {
  const admin = createContentAdmin({
    db: rt.database.db,
    clock: rt.clock,
    transaction: (fn) => rt.transaction(fn),
    onChange: deps.onChange,
    // The CDN the catalogue's pictures come from: the one image origin the site's CSP allows
    // besides its own (app.ts installSecurityHeaders).
    imageOrigins: [new URL(loadCatalogue().imageBaseUrl).origin],
  });
  await app.register(contentAdminRoutes(admin, deps.authenticate), { prefix: '/api' });
}
