import { ADMIN_DASHBOARD_PATHS, dashboardResponse } from '@kaixiang/shared/admin-dashboard';
import { ok } from '@kaixiang/shared/envelope';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '../../../http/envelope-schema.ts';
import { requestLocale } from '../../../http/locale.ts';
import { requirePermission } from '../admin-access.ts';
import type { DashboardService } from './dashboard.service.ts';

/** admin/v1/dashboard (docs/console/dashboard.md): asks dashboard.read; reads only. */
export function dashboardAdminRoutes(
  dashboard: DashboardService,
  authenticate: (req: FastifyRequest) => Promise<void>,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      ADMIN_DASHBOARD_PATHS.overview,
      {
        preValidation: requirePermission(authenticate, 'dashboard.read'),
        schema: { tags: ['admin'], response: { 200: envelopeOf(dashboardResponse) } },
      },
      async (req) => ok(await dashboard.overview(requestLocale(req))),
    );
  };
}
