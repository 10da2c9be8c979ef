import { HELP_OVERRIDES_PATH, helpOverridesResponse } from '@kaixiang/shared/admin-content';
import { ok } from '@kaixiang/shared/envelope';
import {
  activitiesResponse,
  bannersResponse,
  bgmResponse,
  groupInfoResponse,
  hostInfoResponse,
  messagesResponse,
  navResponse,
  rewardHistoryQuery,
  rewardHistoryResponse,
  SITE_PATHS,
  serverTimeResponse,
  statisticsResponse,
} from '@kaixiang/shared/site';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf } from '../../http/envelope-schema.ts';
import { requestLocale } from '../../http/locale.ts';
import type { SiteService } from './site.service.ts';

const typeQuery = z.object({ type: z.coerce.number().int().min(0).max(99).default(1) });

/** Schema in, schema out, call the service (STYLE.md §1). */
export function siteRoutes(site: SiteService): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['site'];
    app.get(
      SITE_PATHS.nav,
      { schema: { tags, querystring: typeQuery, response: { 200: envelopeOf(navResponse) } } },
      async (req) => ok({ nav_infos: await site.nav(requestLocale(req)) }),
    );
    app.get(SITE_PATHS.messages, { schema: { tags, response: { 200: envelopeOf(messagesResponse) } } }, async (req) =>
      ok({ messages: await site.messages(requestLocale(req)) }),
    );
    app.get(
      SITE_PATHS.bgm,
      { schema: { tags, querystring: typeQuery, response: { 200: envelopeOf(bgmResponse) } } },
      async (req) => ok({ bgm_list_info: await site.bgm(req.query.type) }),
    );
    app.get(
      SITE_PATHS.rewardHistory,
      { schema: { tags, querystring: rewardHistoryQuery, response: { 200: envelopeOf(rewardHistoryResponse) } } },
      async (req) => ok({ infos: await site.rewardHistory(req.query.reward_type, requestLocale(req)) }),
    );
    app.get(SITE_PATHS.groupInfo, { schema: { tags, response: { 200: envelopeOf(groupInfoResponse) } } }, async () =>
      ok(await site.groupInfo()),
    );
    app.get(SITE_PATHS.hostInfo, { schema: { tags, response: { 200: envelopeOf(hostInfoResponse) } } }, async (req) =>
      ok(await site.hostInfo(req.hostname.split(':')[0] ?? '')),
    );
    app.get(SITE_PATHS.statistics, { schema: { tags, response: { 200: envelopeOf(statisticsResponse) } } }, async () =>
      ok(await site.statistics()),
    );
    app.get(SITE_PATHS.banners, { schema: { tags, response: { 200: envelopeOf(bannersResponse) } } }, async (req) =>
      ok({ banners: await site.banners(requestLocale(req)) }),
    );
    app.get(
      HELP_OVERRIDES_PATH,
      { schema: { tags, response: { 200: envelopeOf(helpOverridesResponse) } } },
      async (req) => ok({ pages: await site.helpPages(requestLocale(req)) }),
    );
    app.get(SITE_PATHS.serverTime, { schema: { tags, response: { 200: envelopeOf(serverTimeResponse) } } }, async () =>
      ok({ now: site.serverTime() }),
    );
    app.get(
      SITE_PATHS.activities,
      { schema: { tags, response: { 200: envelopeOf(activitiesResponse) } } },
      async (req) => ok({ activities: await site.activities(requestLocale(req)) }),
    );
  };
}
