import {
  ADMIN_PAYMENT_PATHS,
  adminChannelRequest,
  adminChannelsResponse,
  adminDepositsQuery,
  adminDepositsResponse,
  adminOrderDetail,
  adminOrderQuery,
  adminOrdersQuery,
  adminOrdersResponse,
  adminQueryRequest,
  adminQueryResponse,
} from '@kaixiang/shared/admin-payments';
import { ok } from '@kaixiang/shared/envelope';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '../../../http/envelope-schema.ts';
import { actorOf, requirePermission } from '../admin-access.ts';
import type { PaymentsAdmin } from './payments-admin.service.ts';

/** admin/v1/payments/* (docs/console/payments.md): every call asks payments.manage. */
export function paymentsAdminRoutes(
  admin: PaymentsAdmin,
  authenticate: (req: FastifyRequest) => Promise<void>,
): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['admin'];
    const manage = { preValidation: requirePermission(authenticate, 'payments.manage') };
    app.get(
      ADMIN_PAYMENT_PATHS.orders,
      {
        ...manage,
        schema: { tags, querystring: adminOrdersQuery, response: { 200: envelopeOf(adminOrdersResponse) } },
      },
      async (req) => ok(await admin.orders(req.query)),
    );
    app.get(
      ADMIN_PAYMENT_PATHS.order,
      { ...manage, schema: { tags, querystring: adminOrderQuery, response: { 200: envelopeOf(adminOrderDetail) } } },
      async (req) => ok(await admin.order(req.query.order_sn)),
    );
    app.post(
      ADMIN_PAYMENT_PATHS.query,
      { ...manage, schema: { tags, body: adminQueryRequest, response: { 200: envelopeOf(adminQueryResponse) } } },
      async (req) => ok(await admin.query(actorOf(req), req.body)),
    );
    app.get(
      ADMIN_PAYMENT_PATHS.channels,
      { ...manage, schema: { tags, response: { 200: envelopeOf(adminChannelsResponse) } } },
      async () => ok(await admin.channels()),
    );
    app.post(
      ADMIN_PAYMENT_PATHS.channel,
      { ...manage, schema: { tags, body: adminChannelRequest, response: { 200: envelopeOf(adminChannelsResponse) } } },
      async (req) => ok(await admin.setChannel(actorOf(req), req.body)),
    );
    app.get(
      ADMIN_PAYMENT_PATHS.deposits,
      {
        ...manage,
        schema: { tags, querystring: adminDepositsQuery, response: { 200: envelopeOf(adminDepositsResponse) } },
      },
      async (req) => ok(await admin.deposits(req.query)),
    );
  };
}
