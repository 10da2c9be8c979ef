import { Readable } from 'node:stream';
import { historyExportFileName, historyExportQuery, PROTECTION_PATHS } from '@kaixiang/shared/protection';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { requestLocale } from '../../http/locale.ts';
import type { Clock } from '../../infra/clock.ts';
import { authOf } from '../accounts/authenticate.ts';
import { historyCsv } from './history-export.ts';

/**
 * usercenter/v1/user/history-export: the player's own history as a CSV download (issue 24 §2,
 * docs/player-protection.md). The answer is a stream, not an envelope; refusals before it starts
 * (no login, a bad kind) are the usual envelope.
 */
export function historyExportRoutes(
  deps: { db: Db; clock: Clock },
  authenticate: (req: FastifyRequest) => Promise<void>,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      PROTECTION_PATHS.historyExport,
      {
        preHandler: authenticate,
        // Out of the OpenAPI document, like the other /api answer that is no envelope (the Steam
        // callback): the API fuzz (http/api.fuzz.int.test.ts) holds every documented operation to
        // the JSON envelope, and a CSV is not one. history-export.int.test.ts covers the refusals.
        schema: { tags: ['user centre'], hide: true, querystring: historyExportQuery },
      },
      async (req, reply) => {
        const { kind } = req.query;
        const file = historyExportFileName(kind, deps.clock.now());
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${file}"`)
          // A player's money history: no shared cache may keep it.
          .header('cache-control', 'private, no-store');
        return reply.send(Readable.from(historyCsv(deps.db, authOf(req).userId, kind, requestLocale(req))));
      },
    );
  };
}
