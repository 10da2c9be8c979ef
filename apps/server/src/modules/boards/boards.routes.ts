import { BOARDS_PATHS, boardView, kingQuery, kingView, pkPowerView, royalQuery } from '@kaixiang/shared/boards';
import { ok } from '@kaixiang/shared/envelope';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '../../http/envelope-schema.ts';
import { requestLocale } from '../../http/locale.ts';
import { bearerToken } from '../accounts/authenticate.ts';
import type { BoardsService } from './boards.service.ts';

/** promotion/v1/boards/*: open to anyone; with a token the caller's own standing is filled in. */
export function boardsRoutes(
  boards: BoardsService,
  authenticate: (req: FastifyRequest) => Promise<void>,
): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['boards'];
    const optionalAuth = {
      preHandler: async (req: FastifyRequest) => {
        if (bearerToken(req)) await authenticate(req);
      },
    };
    app.get(
      BOARDS_PATHS.royal,
      { ...optionalAuth, schema: { tags, querystring: royalQuery, response: { 200: envelopeOf(boardView) } } },
      async (req) => ok(await boards.royal(req.query, req.auth?.userId ?? null)),
    );
    app.get(
      BOARDS_PATHS.king,
      { ...optionalAuth, schema: { tags, querystring: kingQuery, response: { 200: envelopeOf(kingView) } } },
      async (req) => ok(await boards.king(req.query.back, req.auth?.userId ?? null, requestLocale(req))),
    );
    app.get(
      BOARDS_PATHS.pkPower,
      { ...optionalAuth, schema: { tags, response: { 200: envelopeOf(pkPowerView) } } },
      async (req) => ok(await boards.pkPower(req.auth?.userId ?? null, requestLocale(req))),
    );
  };
}
