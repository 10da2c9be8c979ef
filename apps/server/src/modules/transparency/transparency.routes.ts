import { ok } from '@kaixiang/shared/envelope';
import { RTP_WINDOW_DAYS, rtpResponse, TRANSPARENCY_PATHS } from '@kaixiang/shared/transparency';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '../../http/envelope-schema.ts';
import { requestLocale } from '../../http/locale.ts';
import type { TransparencyService } from './transparency.service.ts';

/** Schema in, schema out, call the service (STYLE.md §1). Public: no login, no player data. */
export function transparencyRoutes(service: TransparencyService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      TRANSPARENCY_PATHS.rtp,
      {
        schema: {
          tags: ['site'],
          summary: `Realised RTP per box and game over the last ${RTP_WINDOW_DAYS} days, refreshed daily`,
          response: { 200: envelopeOf(rtpResponse) },
        },
      },
      async (req) => ok(await service.rtp(requestLocale(req))),
    );
  };
}
