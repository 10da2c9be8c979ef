import {
  ADMIN_RETRIEVAL_PATHS,
  retrievalActionRequest,
  retrievalCancelResponse,
  retrievalQueueQuery,
  retrievalQueueResponse,
  retrievalRetryResponse,
} from '@kaixiang/shared/admin-retrievals';
import { ok } from '@kaixiang/shared/envelope';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '../../../http/envelope-schema.ts';
import { requestLocale } from '../../../http/locale.ts';
import { actorOf, requirePermission } from '../admin-access.ts';
import type { RetrievalsAdmin } from './retrievals.service.ts';

/** admin/v1/retrievals/* (docs/console/retrievals.md): every call asks retrievals.manage. */
export function retrievalsAdminRoutes(
  admin: RetrievalsAdmin,
  authenticate: (req: FastifyRequest) => Promise<void>,
): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['admin'];
    const manage = { preValidation: requirePermission(authenticate, 'retrievals.manage') };
    app.get(
      ADMIN_RETRIEVAL_PATHS.queue,
      {
        ...manage,
        schema: { tags, querystring: retrievalQueueQuery, response: { 200: envelopeOf(retrievalQueueResponse) } },
      },
      async (req) => ok(await admin.queue(req.query, requestLocale(req))),
    );
    app.post(
      ADMIN_RETRIEVAL_PATHS.retry,
      {
        ...manage,
        schema: { tags, body: retrievalActionRequest, response: { 200: envelopeOf(retrievalRetryResponse) } },
      },
      async (req) => ok(await admin.retry(actorOf(req), req.body)),
    );
    app.post(
      ADMIN_RETRIEVAL_PATHS.cancel,
      {
        ...manage,
        schema: { tags, body: retrievalActionRequest, response: { 200: envelopeOf(retrievalCancelResponse) } },
      },
      async (req) => ok(await admin.cancel(actorOf(req), req.body)),
    );
  };
}
