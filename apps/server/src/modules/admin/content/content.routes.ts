import {
  ADMIN_CONTENT_PATHS,
  bannerInput,
  bannerListResponse,
  banner as bannerSchema,
  bannerUpdate,
  contentDeleteRequest,
  contentDeleteResponse,
  helpListResponse,
  helpOverride,
  helpRevertRequest,
  helpRevertResponse,
  helpSaveRequest,
  navEntry,
  navInput,
  navListResponse,
  navUpdate,
  notice,
  noticeInput,
  noticeListResponse,
  noticeUpdate,
} from '@kaixiang/shared/admin-content';
import { ok } from '@kaixiang/shared/envelope';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '../../../http/envelope-schema.ts';
import { actorOf, requirePermission } from '../admin-access.ts';
import type { ContentAdmin } from './content.service.ts';

/** admin/v1/content/* (docs/console/content.md): every call asks content.manage. */
export function contentAdminRoutes(
  admin: ContentAdmin,
  authenticate: (req: FastifyRequest) => Promise<void>,
): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['admin'];
    const manage = { preValidation: requirePermission(authenticate, 'content.manage') };
    const P = ADMIN_CONTENT_PATHS;
    const deleted = { 200: envelopeOf(contentDeleteResponse) };

    app.get(P.notices, { ...manage, schema: { tags, response: { 200: envelopeOf(noticeListResponse) } } }, async () =>
      ok(await admin.notices()),
    );
    app.post(
      P.noticeCreate,
      { ...manage, schema: { tags, body: noticeInput, response: { 200: envelopeOf(notice) } } },
      async (req) => ok(await admin.createNotice(actorOf(req), req.body)),
    );
    app.post(
      P.noticeUpdate,
      { ...manage, schema: { tags, body: noticeUpdate, response: { 200: envelopeOf(notice) } } },
      async (req) => ok(await admin.updateNotice(actorOf(req), req.body.id, req.body)),
    );
    app.post(
      P.noticeDelete,
      { ...manage, schema: { tags, body: contentDeleteRequest, response: deleted } },
      async (req) => ok(await admin.deleteNotice(actorOf(req), req.body.id)),
    );

    app.get(P.banners, { ...manage, schema: { tags, response: { 200: envelopeOf(bannerListResponse) } } }, async () =>
      ok(await admin.banners()),
    );
    app.post(
      P.bannerCreate,
      { ...manage, schema: { tags, body: bannerInput, response: { 200: envelopeOf(bannerSchema) } } },
      async (req) => ok(await admin.createBanner(actorOf(req), req.body)),
    );
    app.post(
      P.bannerUpdate,
      { ...manage, schema: { tags, body: bannerUpdate, response: { 200: envelopeOf(bannerSchema) } } },
      async (req) => ok(await admin.updateBanner(actorOf(req), req.body.id, req.body)),
    );
    app.post(
      P.bannerDelete,
      { ...manage, schema: { tags, body: contentDeleteRequest, response: deleted } },
      async (req) => ok(await admin.deleteBanner(actorOf(req), req.body.id)),
    );

    app.get(P.nav, { ...manage, schema: { tags, response: { 200: envelopeOf(navListResponse) } } }, async () =>
      ok(await admin.nav()),
    );
    app.post(
      P.navCreate,
      { ...manage, schema: { tags, body: navInput, response: { 200: envelopeOf(navEntry) } } },
      async (req) => ok(await admin.createNav(actorOf(req), req.body)),
    );
    app.post(
      P.navUpdate,
      { ...manage, schema: { tags, body: navUpdate, response: { 200: envelopeOf(navEntry) } } },
      async (req) => ok(await admin.updateNav(actorOf(req), req.body.id, req.body)),
    );
    app.post(P.navDelete, { ...manage, schema: { tags, body: contentDeleteRequest, response: deleted } }, async (req) =>
      ok(await admin.deleteNav(actorOf(req), req.body.id)),
    );

    app.get(P.help, { ...manage, schema: { tags, response: { 200: envelopeOf(helpListResponse) } } }, async () =>
      ok(await admin.help()),
    );
    app.post(
      P.helpSave,
      { ...manage, schema: { tags, body: helpSaveRequest, response: { 200: envelopeOf(helpOverride) } } },
      async (req) => ok(await admin.saveHelp(actorOf(req), req.body)),
    );
    app.post(
      P.helpRevert,
      { ...manage, schema: { tags, body: helpRevertRequest, response: { 200: envelopeOf(helpRevertResponse) } } },
      async (req) => ok(await admin.revertHelp(actorOf(req), req.body)),
    );
  };
}
