import {
  ADMIN_BOX_PATHS,
  adminBoxCreateInput,
  adminBoxDetail,
  adminBoxDetailQuery,
  adminBoxDetailsInput,
  adminBoxEvaluation,
  adminBoxListResponse,
  adminBoxPreviewInput,
  adminBoxPublishInput,
  adminBoxSaveInput,
  adminRtpBounds,
  adminRtpBoundsInput,
} from '@kaixiang/shared/admin-boxes';
import { ok } from '@kaixiang/shared/envelope';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '../../../http/envelope-schema.ts';
import { requestLocale } from '../../../http/locale.ts';
import { actorOf, requirePermission } from '../admin-access.ts';
import type { BoxesAdmin } from './boxes-admin.service.ts';

/** admin/v1/boxes/*: `catalogue.manage`; schema in, schema out, call the service (STYLE.md §1). */
export function boxesAdminRoutes(
  admin: BoxesAdmin,
  authenticate: (req: FastifyRequest) => Promise<void>,
): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['admin'];
    const gate = { preValidation: requirePermission(authenticate, 'catalogue.manage') };
    const detail = { 200: envelopeOf(adminBoxDetail) };
    app.get(
      ADMIN_BOX_PATHS.list,
      { ...gate, schema: { tags, response: { 200: envelopeOf(adminBoxListResponse) } } },
      async () => ok(await admin.list()),
    );
    app.get(
      ADMIN_BOX_PATHS.detail,
      { ...gate, schema: { tags, querystring: adminBoxDetailQuery, response: detail } },
      async (req) => ok(await admin.detail(req.query.box_id, requestLocale(req))),
    );
    app.post(
      ADMIN_BOX_PATHS.preview,
      {
        ...gate,
        schema: { tags, body: adminBoxPreviewInput, response: { 200: envelopeOf(adminBoxEvaluation) } },
      },
      async (req) => ok(await admin.preview(req.body, requestLocale(req))),
    );
    app.post(
      ADMIN_BOX_PATHS.saveVersion,
      { ...gate, schema: { tags, body: adminBoxSaveInput, response: detail } },
      async (req) => ok(await admin.saveVersion(actorOf(req), req.body, requestLocale(req))),
    );
    app.post(
      ADMIN_BOX_PATHS.create,
      { ...gate, schema: { tags, body: adminBoxCreateInput, response: detail } },
      async (req) => ok(await admin.create(actorOf(req), req.body, requestLocale(req))),
    );
    app.post(
      ADMIN_BOX_PATHS.updateDetails,
      { ...gate, schema: { tags, body: adminBoxDetailsInput, response: detail } },
      async (req) => ok(await admin.updateDetails(actorOf(req), req.body, requestLocale(req))),
    );
    app.post(
      ADMIN_BOX_PATHS.publish,
      { ...gate, schema: { tags, body: adminBoxPublishInput, response: detail } },
      async (req) => ok(await admin.publish(actorOf(req), req.body, requestLocale(req))),
    );
    app.get(
      ADMIN_BOX_PATHS.rtpBounds,
      { ...gate, schema: { tags, response: { 200: envelopeOf(adminRtpBounds) } } },
      async () => ok(await admin.rtpBounds()),
    );
    app.post(
      ADMIN_BOX_PATHS.setRtpBounds,
      { ...gate, schema: { tags, body: adminRtpBoundsInput, response: { 200: envelopeOf(adminRtpBounds) } } },
      async (req) => ok(await admin.setRtpBounds(actorOf(req), req.body)),
    );
  };
}
