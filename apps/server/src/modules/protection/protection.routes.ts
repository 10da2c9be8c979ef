import { ok } from '@kaixiang/shared/envelope';
import {
  coolOffRequest,
  limitsRequest,
  PROTECTION_API,
  protectionView,
  realityCheckRequest,
  selfExcludeRequest,
} from '@kaixiang/shared/protection';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf } from '../../http/envelope-schema.ts';
import { authOf } from '../accounts/authenticate.ts';
import type { ProtectionService } from './protection.service.ts';

/** usercenter/v1/user/protection*: schema in, schema out, call the service (STYLE.md §1). */
export function protectionRoutes(
  protection: ProtectionService,
  authenticate: (req: FastifyRequest) => Promise<void>,
): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['user centre'];
    const auth = { preHandler: authenticate };
    const response = { 200: envelopeOf(protectionView) };
    app.get(PROTECTION_API.view, { ...auth, schema: { tags, response } }, async (req) =>
      ok(await protection.view(authOf(req).userId)),
    );
    app.post(PROTECTION_API.limits, { ...auth, schema: { tags, body: limitsRequest, response } }, async (req) =>
      ok(await protection.setLimits(authOf(req).userId, req.body)),
    );
    app.post(
      PROTECTION_API.realityCheck,
      { ...auth, schema: { tags, body: realityCheckRequest, response } },
      async (req) => ok(await protection.setRealityCheck(authOf(req).userId, req.body)),
    );
    app.post(
      PROTECTION_API.realityAck,
      { ...auth, schema: { tags, body: z.object({}).optional(), response } },
      async (req) => ok(await protection.ackRealityCheck(authOf(req).userId)),
    );
    app.post(PROTECTION_API.coolOff, { ...auth, schema: { tags, body: coolOffRequest, response } }, async (req) =>
      ok(await protection.coolOff(authOf(req).userId, req.body)),
    );
    app.post(
      PROTECTION_API.selfExclude,
      { ...auth, schema: { tags, body: selfExcludeRequest, response } },
      async (req) => ok(await protection.selfExclude(authOf(req).userId, req.body)),
    );
  };
}
