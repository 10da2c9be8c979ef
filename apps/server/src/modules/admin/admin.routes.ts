import {
  ADMIN_PATHS,
  adminMeResponse,
  auditLogQuery,
  auditLogResponse,
  totpCodeRequest,
  totpEnableResponse,
  totpSetupResponse,
  totpVerifyResponse,
} from '@kaixiang/shared/admin';
import { ok } from '@kaixiang/shared/envelope';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { envelopeOf } from '../../http/envelope-schema.ts';
import { authOf } from '../accounts/authenticate.ts';
import { requirePermission } from './admin-access.ts';
import { auditPage } from './audit.ts';
import type { ConsoleAuth, ConsoleCaller } from './console-auth.ts';

/**
 * admin/v1 calls of the admin API itself: the audit log, who the signed-in staff member is
 * (their role and its permissions, for the console to offer what they may do; the server checks
 * each route regardless), and the console's sign-in with the second factor (console-auth.ts),
 * which needs a staff account but not yet a console session. Each feature adds its own admin routes.
 */
export function adminRoutes(
  db: Db,
  authenticate: (req: FastifyRequest) => Promise<void>,
  consoleAuth: ConsoleAuth,
): FastifyPluginAsyncZod {
  const caller = (req: FastifyRequest): ConsoleCaller => {
    const { userId, sessionId } = authOf(req);
    return { userId, sessionId, ip: req.ip };
  };
  const signedIn = { preValidation: authenticate };
  return async (app) => {
    app.get(
      ADMIN_PATHS.auditLog,
      {
        preValidation: requirePermission(authenticate, 'audit.read'),
        schema: { tags: ['admin'], querystring: auditLogQuery, response: { 200: envelopeOf(auditLogResponse) } },
      },
      async (req) => ok(await auditPage(db, req.query)),
    );
    app.get(
      ADMIN_PATHS.me,
      { ...signedIn, schema: { tags: ['admin'], response: { 200: envelopeOf(adminMeResponse) } } },
      async (req) => ok(await consoleAuth.me(caller(req))),
    );
    app.post(
      ADMIN_PATHS.totpSetup,
      { ...signedIn, schema: { tags: ['admin'], response: { 200: envelopeOf(totpSetupResponse) } } },
      async (req) => ok(await consoleAuth.setup(caller(req))),
    );
    app.post(
      ADMIN_PATHS.totpEnable,
      {
        ...signedIn,
        schema: { tags: ['admin'], body: totpCodeRequest, response: { 200: envelopeOf(totpEnableResponse) } },
      },
      async (req) => ok(await consoleAuth.enable(caller(req), req.body.code)),
    );
    app.post(
      ADMIN_PATHS.totpVerify,
      {
        ...signedIn,
        schema: { tags: ['admin'], body: totpCodeRequest, response: { 200: envelopeOf(totpVerifyResponse) } },
      },
      async (req) => ok(await consoleAuth.verify(caller(req), req.body.code)),
    );
    app.post(
      ADMIN_PATHS.signOut,
      { ...signedIn, schema: { tags: ['admin'], response: { 200: envelopeOf(z.null()) } } },
      async (req) => {
        await consoleAuth.signOut(caller(req));
        return ok(null);
      },
    );
  };
}
